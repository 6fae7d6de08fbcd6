-- The plan moves from the user to the workspace (docs/teams.md).
-- The personal-workspace triggers on "User" name "Workspace": SQLite checks them when a table is renamed, so they
-- go first and are made again once both tables are rebuilt.
DROP TRIGGER "User_personal_workspace";
DROP TRIGGER "User_personal_workspace_end";
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Workspace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL DEFAULT 'TEAM',
    "name" TEXT NOT NULL DEFAULT '',
    "plan" TEXT NOT NULL DEFAULT 'FREE',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- A personal workspace takes its user's plan; teams start on Free.
INSERT INTO "new_Workspace" ("createdAt", "id", "kind", "name", "plan") SELECT "w"."createdAt", "w"."id", "w"."kind", "w"."name", COALESCE((SELECT "u"."plan" FROM "User" "u" WHERE "u"."id" = "w"."id" AND "w"."kind" = 'PERSONAL'), 'FREE') FROM "Workspace" "w";
DROP TABLE "Workspace";
ALTER TABLE "new_Workspace" RENAME TO "Workspace";
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "givenName" TEXT,
    "familyName" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "role" TEXT NOT NULL DEFAULT 'USER',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "preferences" TEXT NOT NULL DEFAULT '{}'
);
INSERT INTO "new_User" ("createdAt", "email", "familyName", "givenName", "id", "locale", "name", "preferences", "role", "sessionVersion", "updatedAt") SELECT "createdAt", "email", "familyName", "givenName", "id", "locale", "name", "preferences", "role", "sessionVersion", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
-- The personal workspace's triggers, as migration …_workspaces made them.
CREATE TRIGGER "User_personal_workspace" AFTER INSERT ON "User" FOR EACH ROW
BEGIN
    INSERT INTO "Workspace" ("id", "kind", "name", "createdAt") VALUES (NEW."id", 'PERSONAL', '', NEW."createdAt");
    INSERT INTO "Membership" ("workspaceId", "userId", "role", "createdAt") VALUES (NEW."id", NEW."id", 'OWNER', NEW."createdAt");
END;
CREATE TRIGGER "User_personal_workspace_end" AFTER DELETE ON "User" FOR EACH ROW
BEGIN
    DELETE FROM "Workspace" WHERE "id" = OLD."id" AND "kind" = 'PERSONAL';
END;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
