-- CreateEnum
CREATE TYPE "SigningOrder" AS ENUM ('SEQUENTIAL', 'PARALLEL');

-- CreateEnum
CREATE TYPE "RecipientAuth" AS ENUM ('NONE', 'EMAIL_OTP', 'OIDC');

-- AlterEnum
ALTER TYPE "DocumentStatus" ADD VALUE 'SEALING_FAILED';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "FieldType" ADD VALUE 'NUMBER';
ALTER TYPE "FieldType" ADD VALUE 'RADIO';
ALTER TYPE "FieldType" ADD VALUE 'DROPDOWN';
ALTER TYPE "FieldType" ADD VALUE 'ATTACHMENT';

-- AlterTable
ALTER TABLE "Document" DROP COLUMN "deadline",
ADD COLUMN     "cancelReason" TEXT,
ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "locale" TEXT,
ADD COLUMN     "message" TEXT,
ADD COLUMN     "pageSizes" TEXT,
ADD COLUMN     "reminderDays" INTEGER,
ADD COLUMN     "sentAt" TIMESTAMP(3),
ADD COLUMN     "signingOrder" "SigningOrder" NOT NULL DEFAULT 'SEQUENTIAL';

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "auth" "RecipientAuth" NOT NULL DEFAULT 'NONE',
ADD COLUMN     "declinedAt" TIMESTAMP(3),
ADD COLUMN     "mailError" TEXT,
ADD COLUMN     "remindedAt" TIMESTAMP(3);
