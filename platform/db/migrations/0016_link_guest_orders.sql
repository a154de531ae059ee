-- Orders placed as a guest join the account of the member with that e-mail address once the address is verified
-- (decision 0061). The link used to be made on every view of a member's orders (two updates a page); it is made here
-- when it becomes true, whoever writes: when a member's address is verified (or a member is made verified), and when an
-- order with a verified member's address is placed. Placement itself still runs as a guest's (no points, no credit).
CREATE FUNCTION "link_guest_orders_of_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "member_id" = NEW."id"
    WHERE "member_id" IS NULL AND "state" = 'placed' AND lower("email") = NEW."email";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_link_guest_orders" AFTER INSERT OR UPDATE OF "email_verified", "email" ON "members"
  FOR EACH ROW WHEN (NEW."email_verified") EXECUTE FUNCTION "link_guest_orders_of_member"();
--> statement-breakpoint
CREATE FUNCTION "link_placed_guest_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "member_id" = "members"."id"
    FROM "members"
    WHERE "orders"."id" = NEW."id" AND "orders"."member_id" IS NULL
      AND "members"."email" = lower(NEW."email") AND "members"."email_verified";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_link_placed_guest_order" AFTER INSERT OR UPDATE OF "state" ON "orders"
  FOR EACH ROW WHEN (NEW."member_id" IS NULL AND NEW."state" = 'placed') EXECUTE FUNCTION "link_placed_guest_order"();
--> statement-breakpoint
UPDATE "orders" SET "member_id" = "members"."id"
  FROM "members"
  WHERE "orders"."member_id" IS NULL AND "orders"."state" = 'placed'
    AND "members"."email" = lower("orders"."email") AND "members"."email_verified";
