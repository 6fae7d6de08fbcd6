-- CreateTable
CREATE TABLE "DeletedUpload" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "uploadedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeletedUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeletedUpload_ownerId_uploadedAt_idx" ON "DeletedUpload"("ownerId", "uploadedAt");

-- CreateIndex
CREATE INDEX "Document_status_purgeAt_idx" ON "Document"("status", "purgeAt");

-- AddForeignKey
ALTER TABLE "DeletedUpload" ADD CONSTRAINT "DeletedUpload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
