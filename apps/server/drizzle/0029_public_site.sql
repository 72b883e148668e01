CREATE TABLE "listing_watches" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_watches_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "public_listings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"business_type" text NOT NULL,
	"stage" text,
	"price" bigint,
	"deposit" bigint,
	"deposit_deadline" text,
	"disclosure_start" timestamp with time zone,
	"disclosure_end" timestamp with time zone,
	"region" text,
	"industry" text,
	"owner_name" text NOT NULL,
	"member_name" text,
	"page" jsonb NOT NULL,
	"deal" jsonb,
	"deal_notice_until" text,
	"search_text" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"watches" integer DEFAULT 0 NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_listings" ADD CONSTRAINT "public_listings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_notices" ADD CONSTRAINT "public_notices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_watches_project_idx" ON "listing_watches" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "public_listings_listed_idx" ON "public_listings" USING btree ("listed_at" DESC NULLS FIRST,"project_id" DESC NULLS FIRST) WHERE "public_listings"."stage" is not null;--> statement-breakpoint
CREATE INDEX "public_listings_type_idx" ON "public_listings" USING btree ("business_type","listed_at" DESC NULLS FIRST) WHERE "public_listings"."stage" is not null;--> statement-breakpoint
CREATE INDEX "public_listings_region_idx" ON "public_listings" USING btree ("region","listed_at" DESC NULLS FIRST) WHERE "public_listings"."stage" is not null;--> statement-breakpoint
CREATE INDEX "public_listings_end_idx" ON "public_listings" USING btree ("disclosure_end") WHERE "public_listings"."stage" is not null;--> statement-breakpoint
CREATE INDEX "public_listings_deal_idx" ON "public_listings" USING btree ("deal_notice_until") WHERE "public_listings"."deal" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "public_listings_code_idx" ON "public_listings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "public_notices_project_idx" ON "public_notices" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "public_notices_at_idx" ON "public_notices" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");