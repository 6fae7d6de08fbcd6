-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "brandColor" TEXT,
ADD COLUMN     "logoBlob" TEXT,
ADD COLUMN     "logoId" TEXT,
ADD COLUMN     "logoType" TEXT,
ADD COLUMN     "senderName" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_logoId_key" ON "Workspace"("logoId");
