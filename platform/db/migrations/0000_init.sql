CREATE TABLE "auth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"strategy" text NOT NULL,
	"family" text NOT NULL,
	"member_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"town" text,
	"district" text,
	"country" text DEFAULT 'England' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_holidays" (
	"store_id" integer NOT NULL,
	"date" date NOT NULL,
	"holiday_message" text NOT NULL,
	CONSTRAINT "store_holidays_store_id_date_pk" PRIMARY KEY("store_id","date")
);
--> statement-breakpoint
CREATE TABLE "store_order_methods" (
	"store_id" integer NOT NULL,
	"method" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"preorder_only" boolean DEFAULT false NOT NULL,
	"hours" jsonb NOT NULL,
	"lead_time_seconds" integer DEFAULT 1800 NOT NULL,
	"cut_off_time" text,
	"order_days_in_advance" integer DEFAULT 7 NOT NULL,
	"has_only_asap_slot_type" boolean DEFAULT false NOT NULL,
	"has_future_slot_type" boolean DEFAULT true NOT NULL,
	"slot_minutes" integer DEFAULT 60 NOT NULL,
	"slot_capacity" integer DEFAULT 10 NOT NULL,
	"max_basket_items" integer DEFAULT 0 NOT NULL,
	"cost_pence" integer DEFAULT 0 NOT NULL,
	"free_from_pence" integer,
	"min_spend_pence" integer DEFAULT 0 NOT NULL,
	"delivery_tiers" jsonb,
	"free_fulfilment_message" text,
	CONSTRAINT "store_order_methods_store_id_method_pk" PRIMARY KEY("store_id","method")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug_text" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"product_types" jsonb NOT NULL,
	"delivery_radius_km" double precision,
	"delivery_zone" jsonb,
	"orders_paused" boolean DEFAULT false NOT NULL,
	"paused_message" text,
	"temporarily_closed" boolean DEFAULT false NOT NULL,
	"store_closed_message" text,
	"order_success_message" text,
	"customer_order_note_placeholder" text,
	"guest_checkout_allowed" boolean DEFAULT true NOT NULL,
	"member_email_check" boolean DEFAULT false NOT NULL,
	"has_membership" boolean DEFAULT false NOT NULL,
	"tips_enabled" boolean DEFAULT true NOT NULL,
	"menu_group_id" integer
);
--> statement-breakpoint
ALTER TABLE "store_holidays" ADD CONSTRAINT "store_holidays_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_methods" ADD CONSTRAINT "store_order_methods_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_family_idx" ON "auth_tokens" USING btree ("family");