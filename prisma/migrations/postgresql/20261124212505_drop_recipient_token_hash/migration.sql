-- DropIndex
DROP INDEX "Recipient_tokenHash_key";

-- AlterTable
ALTER TABLE "Recipient" DROP COLUMN "tokenHash";
