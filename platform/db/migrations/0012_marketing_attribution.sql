ALTER TABLE "baskets" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "marketing_identity" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marketing_identity" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_identity" text;