-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "endsWithSessions" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN     "createdByKeyId" TEXT;

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
