-- CreateTable
CREATE TABLE "SignerOidcFlow" (
    "id" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "stateHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignerOidcFlow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SignerOidcFlow_stateHash_key" ON "SignerOidcFlow"("stateHash");

-- CreateIndex
CREATE INDEX "SignerOidcFlow_recipientId_idx" ON "SignerOidcFlow"("recipientId");

-- AddForeignKey
ALTER TABLE "SignerOidcFlow" ADD CONSTRAINT "SignerOidcFlow_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
