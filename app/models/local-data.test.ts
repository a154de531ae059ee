import { describe, expect, it } from "vitest";
import { RECENT_SEARCHES_KEY } from "./recent-searches";
import {
  cleanDeprecatedLocalData,
  DEPRECATED_LOCAL_KEYS,
  FIRST_TIME_USER_KEY,
  parseFirstTimeUser,
  serialiseFirstTimeUser,
  welcomesOn,
} from "./local-data";

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("deprecated local data keys (spec 1 §9)", () => {
  it("removes every deprecated key that is there and keeps everything else", () => {
    const storage = memoryStorage({
      vuex: "{}",
      basketToken: "abc",
      firstTimeUser: '{"welcomeSeen":true}',
      "recent-postcodes": "[]",
    });
    expect(cleanDeprecatedLocalData(storage)).toEqual(["vuex", "basketToken"]);
    expect([...storage.map.keys()]).toEqual(["firstTimeUser", "recent-postcodes"]);
    expect(cleanDeprecatedLocalData(storage)).toEqual([]);
  });

  it("never lists a key the storefront still uses", () => {
    expect(DEPRECATED_LOCAL_KEYS).not.toContain(FIRST_TIME_USER_KEY);
    expect(DEPRECATED_LOCAL_KEYS).not.toContain(RECENT_SEARCHES_KEY);
  });

  it("leaves a storage that refuses alone", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    expect(cleanDeprecatedLocalData(refusing)).toEqual([]);
  });
});

describe("first-time-user flags (spec 2 §3)", () => {
  it("reads what it writes, and anything else as a device that saw nothing", () => {
    expect(parseFirstTimeUser(serialiseFirstTimeUser({ welcomeSeen: true }))).toEqual({ welcomeSeen: true });
    for (const raw of [null, "", "not json", "true", '{"welcomeSeen":"yes"}', "[]"])
      expect(parseFirstTimeUser(raw)).toEqual({ welcomeSeen: false });
  });

  it("welcomes on the pages a visit starts from, never in the middle of an order", () => {
    for (const path of ["/", "/stores/victoria-street-1", "/stores-near-by"]) expect(welcomesOn(path), path).toBe(true);
    for (const path of ["/basket", "/checkout/payment", "/member", "/login", "/basket/link", "/checkout/success"])
      expect(welcomesOn(path), path).toBe(false);
  });
});
