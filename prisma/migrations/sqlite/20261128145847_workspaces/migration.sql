-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL DEFAULT 'TEAM',
    "name" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Membership" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'MEMBER',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("workspaceId", "userId"),
    CONSTRAINT "Membership_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Every user has a personal workspace with the user's own id, owned by the user: made here for the users there
-- are, and by the triggers below for every user made from now on (sign-in, the admin command, seeds, tests), so
-- no way of creating a user can leave one without it.
INSERT INTO "Workspace" ("id", "kind", "name", "createdAt") SELECT "id", 'PERSONAL', '', "createdAt" FROM "User";
INSERT INTO "Membership" ("workspaceId", "userId", "role", "createdAt") SELECT "id", "id", 'OWNER', "createdAt" FROM "User";
CREATE TRIGGER "User_personal_workspace" AFTER INSERT ON "User" FOR EACH ROW
BEGIN
    INSERT INTO "Workspace" ("id", "kind", "name", "createdAt") VALUES (NEW."id", 'PERSONAL', '', NEW."createdAt");
    INSERT INTO "Membership" ("workspaceId", "userId", "role", "createdAt") VALUES (NEW."id", NEW."id", 'OWNER', NEW."createdAt");
END;
-- And it goes with the user, with everything in it.
CREATE TRIGGER "User_personal_workspace_end" AFTER DELETE ON "User" FOR EACH ROW
BEGIN
    DELETE FROM "Workspace" WHERE "id" = OLD."id" AND "kind" = 'PERSONAL';
END;

-- Documents, keys, webhooks and deleted uploads move into their owner's personal workspace.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DeletedUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "uploadedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeletedUpload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeletedUpload_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DeletedUpload" ("deletedAt", "id", "ownerId", "uploadedAt", "workspaceId") SELECT "deletedAt", "id", "ownerId", "uploadedAt", "ownerId" FROM "DeletedUpload";
DROP TABLE "DeletedUpload";
ALTER TABLE "new_DeletedUpload" RENAME TO "DeletedUpload";
CREATE INDEX "DeletedUpload_ownerId_uploadedAt_idx" ON "DeletedUpload"("ownerId", "uploadedAt");
CREATE INDEX "DeletedUpload_workspaceId_uploadedAt_idx" ON "DeletedUpload"("workspaceId", "uploadedAt");
CREATE TABLE "new_Document" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
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
    CONSTRAINT "Document_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Document_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("auditCount", "auditHead", "cancelReason", "cancelledAt", "certificateBlob", "certificateSha256", "completedAt", "correctedFromId", "createdAt", "currentBlob", "currentSha256", "expiresAt", "finalizeError", "id", "locale", "message", "mode", "name", "nextReminderAt", "originalBlob", "originalSha256", "ownerCompletionMailedAt", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealLevel", "sealTimestampAt", "sealedAt", "sealedBlob", "sealedPurgedAt", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt", "workingPurgedAt", "workspaceId") SELECT "auditCount", "auditHead", "cancelReason", "cancelledAt", "certificateBlob", "certificateSha256", "completedAt", "correctedFromId", "createdAt", "currentBlob", "currentSha256", "expiresAt", "finalizeError", "id", "locale", "message", "mode", "name", "nextReminderAt", "originalBlob", "originalSha256", "ownerCompletionMailedAt", "ownerId", "pageCount", "pageSizes", "purgeAt", "reminderDays", "sealLevel", "sealTimestampAt", "sealedAt", "sealedBlob", "sealedPurgedAt", "sealedSha256", "sentAt", "signingOrder", "status", "token", "updatedAt", "workingPurgedAt", "ownerId" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE UNIQUE INDEX "Document_token_key" ON "Document"("token");
CREATE UNIQUE INDEX "Document_correctedFromId_key" ON "Document"("correctedFromId");
CREATE INDEX "Document_ownerId_createdAt_idx" ON "Document"("ownerId", "createdAt");
CREATE INDEX "Document_workspaceId_createdAt_idx" ON "Document"("workspaceId", "createdAt");
CREATE INDEX "Document_status_idx" ON "Document"("status");
CREATE INDEX "Document_purgeAt_idx" ON "Document"("purgeAt");
CREATE INDEX "Document_status_purgeAt_idx" ON "Document"("status", "purgeAt");
CREATE INDEX "Document_sealedSha256_idx" ON "Document"("sealedSha256");
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '',
    "endsWithSessions" BOOLEAN NOT NULL DEFAULT false,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ApiKey_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ApiKey" ("createdAt", "endsWithSessions", "hash", "id", "lastUsedAt", "name", "ownerId", "prefix", "revokedAt", "scopes", "updatedAt", "workspaceId") SELECT "createdAt", "endsWithSessions", "hash", "id", "lastUsedAt", "name", "ownerId", "prefix", "revokedAt", "scopes", "updatedAt", "ownerId" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");
CREATE INDEX "ApiKey_ownerId_idx" ON "ApiKey"("ownerId");
CREATE INDEX "ApiKey_workspaceId_idx" ON "ApiKey"("workspaceId");
CREATE INDEX "ApiKey_prefix_idx" ON "ApiKey"("prefix");
CREATE TABLE "new_Webhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "encryptedSecret" BLOB NOT NULL,
    "events" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "createdByKeyId" TEXT,
    CONSTRAINT "Webhook_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Webhook_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Webhook_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "ApiKey" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Webhook" ("active", "createdAt", "createdByKeyId", "encryptedSecret", "events", "id", "ownerId", "updatedAt", "url", "workspaceId") SELECT "active", "createdAt", "createdByKeyId", "encryptedSecret", "events", "id", "ownerId", "updatedAt", "url", "ownerId" FROM "Webhook";
DROP TABLE "Webhook";
ALTER TABLE "new_Webhook" RENAME TO "Webhook";
CREATE INDEX "Webhook_ownerId_idx" ON "Webhook"("ownerId");
CREATE INDEX "Webhook_workspaceId_idx" ON "Webhook"("workspaceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");
