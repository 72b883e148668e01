ALTER TABLE "auction_rules" ADD COLUMN "restarts_max" integer;--> statement-breakpoint
ALTER TABLE "biddings" ADD COLUMN "restarts_max" integer;--> statement-breakpoint
ALTER TABLE "biddings" ADD COLUMN "restarts" integer DEFAULT 0 NOT NULL;