import { doublePrecision, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Street addresses per postcode: the embedded location service's address lookups and suggestions. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    /** Upper-case, no spaces, as in the postcodes table. */
    postcode: text("postcode").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    town: text("town").notNull(),
    county: text("county"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
  },
  (t) => [index("addresses_postcode_idx").on(t.postcode)],
);

/** "Tell me when you deliver here": e-mails left on the stores page when no store serves a postcode. */
export const futureContactRequests = pgTable("future_contact_requests", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  postcode: text("postcode").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
