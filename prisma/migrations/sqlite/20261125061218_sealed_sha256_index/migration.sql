-- CreateIndex
CREATE INDEX "Document_sealedSha256_idx" ON "Document"("sealedSha256");
