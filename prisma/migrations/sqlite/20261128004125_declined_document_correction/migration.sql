-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "mode" TEXT NOT NULL DEFAULT 'EDIT',
    "expiresAt" DATETIME,
    "signingOrder" TEXT NOT NULL DEFAULT 'SEQUENTIAL',
    "message" TEXT,
    "reminderDays" INTEGER,
    "locale" TEXT,
    "sentAt" DATETIME,
    "nextReminderAt" DATETIME,
    "cancelledAt" DATETIME,
    "cancelReason" TEXT,
    "pageSizes" TEXT,
    "auditHead" TEXT,
    "auditCount" INTEGER NOT NULL DEFAULT 0,
    "originalBlob" TEXT NOT NULL,
    "originalSha256" TEXT NOT NULL,
    "currentBlob" TEXT,
    "currentSha256" TEXT,
    "sealedBlob" TEXT,
    "sealedSha256" TEXT,
    "pageCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    "purgeAt" DATETIME,
    "certificateBlob" TEXT,
    "certificateSha256" TEXT,
    "sealLevel" TEXT,
    "sealedAt" DATETIME,
    "sealTimestampAt" DATETIME,
    "finalizeError" TEXT,
    "workingPurgedAt" DATETIME,
    "sealedPurgedAt" DATETIME,
    "ownerCompletionMailedAt" DATETIME,
    "correctedFromId" TEXT,
    CONSTRAINT "Document_correctedFromId_fkey" FOREIGN KEY ("correctedFromId") REFERENCES "Document" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Document_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("auditCount", "auditHead", "cancelReason", "cancelledAt", "certificateBlob", "certificateSha256", "completedAt", "createdAt", "currentBlob", "currentSha256", "expiresAt", "finalizeError", "id", "locale", "message", "mode", "name", "nextReminderAt", "originalBlob", "originalSha256", "ownerCompletionMailedAt", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealLevel", "sealTimestampAt", "sealedAt", "sealedBlob", "sealedPurgedAt", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt", "workingPurgedAt") SELECT "auditCount", "auditHead", "cancelReason", "cancelledAt", "certificateBlob", "certificateSha256", "completedAt", "createdAt", "currentBlob", "currentSha256", "expiresAt", "finalizeError", "id", "locale", "message", "mode", "name", "nextReminderAt", "originalBlob", "originalSha256", "ownerCompletionMailedAt", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealLevel", "sealTimestampAt", "sealedAt", "sealedBlob", "sealedPurgedAt", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt", "workingPurgedAt" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE UNIQUE INDEX "Document_token_key" ON "Document"("token");
CREATE UNIQUE INDEX "Document_correctedFromId_key" ON "Document"("correctedFromId");
CREATE INDEX "Document_ownerId_createdAt_idx" ON "Document"("ownerId", "createdAt");
CREATE INDEX "Document_status_idx" ON "Document"("status");
CREATE INDEX "Document_purgeAt_idx" ON "Document"("purgeAt");
CREATE INDEX "Document_status_purgeAt_idx" ON "Document"("status", "purgeAt");
CREATE INDEX "Document_sealedSha256_idx" ON "Document"("sealedSha256");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
