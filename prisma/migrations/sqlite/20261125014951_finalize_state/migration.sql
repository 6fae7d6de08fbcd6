-- AlterTable
ALTER TABLE "Document" ADD COLUMN "certificateBlob" TEXT;
ALTER TABLE "Document" ADD COLUMN "certificateSha256" TEXT;
ALTER TABLE "Document" ADD COLUMN "finalizeError" TEXT;
ALTER TABLE "Document" ADD COLUMN "ownerCompletionMailedAt" DATETIME;
ALTER TABLE "Document" ADD COLUMN "sealLevel" TEXT;
ALTER TABLE "Document" ADD COLUMN "sealTimestampAt" DATETIME;
ALTER TABLE "Document" ADD COLUMN "sealedAt" DATETIME;
ALTER TABLE "Document" ADD COLUMN "sealedPurgedAt" DATETIME;
ALTER TABLE "Document" ADD COLUMN "workingPurgedAt" DATETIME;

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN "completionMailedAt" DATETIME;
