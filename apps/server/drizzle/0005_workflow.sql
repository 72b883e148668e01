CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"family" text NOT NULL,
	"business_type" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"disclosure_start" timestamp with time zone,
	"disclosure_end" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"family" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision_no" integer DEFAULT 0 NOT NULL,
	"letter_id" uuid,
	"letter_sha256" text,
	"letter_layout" jsonb,
	"signed_letter_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"no" integer NOT NULL,
	"form" jsonb NOT NULL,
	"letter_id" uuid,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "process_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"family" text NOT NULL,
	"action" text NOT NULL,
	"step" text NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"actor_company_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"category" text DEFAULT 'project' NOT NULL,
	"route_name" text NOT NULL,
	"status" text NOT NULL,
	"assignee_company_id" integer,
	"assignee_identity" integer,
	"done_by" integer,
	"done_company_id" integer,
	"done_at" timestamp with time zone,
	"result" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_instances" ADD CONSTRAINT "action_instances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_instances" ADD CONSTRAINT "action_instances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_instances" ADD CONSTRAINT "action_instances_letter_id_attachments_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_instances" ADD CONSTRAINT "action_instances_signed_letter_id_attachments_id_fk" FOREIGN KEY ("signed_letter_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_instances" ADD CONSTRAINT "action_instances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_revisions" ADD CONSTRAINT "action_revisions_instance_id_action_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."action_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_revisions" ADD CONSTRAINT "action_revisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_revisions" ADD CONSTRAINT "action_revisions_letter_id_attachments_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_instance_id_action_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."action_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_instance_id_action_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."action_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_company_id_companies_id_fk" FOREIGN KEY ("assignee_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_operators_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_company_id_companies_id_fk" FOREIGN KEY ("done_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_idx" ON "projects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "projects_company_id_idx" ON "projects" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status") WHERE "projects"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "action_instances_open_idx" ON "action_instances" USING btree ("project_id","family","action") WHERE "action_instances"."status" in ('draft', 'letterGenerated', 'underReview', 'returned');--> statement-breakpoint
CREATE INDEX "action_instances_company_id_idx" ON "action_instances" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_revisions_instance_no_idx" ON "action_revisions" USING btree ("instance_id","no");--> statement-breakpoint
CREATE INDEX "process_logs_project_id_idx" ON "process_logs" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "tasks_instance_id_idx" ON "tasks" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_company_idx" ON "tasks" USING btree ("assignee_company_id") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_assignee_identity_idx" ON "tasks" USING btree ("assignee_identity") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_done_company_idx" ON "tasks" USING btree ("done_company_id");--> statement-breakpoint
CREATE INDEX "tasks_company_id_idx" ON "tasks" USING btree ("company_id");