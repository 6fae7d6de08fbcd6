-- CreateEnum
CREATE TYPE "WorkspaceKind" AS ENUM ('PERSONAL', 'TEAM');

-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('OWNER', 'ADMIN', 'MEMBER');

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "kind" "WorkspaceKind" NOT NULL DEFAULT 'TEAM',
    "name" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL DEFAULT 'MEMBER',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("workspaceId","userId")
);

-- Every user has a personal workspace with the user's own id, owned by the user: made here for the users there
-- are, and by the triggers below for every user made from now on (sign-in, the admin command, seeds, tests), so
-- no way of creating a user can leave one without it.
INSERT INTO "Workspace" ("id", "kind", "name", "createdAt") SELECT "id", 'PERSONAL', '', "createdAt" FROM "User";
INSERT INTO "Membership" ("workspaceId", "userId", "role", "createdAt") SELECT "id", "id", 'OWNER', "createdAt" FROM "User";
CREATE FUNCTION "signet_personal_workspace"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO "Workspace" ("id", "kind", "name", "createdAt") VALUES (NEW."id", 'PERSONAL', '', NEW."createdAt");
    INSERT INTO "Membership" ("workspaceId", "userId", "role", "createdAt") VALUES (NEW."id", NEW."id", 'OWNER', NEW."createdAt");
    RETURN NEW;
END
$$;
CREATE TRIGGER "User_personal_workspace" AFTER INSERT ON "User" FOR EACH ROW EXECUTE FUNCTION "signet_personal_workspace"();
-- And it goes with the user, with everything in it.
CREATE FUNCTION "signet_personal_workspace_end"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM "Workspace" WHERE "id" = OLD."id" AND "kind" = 'PERSONAL';
    RETURN OLD;
END
$$;
CREATE TRIGGER "User_personal_workspace_end" AFTER DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "signet_personal_workspace_end"();

-- Documents, keys, webhooks and deleted uploads move into their owner's personal workspace.
ALTER TABLE "DeletedUpload" ADD COLUMN "workspaceId" TEXT;
UPDATE "DeletedUpload" SET "workspaceId" = "ownerId";
ALTER TABLE "DeletedUpload" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "Document" ADD COLUMN "workspaceId" TEXT;
UPDATE "Document" SET "workspaceId" = "ownerId";
ALTER TABLE "Document" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "ApiKey" ADD COLUMN "workspaceId" TEXT;
UPDATE "ApiKey" SET "workspaceId" = "ownerId";
ALTER TABLE "ApiKey" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "Webhook" ADD COLUMN "workspaceId" TEXT;
UPDATE "Webhook" SET "workspaceId" = "ownerId";
ALTER TABLE "Webhook" ALTER COLUMN "workspaceId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE INDEX "DeletedUpload_workspaceId_uploadedAt_idx" ON "DeletedUpload"("workspaceId", "uploadedAt");

-- CreateIndex
CREATE INDEX "Document_workspaceId_createdAt_idx" ON "Document"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "ApiKey_workspaceId_idx" ON "ApiKey"("workspaceId");

-- CreateIndex
CREATE INDEX "Webhook_workspaceId_idx" ON "Webhook"("workspaceId");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeletedUpload" ADD CONSTRAINT "DeletedUpload_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
