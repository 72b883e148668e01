CREATE TABLE "service_fee_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_fee_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"family" text NOT NULL,
	"deal_amount" bigint NOT NULL,
	"deal_date" date NOT NULL,
	"fee" bigint NOT NULL,
	"fee_lines" jsonb NOT NULL,
	"schedule_from" text DEFAULT '' NOT NULL,
	"pay_state" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"invoice_state" text DEFAULT 'none' NOT NULL,
	"invoice" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_fee_orders" ADD CONSTRAINT "service_fee_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fee_orders" ADD CONSTRAINT "service_fee_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_fee_orders_code_idx" ON "service_fee_orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "service_fee_orders_project_idx" ON "service_fee_orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "service_fee_orders_company_idx" ON "service_fee_orders" USING btree ("company_id","id" DESC NULLS LAST);