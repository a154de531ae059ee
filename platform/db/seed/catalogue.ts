import type { Db } from "../open";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Menu groups, categories and items, and each store's menu group. Runs after the stores are inserted. */
export async function seedCatalogue(tx: Tx): Promise<number> {
  void tx;
  return 0;
}
