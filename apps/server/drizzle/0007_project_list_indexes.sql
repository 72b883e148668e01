DROP INDEX "projects_company_id_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "agent_company_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_agent_company_id_companies_id_fk" FOREIGN KEY ("agent_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_company_status_idx" ON "projects" USING btree ("company_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_agent_company_idx" ON "projects" USING btree ("agent_company_id","id" DESC NULLS LAST) WHERE "projects"."agent_company_id" is not null;--> statement-breakpoint
CREATE INDEX "projects_company_id_idx" ON "projects" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "projects" SET "agent_company_id" = ("details" ->> 'agentCompanyId')::int WHERE "details" ->> 'agentCompanyId' ~ '^[0-9]{1,9}$' AND EXISTS (SELECT 1 FROM "companies" WHERE "companies"."id" = ("projects"."details" ->> 'agentCompanyId')::int);
