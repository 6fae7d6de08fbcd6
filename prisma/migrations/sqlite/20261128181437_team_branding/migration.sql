-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN "brandColor" TEXT;
ALTER TABLE "Workspace" ADD COLUMN "logoBlob" TEXT;
ALTER TABLE "Workspace" ADD COLUMN "logoId" TEXT;
ALTER TABLE "Workspace" ADD COLUMN "logoType" TEXT;
ALTER TABLE "Workspace" ADD COLUMN "senderName" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_logoId_key" ON "Workspace"("logoId");
