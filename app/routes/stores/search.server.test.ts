import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import { api, type Endpoint, type GlobalSearchResponse } from "#contract";
import type { Shopper } from "~/services/context";
import type { Flash, SessionData } from "~/models/shopper";
import { recommendedItemsFor, searchItems } from "./search.server";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";

const empty = { records: [], pagination: { page: 1, limit: 24, total: 0, totalPages: 0 } };
const found: GlobalSearchResponse = {
  deals: empty,
  categories: empty,
  menuItems: empty,
  totals: { deals: 0, categories: 0, menuItems: 0 },
  noItemFoundHint: { label: "No items found." },
};

function recorder() {
  const entries: { level: string; event: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    info: (event, fields) => entries.push({ level: "info", event, fields }),
    warn: (event, fields) => entries.push({ level: "warn", event, fields }),
    error: (event, fields) => entries.push({ level: "error", event, fields }),
  };
  return { log, entries };
}

/** A shopper whose platform answers with `answer` (or throws it), recording each call. */
function shopper(answer: () => unknown, session: Partial<SessionData> = {}) {
  const calls: { endpoint: Endpoint; input: unknown }[] = [];
  const respond = async (endpoint: Endpoint, input: unknown) => {
    calls.push({ endpoint, input });
    return answer();
  };
  const fake = {
    shared: { cached: respond },
    api: { call: respond },
    session: createSession<SessionData, Flash>(session as SessionData),
  } as unknown as Pick<Shopper, "shared" | "api" | "session">;
  return { fake, calls };
}

const input = { storeId: 1, fulfilmentMethod: "delivery" as const, itemsPage: 2 };

describe("searchItems", () => {
  it("asks the platform nothing for a term under 2 characters", async () => {
    const { fake, calls } = shopper(() => found);
    const { log } = recorder();
    expect(await searchItems(fake, log, { ...input, searchTerm: " c " })).toEqual({ status: "too-short" });
    expect(await searchItems(fake, log, { ...input, searchTerm: "   " })).toEqual({ status: "empty" });
    expect(calls).toEqual([]);
  });

  it("sends the spec's payload: trimmed term, the page, category page 1, 24 items and 200 categories", async () => {
    const { fake, calls } = shopper(() => found);
    const { log } = recorder();
    expect(await searchItems(fake, log, { ...input, searchTerm: "  chese " })).toEqual({
      status: "results",
      results: found,
    });
    expect(calls).toEqual([
      {
        endpoint: api.globalSearch,
        input: {
          storeId: 1,
          fulfilmentMethod: "delivery",
          searchTerm: "chese",
          itemsPage: 2,
          categoryPage: 1,
          itemsLimit: 24,
          categoriesLimit: 200,
        },
      },
    ]);
  });

  it("turns a platform failure into 'Error searching for items' and logs it", async () => {
    const { fake } = shopper(() => {
      throw new PlatformError(503, "There was an error on the system. Please try again.");
    });
    const { log, entries } = recorder();
    expect(await searchItems(fake, log, { ...input, searchTerm: "milk" })).toEqual({
      status: "error",
      message: "Error searching for items",
    });
    expect(entries).toEqual([
      {
        level: "warn",
        event: "Error searching for items",
        fields: { status: 503, message: "There was an error on the system. Please try again.", storeId: 1 },
      },
    ]);
  });

  it("lets a programming error through to the error page", async () => {
    const { fake } = shopper(() => {
      throw new TypeError("boom");
    });
    await expect(searchItems(fake, recorder().log, { ...input, searchTerm: "milk" })).rejects.toThrow("boom");
  });
});

describe("recommendedItemsFor", () => {
  const request = { storeId: 1, fulfilmentMethod: "collection" as const, routeName: "routes/store-search" };

  it("sends the basket token of the same store's basket", async () => {
    const { fake, calls } = shopper(() => ({ topSellingItems: [] }), {
      store: { id: 1, slug: "victoria-street-1", name: "V" },
      basketToken: "b-1",
    });
    expect(await recommendedItemsFor(fake, recorder().log, request)).toEqual([]);
    expect(calls).toEqual([
      { endpoint: api.recommendedItems, input: { storeId: 1, basketToken: "b-1", fulfilmentMethod: "collection" } },
    ]);
  });

  it("leaves out another store's basket token", async () => {
    const { fake, calls } = shopper(() => ({ topSellingItems: [] }), {
      store: { id: 4, slug: "islington-4", name: "I" },
      basketToken: "b-4",
    });
    await recommendedItemsFor(fake, recorder().log, request);
    expect(calls[0]?.input).toEqual({ storeId: 1, basketToken: null, fulfilmentMethod: "collection" });
  });

  it("logs 'Recommended items fetch error' with message, stack, storeId and routeName, and answers null", async () => {
    const failure = new PlatformError(500, "Top sellers unavailable");
    const { fake } = shopper(() => {
      throw failure;
    });
    const { log, entries } = recorder();
    expect(await recommendedItemsFor(fake, log, request)).toBeNull();
    expect(entries).toEqual([
      {
        level: "error",
        event: "Recommended items fetch error",
        fields: {
          message: "Top sellers unavailable",
          stack: failure.stack,
          storeId: 1,
          routeName: "routes/store-search",
        },
      },
    ]);
  });
});
