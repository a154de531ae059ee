import { sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { addresses, postcodes } from "../../db/schema";
import { seedAddresses } from "../../db/seed/addresses";
import { demoPostcodes } from "../../db/seed/postcodes";

/**
 * Fills the postcode and address tables with the demo seed's rows for tests of the location module, without
 * the stores and catalogue it does not need. Harmless on a database that is already seeded.
 */
export async function seedLocationTables(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(postcodes).values(demoPostcodes).onConflictDoNothing();
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(addresses);
    if ((row?.n ?? 0) === 0) await seedAddresses(tx);
  });
}
