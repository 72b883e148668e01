DROP INDEX "intention_registrations_deposit_idx";--> statement-breakpoint
DROP INDEX "biddings_project_idx";--> statement-breakpoint
ALTER TABLE "process_logs" ALTER COLUMN "instance_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD COLUMN "deposit_received_amount" bigint;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD COLUMN "deposit_arrived_on" date;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD COLUMN "deposit_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "intention_registrations_member_idx" ON "intention_registrations" USING btree ("project_id","company_id") WHERE "intention_registrations"."status" not in ('withdrawn', 'disqualified');--> statement-breakpoint
CREATE INDEX "intention_registrations_deposit_idx" ON "intention_registrations" USING btree ("deposit_deadline") WHERE "intention_registrations"."deposit_amount" is not null and "intention_registrations"."deposit_paid_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "biddings_project_idx" ON "biddings" USING btree ("project_id") WHERE "biddings"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "intention_registrations" DROP COLUMN "deposit_state";