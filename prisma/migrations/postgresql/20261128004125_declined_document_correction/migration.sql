-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "correctedFromId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Document_correctedFromId_key" ON "Document"("correctedFromId");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_correctedFromId_fkey" FOREIGN KEY ("correctedFromId") REFERENCES "Document"("id") ON DELETE SET NULL ON UPDATE CASCADE;
