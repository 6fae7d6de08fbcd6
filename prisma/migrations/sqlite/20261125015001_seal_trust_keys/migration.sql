-- CreateTable
CREATE TABLE "TrustKey" (
    "slot" TEXT NOT NULL PRIMARY KEY,
    "certificatePem" TEXT NOT NULL,
    "encryptedKey" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
