CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "basket_checkouts" (
	"basket_token" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"delivery_address" jsonb,
	"billing_address" jsonb,
	"billing_same_as_delivery" boolean DEFAULT false NOT NULL,
	"instructions" text,
	"marketing" jsonb,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text,
	"mobile_validated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"method" text NOT NULL,
	"gateway" text,
	"kind" text NOT NULL,
	"hosted_id" text,
	"gateway_payment_id" text,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"response_summary" text,
	"redirect_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_order_id" text DEFAULT (nextval('order_number_seq'))::text NOT NULL,
	"draft_order_id" text NOT NULL,
	"status_token" text NOT NULL,
	"basket_token" text NOT NULL,
	"owner_family" text NOT NULL,
	"member_id" integer,
	"store_id" integer NOT NULL,
	"state" text NOT NULL,
	"status" text,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fulfilment_method" text NOT NULL,
	"timing" text NOT NULL,
	"slot_date" date NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"delivery_address" jsonb,
	"billing_address" jsonb,
	"instructions" text,
	"marketing" jsonb,
	"channel" text,
	"platform" text NOT NULL,
	"payment_gateway" text,
	"payment_method" text,
	"lines" jsonb NOT NULL,
	"coupon_code" text,
	"subtotal_pence" integer NOT NULL,
	"savings_pence" integer NOT NULL,
	"coupon_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"tip_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"basket_hash" text NOT NULL,
	"site_origin" text,
	"created_at" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_payment_methods" (
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled_for_delivery" boolean DEFAULT true NOT NULL,
	"enabled_for_collection" boolean DEFAULT true NOT NULL,
	"cut_off_time" text,
	"gateways" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "store_payment_methods_store_id_name_pk" PRIMARY KEY("store_id","name")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_hosted_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"description" text,
	"success_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"customer" jsonb,
	"billing" jsonb,
	"status" text NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"action_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"approved" boolean NOT NULL,
	"response_code" text,
	"response_summary" text,
	"source" jsonb NOT NULL,
	"success_url" text,
	"failure_url" text,
	"cancel_url" text,
	"hosted_id" text,
	"customer" jsonb,
	"three_ds_enrolled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"scheme" text NOT NULL,
	"last4" text NOT NULL,
	"bin" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_checkouts" ADD CONSTRAINT "basket_checkouts_basket_token_baskets_token_fk" FOREIGN KEY ("basket_token") REFERENCES "public"."baskets"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payment_methods" ADD CONSTRAINT "store_payment_methods_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_idx" ON "members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_attempt_idx" ON "order_payments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_gateway_payment_idx" ON "order_payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_one_approved_idx" ON "order_payments" USING btree ("order_id") WHERE status = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_business_order_id_idx" ON "orders" USING btree ("business_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_draft_order_id_idx" ON "orders" USING btree ("draft_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_status_token_idx" ON "orders" USING btree ("status_token");--> statement-breakpoint
CREATE INDEX "orders_basket_idx" ON "orders" USING btree ("basket_token");--> statement-breakpoint
CREATE INDEX "orders_store_placed_idx" ON "orders" USING btree ("store_id","state","placed_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");