-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Recipient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "documentId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'SIGNER',
    "order" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'NOT_SENT',
    "auth" TEXT NOT NULL DEFAULT 'NONE',
    "declineReason" TEXT,
    "declinedAt" DATETIME,
    "mailError" TEXT,
    "remindedAt" DATETIME,
    "invitedAt" DATETIME,
    "sentAt" DATETIME,
    "openedAt" DATETIME,
    "signedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Recipient_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Recipient" ("auth", "createdAt", "declineReason", "declinedAt", "documentId", "email", "id", "invitedAt", "mailError", "name", "openedAt", "order", "remindedAt", "role", "sentAt", "signedAt", "status", "updatedAt") SELECT "auth", "createdAt", "declineReason", "declinedAt", "documentId", "email", "id", "invitedAt", "mailError", "name", "openedAt", "order", "remindedAt", "role", "sentAt", "signedAt", "status", "updatedAt" FROM "Recipient";
DROP TABLE "Recipient";
ALTER TABLE "new_Recipient" RENAME TO "Recipient";
CREATE INDEX "Recipient_documentId_order_idx" ON "Recipient"("documentId", "order");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
