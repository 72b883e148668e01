DROP INDEX "projects_company_id_idx";--> statement-breakpoint
DROP INDEX "projects_company_status_idx";--> statement-breakpoint
DROP INDEX "projects_agent_company_idx";--> statement-breakpoint
DROP INDEX "plans_company_id_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\n' || code)) STORED;--> statement-breakpoint
CREATE INDEX "projects_company_id_idx" ON "projects" USING btree ("company_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_company_status_idx" ON "projects" USING btree ("company_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_agent_company_idx" ON "projects" USING btree ("agent_company_id","id" DESC NULLS FIRST) WHERE "projects"."agent_company_id" is not null;--> statement-breakpoint
CREATE INDEX "plans_company_id_idx" ON "plans" USING btree ("company_id","id" DESC NULLS FIRST);