CREATE TABLE "intention_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intention_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cert_type" text NOT NULL,
	"cert_no" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"amount" bigint,
	"note" text DEFAULT '' NOT NULL,
	"deposit_amount" bigint,
	"deposit_deadline" date,
	"deposit_state" text DEFAULT 'none' NOT NULL,
	"deposit_paid_at" timestamp with time zone,
	"deposit_paid_by" integer,
	"deposit_refunded_at" timestamp with time zone,
	"deposit_refunded_by" integer,
	"letter_id" text,
	"letter_sha256" text,
	"letter_layout" jsonb,
	"signed_file_id" text,
	"signed_at" timestamp with time zone,
	"owner_opinion" text DEFAULT '' NOT NULL,
	"owner_reviewed_at" timestamp with time zone,
	"owner_reviewed_by" integer,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bidding_bidders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bidding_bidders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bidding_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"bidder_no" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biddings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biddings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"free_end_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timed_seconds" integer NOT NULL,
	"starting_price" bigint NOT NULL,
	"increment" bigint NOT NULL,
	"current_price" bigint,
	"leader_registration_id" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	"closed_at" timestamp with time zone,
	"result_file_id" text,
	"opened_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bidding_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"bidder_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"bid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_deposit_paid_by_operators_id_fk" FOREIGN KEY ("deposit_paid_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_deposit_refunded_by_operators_id_fk" FOREIGN KEY ("deposit_refunded_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_owner_reviewed_by_operators_id_fk" FOREIGN KEY ("owner_reviewed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_registrations" ADD CONSTRAINT "intention_registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_bidders" ADD CONSTRAINT "bidding_bidders_bidding_id_biddings_id_fk" FOREIGN KEY ("bidding_id") REFERENCES "public"."biddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_bidders" ADD CONSTRAINT "bidding_bidders_registration_id_intention_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_bidders" ADD CONSTRAINT "bidding_bidders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biddings" ADD CONSTRAINT "biddings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biddings" ADD CONSTRAINT "biddings_leader_registration_id_intention_registrations_id_fk" FOREIGN KEY ("leader_registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biddings" ADD CONSTRAINT "biddings_opened_by_operators_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidding_id_biddings_id_fk" FOREIGN KEY ("bidding_id") REFERENCES "public"."biddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_registration_id_intention_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bid_by_operators_id_fk" FOREIGN KEY ("bid_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intention_registrations_cert_no_idx" ON "intention_registrations" USING btree ("project_id","cert_no") WHERE "intention_registrations"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "intention_registrations_company_idx" ON "intention_registrations" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intention_registrations_project_idx" ON "intention_registrations" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "intention_registrations_deposit_idx" ON "intention_registrations" USING btree ("deposit_deadline") WHERE "intention_registrations"."deposit_state" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_bidders_registration_idx" ON "bidding_bidders" USING btree ("bidding_id","registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_bidders_no_idx" ON "bidding_bidders" USING btree ("bidding_id","bidder_no");--> statement-breakpoint
CREATE INDEX "bidding_bidders_company_idx" ON "bidding_bidders" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "biddings_project_idx" ON "biddings" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "biddings_open_idx" ON "biddings" USING btree ("ends_at") WHERE "biddings"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_seq_idx" ON "bids" USING btree ("bidding_id","seq");