-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Signature" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fieldId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "image" TEXT NOT NULL,
    "appearance" TEXT NOT NULL DEFAULT '{}',
    "points" TEXT,
    "text" TEXT,
    "font" TEXT,
    "biometric" TEXT,
    "biometricSha256" TEXT,
    "recipientId" TEXT,
    "documentSha256" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Signature_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "Field" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Signature" ("biometric", "createdAt", "fieldId", "id", "image", "kind") SELECT "biometric", "createdAt", "fieldId", "id", "image", "kind" FROM "Signature";
DROP TABLE "Signature";
ALTER TABLE "new_Signature" RENAME TO "Signature";
CREATE UNIQUE INDEX "Signature_fieldId_key" ON "Signature"("fieldId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
