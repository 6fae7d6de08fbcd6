-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "auditCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "auditHead" TEXT;

-- Existing chains: the head is each document's newest event (the order the trail is read in).
UPDATE "Document" SET
  "auditHead" = (SELECT "hash" FROM "AuditEvent" WHERE "AuditEvent"."documentId" = "Document"."id" ORDER BY "at" DESC, "id" DESC LIMIT 1),
  "auditCount" = (SELECT COUNT(*) FROM "AuditEvent" WHERE "AuditEvent"."documentId" = "Document"."id");
