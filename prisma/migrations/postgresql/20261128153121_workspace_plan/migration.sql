-- The plan moves from the user to the workspace (docs/teams.md): a personal workspace takes its user's plan;
-- teams start on Free.
ALTER TABLE "Workspace" ADD COLUMN "plan" "Plan" NOT NULL DEFAULT 'FREE';
UPDATE "Workspace" AS "w" SET "plan" = "u"."plan" FROM "User" AS "u" WHERE "u"."id" = "w"."id" AND "w"."kind" = 'PERSONAL';
ALTER TABLE "User" DROP COLUMN "plan";
