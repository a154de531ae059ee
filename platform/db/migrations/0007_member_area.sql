CREATE TABLE "member_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text NOT NULL,
	"town" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text NOT NULL,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marketing_channel_id" integer;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_default_idx" ON "member_addresses" USING btree ("member_id","type") WHERE "member_addresses"."is_default";