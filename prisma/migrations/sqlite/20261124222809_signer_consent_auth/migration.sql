-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN "authAt" DATETIME;
ALTER TABLE "Recipient" ADD COLUMN "authName" TEXT;
ALTER TABLE "Recipient" ADD COLUMN "authSubject" TEXT;
ALTER TABLE "Recipient" ADD COLUMN "consentAt" DATETIME;
ALTER TABLE "Recipient" ADD COLUMN "consentIp" TEXT;
ALTER TABLE "Recipient" ADD COLUMN "consentUserAgent" TEXT;

-- CreateTable
CREATE TABLE "SignerOtp" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipientId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SignerOtp_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SignerOtp_recipientId_createdAt_idx" ON "SignerOtp"("recipientId", "createdAt");
