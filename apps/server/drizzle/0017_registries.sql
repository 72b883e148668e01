CREATE TABLE "registry_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registry" text NOT NULL,
	"company_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"unique_value" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_rows" ADD CONSTRAINT "registry_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_rows" ADD CONSTRAINT "registry_rows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_rows_company_idx" ON "registry_rows" USING btree ("registry","company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "registry_rows_unique_value_idx" ON "registry_rows" USING btree ("registry","company_id","unique_value");