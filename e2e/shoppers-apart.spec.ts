import { expect, test } from "./fixtures";
import { shoppersApart, type ApartShopper } from "../scripts/scale/apart";

// Two shoppers at the same store at once, each with a basket, a held time and names of their own (Alicia a member,
// Bruno a guest): under parallel load every page each is sent shows their own basket lines, total, names and held time
// and never the other's (issue 40). The storefront caches shared reads and a priced basket, and calls the embedded
// platform in process (decision 0027); nothing of one shopper's may reach another through any of them. The check is
// scripts/scale/apart.ts, which `npm run test:scale` also runs across three instances behind its proxy.

/** Each shopper on an address of their own (the server trusts X-Forwarded-For), so neither's limits count the other. */
const ADDRESSES: Record<string, string> = { alicia: "10.250.1.1", bruno: "10.250.1.2" };

const sendAs =
  (who: ApartShopper) =>
  (url: string, init: RequestInit): Promise<Response> =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ADDRESSES[who.key] ?? "10.250.1.3" },
      signal: AbortSignal.timeout(30_000),
    });

// A server test, run by one browser project only (js-on-desktop): the tags keep the others from running it at all.
test(
  "two shoppers loading pages in parallel never see each other's basket, name or held slot",
  { tag: ["@js-only", "@desktop-only"] },
  async ({ baseURL }) => {
    test.setTimeout(120_000);
    const result = await shoppersApart({ origin: baseURL!, send: sendAs });
    expect(result.problems, result.lines.join("\n")).toEqual([]);
  },
);
