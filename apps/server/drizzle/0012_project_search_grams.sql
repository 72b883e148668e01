DROP INDEX "projects_company_id_idx";--> statement-breakpoint
DROP INDEX "projects_company_status_idx";--> statement-breakpoint
DROP INDEX "projects_agent_company_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (project_bigrams(lower(name || E'\n' || code))) STORED;--> statement-breakpoint
CREATE INDEX "projects_search_grams_idx" ON "projects" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "projects_company_id_idx" ON "projects" USING btree ("company_id","id" DESC NULLS FIRST,"search_text");--> statement-breakpoint
CREATE INDEX "projects_company_status_idx" ON "projects" USING btree ("company_id","status","id" DESC NULLS FIRST,"search_text");--> statement-breakpoint
CREATE INDEX "projects_agent_company_idx" ON "projects" USING btree ("agent_company_id","id" DESC NULLS FIRST,"search_text") WHERE "projects"."agent_company_id" is not null;