ALTER TABLE "auction_rules" ADD COLUMN "mode" text DEFAULT 'dynamic' NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_rules" ADD COLUMN "reserve_price" bigint;--> statement-breakpoint
ALTER TABLE "biddings" ADD COLUMN "mode" text DEFAULT 'dynamic' NOT NULL;--> statement-breakpoint
ALTER TABLE "biddings" ADD COLUMN "reserve_price" bigint;