-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "authAt" TIMESTAMP(3),
ADD COLUMN     "authName" TEXT,
ADD COLUMN     "authSubject" TEXT,
ADD COLUMN     "consentAt" TIMESTAMP(3),
ADD COLUMN     "consentIp" TEXT,
ADD COLUMN     "consentUserAgent" TEXT;

-- CreateTable
CREATE TABLE "SignerOtp" (
    "id" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignerOtp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignerOtp_recipientId_createdAt_idx" ON "SignerOtp"("recipientId", "createdAt");

-- AddForeignKey
ALTER TABLE "SignerOtp" ADD CONSTRAINT "SignerOtp_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
