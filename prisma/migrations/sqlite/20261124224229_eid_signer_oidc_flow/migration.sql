-- CreateTable
CREATE TABLE "SignerOidcFlow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipientId" TEXT NOT NULL,
    "stateHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SignerOidcFlow_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "SignerOidcFlow_stateHash_key" ON "SignerOidcFlow"("stateHash");

-- CreateIndex
CREATE INDEX "SignerOidcFlow_recipientId_idx" ON "SignerOidcFlow"("recipientId");
