import type { Db } from "../open";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Street addresses for every demo postcode. */
export async function seedAddresses(tx: Tx): Promise<number> {
  void tx;
  return 0;
}
