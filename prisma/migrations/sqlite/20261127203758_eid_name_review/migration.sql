-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN "authNameAcceptedAt" DATETIME;
ALTER TABLE "Recipient" ADD COLUMN "authNameMismatchAt" DATETIME;
