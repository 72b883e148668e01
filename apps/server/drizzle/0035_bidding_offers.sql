CREATE TABLE "bidding_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bidding_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bidding_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"bidder_no" text NOT NULL,
	"price" bigint NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bidding_offers" ADD CONSTRAINT "bidding_offers_bidding_id_biddings_id_fk" FOREIGN KEY ("bidding_id") REFERENCES "public"."biddings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_offers" ADD CONSTRAINT "bidding_offers_registration_id_intention_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidding_offers" ADD CONSTRAINT "bidding_offers_answered_by_operators_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_offers_open_idx" ON "bidding_offers" USING btree ("bidding_id") WHERE "bidding_offers"."answer" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_offers_bidder_idx" ON "bidding_offers" USING btree ("bidding_id","registration_id");--> statement-breakpoint
CREATE INDEX "bidding_offers_due_idx" ON "bidding_offers" USING btree ("answer_by") WHERE "bidding_offers"."answer" is null;