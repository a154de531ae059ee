import { describe, expect, it } from "vitest";
import type { DeepLink } from "~/models/deep-link";
import { readDeepLink, signDeepLink } from "./deep-link.server";

const SECRET = "a-deep-link-secret-of-at-least-32-characters";
const NOW = new Date("2026-11-27T10:00:00Z");
const link: DeepLink = {
  storeId: 1,
  items: [
    { menuItemId: 36, quantity: 2, sizeId: null, options: [] },
    { menuItemId: 45, quantity: 1, sizeId: 3, options: [7, 9] },
  ],
  clear: false,
  coupon: "WELCOME10",
  method: null,
  expiresAt: NOW.getTime() / 1000 + 7 * 86_400,
  campaign: "winter",
};

const read = (url: string, secret = SECRET, now = NOW) => readDeepLink(new URL(url).searchParams, secret, now);

describe("signed deep links", () => {
  it("are made on the shop's own address and read back whole", () => {
    const url = signDeepLink(link, SECRET, "https://shop.example.co.uk");
    expect(url).toMatch(
      new RegExp(
        /^https:\/\/shop\.example\.co\.uk\/basket\/link\?store=1&item=36x2&item=45x1s3o7\.9/.source +
          /&coupon=WELCOME10&exp=\d+&campaign=winter&sig=[\w-]{43}$/.source,
      ),
    );
    expect(read(url)).toEqual({ ok: true, link });
  });

  it("are refused as tampered when any character of their meaning or signature changes", () => {
    const url = signDeepLink(link, SECRET, "https://shop.example.co.uk");
    const changed = [
      url.replace("item=36x2", "item=36x3"),
      url.replace("item=36x2", "item=37x2"),
      url.replace("store=1", "store=2"),
      url.replace("s3o7.9", "s4o7.9"),
      url.replace("coupon=WELCOME10", "coupon=WELCOME20"),
      url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 1}`),
      url.replace("&campaign=winter", "&campaign=summer"),
      url.replace("&campaign=winter", "&campaign=winter&uid=someone-else"),
      url.replace("&coupon=WELCOME10", ""),
      url.replace("&item=45x1s3o7.9", ""),
      url.replace("item=36x2", "clear=1&item=36x2"),
      url.replace(/sig=(.)/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`),
      url.replace(/&sig=.*$/, ""),
    ];
    for (const other of changed) expect(read(other), other).toEqual({ ok: false, problem: "tampered" });
    expect(read(url, "another-secret-of-at-least-32-characters-long")).toEqual({ ok: false, problem: "tampered" });
  });

  it("still read when a mail client reorders or re-encodes the fields without changing them", () => {
    const url = new URL(signDeepLink(link, SECRET, "https://shop.example.co.uk"));
    const fields = [...url.searchParams];
    const reordered = new URLSearchParams([
      ...fields.filter(([key]) => key !== "item").reverse(),
      ...fields.filter(([key]) => key === "item"),
    ]);
    expect(readDeepLink(reordered, SECRET, NOW)).toEqual({ ok: true, link });
    expect(read(url.toString().replace("o7.9", "o7%2E9"))).toEqual({ ok: true, link });
  });

  it("stop working at their expiry", () => {
    const url = signDeepLink(link, SECRET, "https://shop.example.co.uk");
    expect(read(url, SECRET, new Date(link.expiresAt * 1000 - 1))).toMatchObject({ ok: true });
    expect(read(url, SECRET, new Date(link.expiresAt * 1000))).toEqual({ ok: false, problem: "expired" });
  });

  it("are unreadable when their query is not a link, whatever the signature", () => {
    expect(read("https://shop.example.co.uk/basket/link?store=1&item=36x0&exp=1796000000&sig=x")).toEqual({
      ok: false,
      problem: "unreadable",
    });
    expect(read("https://shop.example.co.uk/basket/link")).toEqual({ ok: false, problem: "unreadable" });
  });
});
