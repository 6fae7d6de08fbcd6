-- CreateTable
CREATE TABLE "DeletedUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "uploadedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeletedUpload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "DeletedUpload_ownerId_uploadedAt_idx" ON "DeletedUpload"("ownerId", "uploadedAt");

-- CreateIndex
CREATE INDEX "Document_status_purgeAt_idx" ON "Document"("status", "purgeAt");
