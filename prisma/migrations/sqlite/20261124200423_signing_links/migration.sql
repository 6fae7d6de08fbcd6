-- AlterTable
ALTER TABLE "Document" ADD COLUMN "nextReminderAt" DATETIME;

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN "invitedAt" DATETIME;

-- CreateTable
CREATE TABLE "SigningLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipientId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME,
    "revokedReason" TEXT,
    CONSTRAINT "SigningLink_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "SigningLink_tokenHash_key" ON "SigningLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SigningLink_recipientId_idx" ON "SigningLink"("recipientId");
