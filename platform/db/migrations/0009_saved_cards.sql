CREATE TABLE "test_gateway_instruments" (
	"id" text PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"last4" text NOT NULL,
	"bin" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"scheme" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_tokens" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_fingerprint_idx" ON "member_cards" USING btree ("member_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_default_idx" ON "member_cards" USING btree ("member_id") WHERE "member_cards"."is_default";--> statement-breakpoint
CREATE INDEX "member_cards_member_idx" ON "member_cards" USING btree ("member_id","created_at");