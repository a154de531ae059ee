import { describe, expect, it } from "vitest";
import {
  durationSeconds,
  linkParams,
  readCliItem,
  readItem,
  readLinkParams,
  writeItem,
  type DeepLink,
} from "./deep-link";

const link: DeepLink = {
  storeId: 1,
  items: [
    { menuItemId: 36, quantity: 2, sizeId: null, options: [] },
    { menuItemId: 45, quantity: 1, sizeId: 3, options: [7, 9] },
  ],
  clear: true,
  coupon: "WELCOME10",
  method: "collection",
  expiresAt: 1_796_000_000,
  campaign: "winter-2026",
};

describe("deep-link items", () => {
  it("write and read back an item with and without its size and options", () => {
    for (const item of link.items) expect(readItem(writeItem(item))).toEqual(item);
    expect(writeItem(link.items[1]!)).toBe("45x1s3o7.9");
  });

  it("refuse a quantity outside 1–99, a bad size or option, a repeated option and any other shape", () => {
    for (const token of [
      "36x0",
      "36x100",
      "0x1",
      "36x1s0",
      "36x1o7.0",
      "36x1o7.7",
      "36x1s",
      "36x1o",
      "36",
      "x2",
      "36x2s3s4",
      "36x2o7s3",
      "-1x2",
      "3e2x1",
      "36x1s99999999999",
    ]) {
      expect(readItem(token), token).toBeNull();
    }
  });

  it("take the CLI's form, 36:2 and 45:1:s3:o7.9", () => {
    expect(readCliItem("36:2")).toEqual(link.items[0]);
    expect(readCliItem("45:1:s3:o7.9")).toEqual(link.items[1]);
    expect(readCliItem("45:1:o7.9:s3")).toEqual(link.items[1]);
    expect(readCliItem("45:1:x")).toBeNull();
    expect(readCliItem("45")).toBeNull();
  });
});

describe("deep-link query", () => {
  it("writes the fields in one order and reads them back", () => {
    const params = linkParams(link);
    expect(params.toString()).toBe(
      "store=1&item=36x2&item=45x1s3o7.9&clear=1&coupon=WELCOME10&method=collection&exp=1796000000&campaign=winter-2026",
    );
    expect(readLinkParams(params)).toEqual(link);
  });

  it("carries the subscriber's identity when the link names one", () => {
    const named: DeepLink = { ...link, uid: "s-81@list" };
    expect(linkParams(named).toString()).toMatch(/&campaign=winter-2026&uid=s-81%40list$/);
    expect(readLinkParams(linkParams(named))).toEqual(named);
    expect(readLinkParams(new URLSearchParams(`${linkParams(link).toString()}&uid=two%20words`))).toBe("unreadable");
  });

  it("leaves out what a link does not ask for", () => {
    const plain: DeepLink = {
      ...link,
      items: [link.items[0]!],
      clear: false,
      coupon: null,
      method: null,
      campaign: null,
    };
    expect(linkParams(plain).toString()).toBe("store=1&item=36x2&exp=1796000000");
    expect(readLinkParams(linkParams(plain))).toEqual(plain);
  });

  it("is unreadable as a whole when any part is out of shape, repeated or unknown, or when it asks for nothing", () => {
    const base = linkParams(link).toString();
    for (const query of [
      base.replace("store=1", "store=abc"),
      base.replace("store=1", "store=0"),
      `${base}&store=2`,
      `${base}&exp=1`,
      base.replace("exp=1796000000", "exp=soon"),
      base.replace("item=36x2", "item=36x0"),
      base.replace("clear=1", "clear=yes"),
      base.replace("coupon=WELCOME10", "coupon=WELCOME%2010"),
      base.replace("method=collection", "method=drone"),
      base.replace("campaign=winter-2026", "campaign=a%20b"),
      `${base}&extra=1`,
      "store=1&exp=1796000000",
      "",
    ]) {
      expect(readLinkParams(new URLSearchParams(query)), query).toBe("unreadable");
    }
  });

  it("takes no more than 50 items", () => {
    const many = new URLSearchParams("store=1&exp=1796000000");
    for (let i = 1; i <= 51; i++) many.append("item", `${i}x1`);
    expect(readLinkParams(many)).toBe("unreadable");
  });
});

describe("durationSeconds", () => {
  it("reads days, hours, minutes and seconds", () => {
    expect(durationSeconds("7d")).toBe(604_800);
    expect(durationSeconds("12h")).toBe(43_200);
    expect(durationSeconds("30m")).toBe(1_800);
    expect(durationSeconds("90s")).toBe(90);
    expect(durationSeconds("0d")).toBeNull();
    expect(durationSeconds("7w")).toBeNull();
    expect(durationSeconds("soon")).toBeNull();
  });
});
