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
    CONSTRAINT "Document_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("cancelReason", "cancelledAt", "completedAt", "createdAt", "currentBlob", "currentSha256", "expiresAt", "id", "locale", "message", "mode", "name", "originalBlob", "originalSha256", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealedBlob", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt") SELECT "cancelReason", "cancelledAt", "completedAt", "createdAt", "currentBlob", "currentSha256", "expiresAt", "id", "locale", "message", "mode", "name", "originalBlob", "originalSha256", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealedBlob", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE UNIQUE INDEX "Document_token_key" ON "Document"("token");
CREATE INDEX "Document_ownerId_createdAt_idx" ON "Document"("ownerId", "createdAt");
CREATE INDEX "Document_status_idx" ON "Document"("status");
CREATE INDEX "Document_purgeAt_idx" ON "Document"("purgeAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Existing chains: the head is each document's newest event (the order the trail is read in).
UPDATE "Document" SET
  "auditHead" = (SELECT "hash" FROM "AuditEvent" WHERE "AuditEvent"."documentId" = "Document"."id" ORDER BY "at" DESC, "id" DESC LIMIT 1),
  "auditCount" = (SELECT COUNT(*) FROM "AuditEvent" WHERE "AuditEvent"."documentId" = "Document"."id");
