CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"referral_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_member_id" integer NOT NULL,
	"referred_member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"partner_unique_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_order_id" integer,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "refer_friend_code" text;--> statement-breakpoint
-- Members from before referrals get a random code; new ones get theirs from the auth module (decision 0039).
UPDATE "members" SET "refer_friend_code" = upper(substr(md5(random()::text || "id"::text), 1, 8)) WHERE "refer_friend_code" IS NULL;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "refer_friend_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_member_id_members_id_fk" FOREIGN KEY ("referred_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_member_order_kind_idx" ON "credit_ledger" USING btree ("member_id","order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_member_idx" ON "referrals" USING btree ("referred_member_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_member_idx" ON "referrals" USING btree ("referrer_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_refer_friend_code_idx" ON "members" USING btree ("refer_friend_code");