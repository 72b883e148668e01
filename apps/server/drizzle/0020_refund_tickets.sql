CREATE TABLE "refund_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"payout_kind" text NOT NULL,
	"source_instance_id" integer,
	"amount" bigint NOT NULL,
	"original" jsonb NOT NULL,
	"return_reason" text NOT NULL,
	"returned_on" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayout_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayout_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"revision_no" integer DEFAULT 1 NOT NULL,
	"account" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'signing' NOT NULL,
	"letter_id" text NOT NULL,
	"letter_sha256" text NOT NULL,
	"letter_layout" jsonb NOT NULL,
	"signed_letter_id" text,
	"signed_at" timestamp with time zone,
	"applied_by" integer,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_tickets" ADD CONSTRAINT "refund_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tickets" ADD CONSTRAINT "refund_tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayout_applications" ADD CONSTRAINT "repayout_applications_ticket_id_refund_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."refund_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayout_applications" ADD CONSTRAINT "repayout_applications_applied_by_operators_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayout_applications" ADD CONSTRAINT "repayout_applications_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_tickets_code_idx" ON "refund_tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_tickets_source_idx" ON "refund_tickets" USING btree ("source_instance_id");--> statement-breakpoint
CREATE INDEX "refund_tickets_company_idx" ON "refund_tickets" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repayout_applications_ticket_idx" ON "repayout_applications" USING btree ("ticket_id","id" DESC NULLS LAST);