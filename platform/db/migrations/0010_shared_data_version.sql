CREATE TABLE "shared_data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "shared_data_version_seq";
--> statement-breakpoint
INSERT INTO "shared_data_version" ("id", "version") VALUES (1, nextval('shared_data_version_seq'));
--> statement-breakpoint
CREATE FUNCTION "bump_shared_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shared_data_version" SET "version" = nextval('shared_data_version_seq') WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "store_order_methods_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_order_methods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "store_payment_methods_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "store_holidays_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_holidays" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "menu_groups_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "menu_items_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "deals_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deals" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
--> statement-breakpoint
CREATE TRIGGER "banners_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
