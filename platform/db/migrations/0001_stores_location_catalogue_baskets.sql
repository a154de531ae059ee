CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"postcode" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"county" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "future_contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"postcode" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_group_id" integer NOT NULL,
	"slug_text" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_group_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"slug_text" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_pence" integer NOT NULL,
	"member_price_pence" integer,
	"image" text,
	"available_for_delivery" boolean DEFAULT true NOT NULL,
	"available_for_collection" boolean DEFAULT true NOT NULL,
	"is_alcohol" boolean DEFAULT false NOT NULL,
	"age_restriction" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"token" text PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"fulfilment_method" text DEFAULT 'delivery' NOT NULL,
	"owner_family" text NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_menu_group_id_menu_groups_id_fk" FOREIGN KEY ("menu_group_id") REFERENCES "public"."menu_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_menu_group_id_menu_groups_id_fk" FOREIGN KEY ("menu_group_id") REFERENCES "public"."menu_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_postcode_idx" ON "addresses" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "categories_menu_group_idx" ON "categories" USING btree ("menu_group_id","sort_order");--> statement-breakpoint
CREATE INDEX "menu_items_category_idx" ON "menu_items" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE INDEX "menu_items_menu_group_idx" ON "menu_items" USING btree ("menu_group_id");--> statement-breakpoint
CREATE INDEX "baskets_owner_idx" ON "baskets" USING btree ("owner_family");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_menu_group_id_menu_groups_id_fk" FOREIGN KEY ("menu_group_id") REFERENCES "public"."menu_groups"("id") ON DELETE set null ON UPDATE no action;