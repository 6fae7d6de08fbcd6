-- CreateTable
CREATE TABLE "TrustKey" (
    "slot" TEXT NOT NULL,
    "certificatePem" TEXT NOT NULL,
    "encryptedKey" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrustKey_pkey" PRIMARY KEY ("slot")
);
