-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "authNameAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "authNameMismatchAt" TIMESTAMP(3);
