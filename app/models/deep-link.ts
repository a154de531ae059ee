/*
 * Marketing deep links (spec 2 §1, §4; issue 20): a URL on the shop's own domain that fills or changes the basket.
 * The link carries everything in its query so a marketer can read it: the store, the items, whether to clear the
 * basket, a coupon, the fulfilment method, an expiry and a campaign id, then `sig`, an HMAC of the rest
 * (routes/basket/deep-link.server.ts). This module is the format only: the fields, how each is written and read,
 * and the canonical text the signature covers.
 *
 *   /basket/link?store=1&item=36x2&item=45x1s3o7.9&clear=1&coupon=WELCOME10&method=collection&exp=1796000000&campaign=winter&uid=s-81&sig=…
 *
 * An item is `<menu item id>x<quantity>`, then optionally `s<size id>` and `o<option id>.<option id>…`.
 */
import { DEEP_LINK_ERRORS } from "#contract/marketing-rules";

export const DEEP_LINK_PATH = "/basket/link";

export interface DeepLinkItem {
  menuItemId: number;
  quantity: number;
  sizeId: number | null;
  options: number[];
}

export interface DeepLink {
  storeId: number;
  items: DeepLinkItem[];
  /** Empty the basket before adding the items. */
  clear: boolean;
  coupon: string | null;
  method: "delivery" | "collection" | null;
  /** When the link stops working, in whole seconds since 1970. */
  expiresAt: number;
  campaign: string | null;
  /** The marketing tool's identity for the subscriber the e-mail went to; orders from the link carry it. */
  uid?: string | null;
}

const MAX_ID = 2_147_483_647;
const MAX_ITEMS = 50;
const COUPON = /^[A-Za-z0-9_-]{1,40}$/;
const CAMPAIGN = /^[A-Za-z0-9_.-]{1,64}$/;
const UID = /^[A-Za-z0-9_.@+-]{1,128}$/;
const ITEM = /^(\d{1,10})x(\d{1,2})(?:s(\d{1,10}))?(?:o(\d{1,10}(?:\.\d{1,10}){0,49}))?$/;

const isId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID;

/** `36x2s3o7.9` from an item; the inverse of readItem. */
export function writeItem(item: DeepLinkItem): string {
  const size = item.sizeId === null ? "" : `s${item.sizeId}`;
  const options = item.options.length ? `o${item.options.join(".")}` : "";
  return `${item.menuItemId}x${item.quantity}${size}${options}`;
}

/** An item as `npm run deeplink` takes it (`36:2`, `36:2:s3:o7.9`), or null when it is not one. */
export function readCliItem(text: string): DeepLinkItem | null {
  const [id = "", quantity = "", ...rest] = text.split(":");
  const size = rest.find((part) => /^s\d/.test(part));
  const options = rest.find((part) => /^o\d/.test(part));
  if (rest.length !== (size ? 1 : 0) + (options ? 1 : 0)) return null;
  return readItem(`${id}x${quantity}${size ?? ""}${options ?? ""}`);
}

/** An item token, or null when it is not one (unknown shape, an id out of range, a quantity outside 1–99). */
export function readItem(token: string): DeepLinkItem | null {
  const match = ITEM.exec(token);
  if (!match) return null;
  const menuItemId = Number(match[1]);
  const quantity = Number(match[2]);
  const sizeId = match[3] === undefined ? null : Number(match[3]);
  const options = match[4] === undefined ? [] : match[4].split(".").map(Number);
  if (!isId(menuItemId) || quantity < 1 || quantity > 99) return null;
  if (sizeId !== null && !isId(sizeId)) return null;
  if (!options.every(isId) || new Set(options).size !== options.length) return null;
  return { menuItemId, quantity, sizeId, options };
}

/** The link's fields as query parameters, in the one order the signature covers (no `sig`). */
export function linkParams(link: DeepLink): URLSearchParams {
  const params = new URLSearchParams();
  params.set("store", String(link.storeId));
  for (const item of link.items) params.append("item", writeItem(item));
  if (link.clear) params.set("clear", "1");
  if (link.coupon) params.set("coupon", link.coupon);
  if (link.method) params.set("method", link.method);
  params.set("exp", String(link.expiresAt));
  if (link.campaign) params.set("campaign", link.campaign);
  if (link.uid) params.set("uid", link.uid);
  return params;
}

/** Why a link's query is not a link: read before the signature is checked, so nothing here trusts it. */
export type LinkProblem = "unreadable";

/**
 * The link a query describes, or "unreadable". Strict: a parameter given twice (other than item), an unknown one, or
 * any field out of its shape makes the whole link unreadable rather than half-read.
 */
export function readLinkParams(params: URLSearchParams): DeepLink | LinkProblem {
  const known = new Set(["store", "item", "clear", "coupon", "method", "exp", "campaign", "uid", "sig"]);
  for (const key of new Set(params.keys())) {
    if (!known.has(key)) return "unreadable";
    if (key !== "item" && params.getAll(key).length > 1) return "unreadable";
  }
  const storeId = Number(params.get("store") ?? "");
  const expiresAt = Number(params.get("exp") ?? "");
  if (!/^\d{1,10}$/.test(params.get("store") ?? "") || !isId(storeId)) return "unreadable";
  if (!/^\d{1,12}$/.test(params.get("exp") ?? "") || !Number.isSafeInteger(expiresAt)) return "unreadable";
  const tokens = params.getAll("item");
  if (tokens.length > MAX_ITEMS) return "unreadable";
  const items: DeepLinkItem[] = [];
  for (const token of tokens) {
    const item = readItem(token);
    if (!item) return "unreadable";
    items.push(item);
  }
  const clear = params.get("clear");
  if (clear !== null && clear !== "1") return "unreadable";
  const coupon = params.get("coupon");
  if (coupon !== null && !COUPON.test(coupon)) return "unreadable";
  const method = params.get("method");
  if (method !== null && method !== "delivery" && method !== "collection") return "unreadable";
  const campaign = params.get("campaign");
  if (campaign !== null && !CAMPAIGN.test(campaign)) return "unreadable";
  const uid = params.get("uid");
  if (uid !== null && !UID.test(uid)) return "unreadable";
  if (items.length === 0 && clear === null && coupon === null) return "unreadable";
  return {
    storeId,
    items,
    clear: clear === "1",
    coupon,
    method,
    expiresAt,
    campaign,
    ...(uid !== null ? { uid } : {}),
  };
}

/** A campaign id or coupon as the CLI takes it: checked with the same rules the reader applies. */
export function isCoupon(text: string): boolean {
  return COUPON.test(text);
}

export function isCampaign(text: string): boolean {
  return CAMPAIGN.test(text);
}

export function isSubscriberId(text: string): boolean {
  return UID.test(text);
}

/** "7d", "12h", "30m" or "90s" in seconds; null when it is none of those. */
export function durationSeconds(text: string): number | null {
  const match = /^(\d{1,6})([dhms])$/.exec(text.trim());
  if (!match) return null;
  const unit = { d: 86_400, h: 3_600, m: 60, s: 1 }[match[2] as "d" | "h" | "m" | "s"];
  const seconds = Number(match[1]) * unit;
  return seconds > 0 ? seconds : null;
}

/** Where a link landed, as its page shows it (routes/basket/deep-link-landing.server.ts decides; decision 0036). */
export type LandingView =
  | { state: "unrecoverable"; problem: "unreadable" | "tampered" | "expired" | "store-gone" }
  | { state: "search" }
  | {
      state: "incompatible";
      reason: "not-served" | "other-store";
      storeName: string;
      basketStoreName: string | null;
      place: string;
    }
  | { state: "overwrite" | "confirm" | "ready"; storeName: string; itemCount: number };

/**
 * The landing pages' words (spec 2 §4, §8). The spec gives the store search's heading and button and the overwrite
 * warning; the rest are ours.
 */
export const DEEP_LINK_MESSAGES = {
  storeSearchRequired: DEEP_LINK_ERRORS.storeSearchRequired.message,
  storeSearchLead: "Tell us where you are and we will check the store in your link serves you, then fill your basket.",
  overwriteTitle: "Replace your basket?",
  overwrite: "You are about to overwrite your basket. Are you sure you would like to proceed?",
  confirmTitle: "Add the offer to your basket?",
  confirm: (storeName: string) => `The items from your link will be added to your basket at ${storeName}.`,
  incompatibleTitle: (storeName: string) => `Shop at ${storeName}?`,
  otherStore: (storeName: string, basketStoreName: string) =>
    `Your basket has items from ${basketStoreName}. This offer is for ${storeName}: ` +
    "if you continue, your basket will be emptied and a new one started there.",
  notServed: (storeName: string, place: string) =>
    `This offer is for ${storeName}, which does not serve ${place}. ` +
    "If you continue, your basket will be emptied and you can search again with another postcode.",
  unrecoverableTitle: "This link cannot be used",
  unrecoverable: {
    expired: "This offer has ended, so its link no longer works.",
    tampered: "This link is incomplete or has been changed. Please open it again from your e-mail.",
    unreadable: "This link is incomplete or has been changed. Please open it again from your e-mail.",
    "store-gone": "The store in this link is no longer available.",
  },
  badForm: "Sorry, that did not work. Please press Continue again.",
} as const;
