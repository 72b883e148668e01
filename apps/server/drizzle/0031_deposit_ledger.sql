CREATE TABLE "deposit_arrivals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_arrivals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"source" text NOT NULL,
	"account" text NOT NULL,
	"registration_id" integer,
	"amount" bigint NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"payer_account" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_arrivals_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "deposit_bank_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_bank_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"signature" text NOT NULL,
	"serial" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_bank_notices_signature_unique" UNIQUE("signature")
);
--> statement-breakpoint
ALTER TABLE "deposit_arrivals" ADD CONSTRAINT "deposit_arrivals_registration_id_intention_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."intention_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_arrivals" ADD CONSTRAINT "deposit_arrivals_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_arrivals_outcome_idx" ON "deposit_arrivals" USING btree ("outcome","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposit_arrivals_registration_idx" ON "deposit_arrivals" USING btree ("registration_id");