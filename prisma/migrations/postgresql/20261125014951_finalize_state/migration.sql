-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "certificateBlob" TEXT,
ADD COLUMN     "certificateSha256" TEXT,
ADD COLUMN     "finalizeError" TEXT,
ADD COLUMN     "ownerCompletionMailedAt" TIMESTAMP(3),
ADD COLUMN     "sealLevel" TEXT,
ADD COLUMN     "sealTimestampAt" TIMESTAMP(3),
ADD COLUMN     "sealedAt" TIMESTAMP(3),
ADD COLUMN     "sealedPurgedAt" TIMESTAMP(3),
ADD COLUMN     "workingPurgedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "completionMailedAt" TIMESTAMP(3);
