import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { appContext, type AppServices } from "./context";
import {
  dataWithToast,
  FLASH_COOKIE_PREFIX,
  flashCookiesFor,
  redirectWithFlash,
  redirectWithToast,
} from "./flash.server";

const config = { sessionSecrets: ["a-session-secret-of-at-least-32-chars!"], secureCookies: false, testRoutes: false };
const flashes = flashCookiesFor(config);

/** The Cookie header a browser would send back after these Set-Cookie values (a cleared cookie is dropped). */
function cookieHeader(setCookies: string[], jar = new Map<string, string>()): string {
  for (const header of setCookies) {
    const [pair] = header.split(";");
    const [name, ...rest] = pair!.split("=");
    if (/Max-Age=0/i.test(header)) jar.delete(name!);
    else jar.set(name!, rest.join("="));
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

const added = { kind: "success", message: "Coupon added successfully" } as const;
const updated = { kind: "success", message: "Quantity updated." } as const;

describe("flash cookies", () => {
  it("send each message in a cookie of its own, signed, HttpOnly, for five minutes", async () => {
    const headers = await flashes.headers({ add: [{ key: "toast", value: added }], clear: [], now: 1 });
    expect(headers).toHaveLength(1);
    expect(headers[0]).toMatch(new RegExp(`^${FLASH_COOKIE_PREFIX}[A-Za-z0-9_-]+=`));
    expect(headers[0]).toMatch(/Max-Age=300/);
    expect(headers[0]).toMatch(/HttpOnly/);
    expect(headers[0]).toMatch(/SameSite=Lax/);
    expect(await flashes.read(cookieHeader(headers))).toMatchObject({ flash: { toast: added } });
  });

  it("show the newest message of a kind, and name every flash cookie read so the page can clear them", async () => {
    const older = await flashes.headers({ add: [{ key: "toast", value: updated }], clear: [], now: 1000 });
    const newer = await flashes.headers({
      add: [
        { key: "toast", value: added },
        { key: "locationError", value: { message: "Unable to find location", value: "ZZ1" } },
      ],
      clear: [],
      now: 2000,
    });
    const header = cookieHeader([...newer, ...older]);
    const arrived = await flashes.read(`theme=dark; ${header}`);
    expect(arrived.flash).toEqual({
      toast: added,
      locationError: { message: "Unable to find location", value: "ZZ1" },
    });
    expect(arrived.names).toHaveLength(3);
    expect(arrived.names.every((n) => n.startsWith(FLASH_COOKIE_PREFIX))).toBe(true);
  });

  it("clear only the cookies a page read: a message set by an overlapping request survives", async () => {
    const jar = new Map<string, string>();
    const stepper = await flashes.headers({ add: [{ key: "toast", value: updated }], clear: [], now: 1000 });
    const seenByStaleLoad = await flashes.read(cookieHeader(stepper, jar));
    // The coupon's answer lands first, then the older page load's answer, which clears what it read.
    const coupon = await flashes.headers({ add: [{ key: "toast", value: added }], clear: [], now: 2000 });
    cookieHeader(coupon, jar);
    const staleClear = await flashes.headers({ add: [], clear: seenByStaleLoad.names, now: 2001 });
    expect(staleClear[0]).toMatch(/Max-Age=0/);
    expect((await flashes.read(cookieHeader(staleClear, jar))).flash).toEqual({ toast: added });
  });

  it("ignore unsigned or tampered cookies and shapes the pages cannot show", async () => {
    const [good] = await flashes.headers({ add: [{ key: "toast", value: added }], clear: [], now: 1 });
    const [name, value] = good!.split(";")[0]!.split("=");
    const forgedValue = JSON.stringify({ key: "toast", value: { kind: "error", message: "Forged" }, at: 9, seq: 0 });
    const forged = `${FLASH_COOKIE_PREFIX}x=${encodeURIComponent(Buffer.from(forgedValue).toString("base64"))}`;
    const tampered = `${name}=${value!.slice(0, -4)}AAAA`;
    expect((await flashes.read(`${forged}; ${tampered}`)).flash).toEqual({});
    expect(
      await flashes.headers({ add: [{ key: "toast", value: { kind: "shout", message: "x" } }], clear: [], now: 1 }),
    ).toEqual([]);
    expect(await flashes.read(null)).toEqual({ flash: {}, names: [] });
  });

  it("read at most eight messages, but name every flash cookie for clearing", async () => {
    const many: string[] = [];
    for (let i = 0; i < 12; i++)
      many.push(
        ...(await flashes.headers({
          add: [{ key: "toast", value: { kind: "info", message: `m${i}` } }],
          clear: [],
          now: i,
        })),
      );
    const arrived = await flashes.read(cookieHeader(many));
    expect(arrived.names).toHaveLength(12);
    expect(arrived.flash.toast?.message).toMatch(/^m\d+$/);
  });
});

describe("answers that leave a message", () => {
  const context = new RouterContextProvider(new Map([[appContext, { config } as AppServices]]));
  const setCookies = (headers: Headers) => headers.getSetCookie();

  it("redirect with 303 and the message's cookie, which the next page reads", async () => {
    const response = await redirectWithToast(context, "/basket", added);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/basket");
    expect(await flashes.read(cookieHeader(setCookies(response.headers)))).toMatchObject({ flash: { toast: added } });
  });

  it("carry several messages, and keep the headers and status they were given", async () => {
    const response = await redirectWithFlash(
      context,
      "/",
      { toast: added, locationError: { message: "Unable to find location", value: "ZZ1" } },
      { status: 302, headers: { "X-Seen": "1" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("X-Seen")).toBe("1");
    expect(setCookies(response.headers)).toHaveLength(2);
  });

  it("give a fetcher its data with the toast's cookie, or with none", async () => {
    const withToast = await dataWithToast(context, { ok: true }, updated);
    expect(withToast.data).toEqual({ ok: true });
    expect(setCookies(new Headers(withToast.init?.headers))).toHaveLength(1);
    const without = await dataWithToast(context, { ok: true }, null, 400);
    expect(without.init?.status).toBe(400);
    expect(new Headers(without.init?.headers).getSetCookie()).toHaveLength(0);
  });
});
