CREATE TABLE "auction_rules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"free_seconds" integer NOT NULL,
	"timed_seconds" integer NOT NULL,
	"starting_price" bigint NOT NULL,
	"increment" bigint NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_deliveries" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"pickup_date" date NOT NULL,
	"place" text NOT NULL,
	"picked_up_by" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"receipt_remark" text DEFAULT '' NOT NULL,
	"received_by" integer,
	"received_by_company_id" integer,
	"received_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_rules" ADD CONSTRAINT "auction_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_rules" ADD CONSTRAINT "auction_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_deliveries" ADD CONSTRAINT "project_deliveries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_deliveries" ADD CONSTRAINT "project_deliveries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_deliveries" ADD CONSTRAINT "project_deliveries_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;