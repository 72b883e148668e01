-- The task centre's tasks are about a subject (a workflow application, an account opening, an intention
-- registration ...), not only an action instance: the existing rows become the applications' (subject 'action',
-- subject_id the instance), with their action and screen query carried over before instance_id goes.
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_instance_id_action_instances_id_fk";
--> statement-breakpoint
DROP INDEX "tasks_instance_id_idx";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "step" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subject_name" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "route_query" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "tasks" AS t SET
  "subject" = 'action',
  "subject_id" = t."instance_id",
  "action" = i."action",
  "route_query" = jsonb_build_object('id', t."instance_id")
FROM "action_instances" AS i WHERE i."id" = t."instance_id";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "subject" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_subject_idx" ON "tasks" USING btree ("subject","subject_id");--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "instance_id";
