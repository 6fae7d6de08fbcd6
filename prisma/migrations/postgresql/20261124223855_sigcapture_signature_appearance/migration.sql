-- AlterTable
ALTER TABLE "Signature" ADD COLUMN     "appearance" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "biometricSha256" TEXT,
ADD COLUMN     "documentSha256" TEXT,
ADD COLUMN     "font" TEXT,
ADD COLUMN     "points" TEXT,
ADD COLUMN     "recipientId" TEXT,
ADD COLUMN     "text" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
