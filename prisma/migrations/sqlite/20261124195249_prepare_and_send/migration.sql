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
    "cancelledAt" DATETIME,
    "cancelReason" TEXT,
    "pageSizes" TEXT,
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
    CONSTRAINT "Document_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("completedAt", "createdAt", "currentBlob", "currentSha256", "id", "mode", "name", "originalBlob", "originalSha256", "ownerId", "pageCount", "purgeAt", "sealedBlob", "sealedSha256", "status", "token", "updatedAt") SELECT "completedAt", "createdAt", "currentBlob", "currentSha256", "id", "mode", "name", "originalBlob", "originalSha256", "ownerId", "pageCount", "purgeAt", "sealedBlob", "sealedSha256", "status", "token", "updatedAt" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE UNIQUE INDEX "Document_token_key" ON "Document"("token");
CREATE INDEX "Document_ownerId_createdAt_idx" ON "Document"("ownerId", "createdAt");
CREATE INDEX "Document_status_idx" ON "Document"("status");
CREATE INDEX "Document_purgeAt_idx" ON "Document"("purgeAt");
CREATE TABLE "new_Recipient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "documentId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'SIGNER',
    "order" INTEGER NOT NULL DEFAULT 1,
    "tokenHash" TEXT,
    "status" TEXT NOT NULL DEFAULT 'NOT_SENT',
    "auth" TEXT NOT NULL DEFAULT 'NONE',
    "declineReason" TEXT,
    "declinedAt" DATETIME,
    "mailError" TEXT,
    "remindedAt" DATETIME,
    "sentAt" DATETIME,
    "openedAt" DATETIME,
    "signedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Recipient_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Recipient" ("createdAt", "declineReason", "documentId", "email", "id", "name", "openedAt", "order", "role", "sentAt", "signedAt", "status", "tokenHash", "updatedAt") SELECT "createdAt", "declineReason", "documentId", "email", "id", "name", "openedAt", "order", "role", "sentAt", "signedAt", "status", "tokenHash", "updatedAt" FROM "Recipient";
DROP TABLE "Recipient";
ALTER TABLE "new_Recipient" RENAME TO "Recipient";
CREATE UNIQUE INDEX "Recipient_tokenHash_key" ON "Recipient"("tokenHash");
CREATE INDEX "Recipient_documentId_order_idx" ON "Recipient"("documentId", "order");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
