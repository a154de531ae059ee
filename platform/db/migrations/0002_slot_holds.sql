CREATE TABLE "slot_holds" (
	"basket_token" text PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"method" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"slot_date" date NOT NULL,
	"is_asap" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_locks" (
	"store_id" integer NOT NULL,
	"method" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_locks_store_id_method_slot_start_pk" PRIMARY KEY("store_id","method","slot_start")
);
--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_basket_token_baskets_token_fk" FOREIGN KEY ("basket_token") REFERENCES "public"."baskets"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_locks" ADD CONSTRAINT "slot_locks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_holds_slot_idx" ON "slot_holds" USING btree ("store_id","method","slot_start","expires_at");