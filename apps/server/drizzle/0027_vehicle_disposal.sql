CREATE TABLE "dismantler_licences" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"licence_no" text NOT NULL,
	"issuer" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dismantling_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dismantling_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"letter_id" text,
	"letter_sha256" text,
	"letter_layout" jsonb,
	"signed_letter_id" text,
	"signed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disposal_apply_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disposal_apply_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"no" integer NOT NULL,
	"car_number" text NOT NULL,
	"vin" text NOT NULL,
	"engine_no" text NOT NULL,
	"brand_model" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"registration_date" date NOT NULL,
	"mileage" integer NOT NULL,
	"condition" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"appraised_value" bigint,
	"appraisal_opinion" text DEFAULT '' NOT NULL,
	"listing_price" bigint,
	"listed_at" timestamp with time zone,
	"buyer_company_id" integer,
	"deal_price" bigint,
	"dealt_at" timestamp with time zone,
	"receiving_id" integer,
	"received_at" timestamp with time zone,
	"certificate_no" text DEFAULT '' NOT NULL,
	"dismantled_at" timestamp with time zone,
	"letter_kind" text,
	"letter_id" text,
	"letter_sha256" text,
	"letter_layout" jsonb,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disposal_expert_opinions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disposal_expert_opinions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expert_name" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"opinion" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_disposals" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"appraiser_company_id" integer,
	"assigned_at" timestamp with time zone,
	"appraisal_base_date" date,
	"appraisal_submitted_at" timestamp with time zone,
	"appraisal_return_reason" text DEFAULT '' NOT NULL,
	"result_confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_receivings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_receivings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"receive_date" date NOT NULL,
	"place" text NOT NULL,
	"transport" text NOT NULL,
	"handler" text NOT NULL,
	"handler_mobile" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"licence_no" text NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dismantler_licences" ADD CONSTRAINT "dismantler_licences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismantler_licences" ADD CONSTRAINT "dismantler_licences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismantling_records" ADD CONSTRAINT "dismantling_records_item_id_disposal_apply_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."disposal_apply_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismantling_records" ADD CONSTRAINT "dismantling_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismantling_records" ADD CONSTRAINT "dismantling_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_apply_items" ADD CONSTRAINT "disposal_apply_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_apply_items" ADD CONSTRAINT "disposal_apply_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_apply_items" ADD CONSTRAINT "disposal_apply_items_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_apply_items" ADD CONSTRAINT "disposal_apply_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_expert_opinions" ADD CONSTRAINT "disposal_expert_opinions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_expert_opinions" ADD CONSTRAINT "disposal_expert_opinions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_expert_opinions" ADD CONSTRAINT "disposal_expert_opinions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_disposals" ADD CONSTRAINT "vehicle_disposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_disposals" ADD CONSTRAINT "vehicle_disposals_appraiser_company_id_companies_id_fk" FOREIGN KEY ("appraiser_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_receivings" ADD CONSTRAINT "vehicle_receivings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_receivings" ADD CONSTRAINT "vehicle_receivings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_receivings" ADD CONSTRAINT "vehicle_receivings_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dismantling_records_item_idx" ON "dismantling_records" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "dismantling_records_project_idx" ON "dismantling_records" USING btree ("project_id","company_id");--> statement-breakpoint
CREATE INDEX "disposal_apply_items_project_idx" ON "disposal_apply_items" USING btree ("project_id","no");--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_apply_items_vin_idx" ON "disposal_apply_items" USING btree ("project_id","vin");--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_apply_items_plate_idx" ON "disposal_apply_items" USING btree ("project_id","car_number");--> statement-breakpoint
CREATE INDEX "disposal_apply_items_buyer_idx" ON "disposal_apply_items" USING btree ("buyer_company_id");--> statement-breakpoint
CREATE INDEX "disposal_expert_opinions_project_idx" ON "disposal_expert_opinions" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_receivings_project_idx" ON "vehicle_receivings" USING btree ("project_id","company_id");