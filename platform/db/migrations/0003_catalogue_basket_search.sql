CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "banner_events" (
	"banner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banner_events_banner_id_kind_platform_day_pk" PRIMARY KEY("banner_id","kind","platform","day")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_group_id" integer,
	"store_id" integer,
	"category_id" integer,
	"kind" text NOT NULL,
	"slug_text" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"image" text,
	"display_seconds" integer,
	"associated_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"available_for_delivery" boolean DEFAULT true NOT NULL,
	"available_for_collection" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_group_id" integer NOT NULL,
	"slug_text" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"price_pence" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"available_for_delivery" boolean DEFAULT true NOT NULL,
	"available_for_collection" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_lines" (
	"basket_token" text NOT NULL,
	"line_id" text NOT NULL,
	"position" serial NOT NULL,
	"menu_item_id" integer NOT NULL,
	"size_id" integer,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"banner_advert_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "basket_lines_basket_token_line_id_pk" PRIMARY KEY("basket_token","line_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"requirement" text DEFAULT 'none' NOT NULL,
	"min_spend_pence" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"store_ids" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "sizes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "option_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "tip_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "accepted_age" integer;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "banner_events" ADD CONSTRAINT "banner_events_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_menu_group_id_menu_groups_id_fk" FOREIGN KEY ("menu_group_id") REFERENCES "public"."menu_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_menu_group_id_menu_groups_id_fk" FOREIGN KEY ("menu_group_id") REFERENCES "public"."menu_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_basket_token_baskets_token_fk" FOREIGN KEY ("basket_token") REFERENCES "public"."baskets"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_menu_group_idx" ON "banners" USING btree ("menu_group_id","kind","sort_order");--> statement-breakpoint
CREATE INDEX "deals_menu_group_idx" ON "deals" USING btree ("menu_group_id","sort_order");--> statement-breakpoint
CREATE INDEX "deals_name_trgm_idx" ON "deals" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "basket_lines_basket_idx" ON "basket_lines" USING btree ("basket_token","position");--> statement-breakpoint
CREATE INDEX "menu_items_search_idx" ON "menu_items" USING gin (to_tsvector('english', "name" || ' ' || coalesce("description", '')));--> statement-breakpoint
CREATE INDEX "menu_items_name_trgm_idx" ON "menu_items" USING gin ("name" gin_trgm_ops);