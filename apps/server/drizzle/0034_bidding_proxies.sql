CREATE TABLE "bidding_proxies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bidding_proxies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bidding_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"ceiling" bigint NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "is_proxy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bidding_proxies" ADD CONSTRAINT "bidding_proxies_bidding_id_biddings_id_fk" FOREIGN KEY ("bidding_id") REFERENCES "public"."biddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_proxies" ADD CONSTRAINT "bidding_proxies_registration_id_intention_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_proxies" ADD CONSTRAINT "bidding_proxies_set_by_operators_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_proxies_bidder_idx" ON "bidding_proxies" USING btree ("bidding_id","registration_id");