import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { signedCookie } from "./signed-cookie.server";

const secrets = ["a-secret-of-at-least-thirty-two-characters!", "an-older-secret-still-read-for-a-while-xyz"];
const options = { httpOnly: true, sameSite: "lax" as const, secure: true, path: "/", maxAge: 3600 };
const value = { csrf: "tok", name: "Zoë Ünïcode ☕", basket: [1, 2, 3], nested: { a: null } };

function headerOf(setCookie: string): string {
  return setCookie.split(";", 1)[0]!;
}

describe("signedCookie: React Router's format, signed with node:crypto", () => {
  it("writes exactly what React Router's own cookie writes, and each reads the other's", async () => {
    const ours = signedCookie("__session", { ...options, secrets });
    const theirs = createCookie("__session", { ...options, secrets });
    const mine = await ours.serialize(value);
    const reference = await theirs.serialize(value);
    expect(headerOf(mine)).toBe(headerOf(reference));
    expect(mine.replace(/Expires=[^;]+/, "")).toBe(reference.replace(/Expires=[^;]+/, ""));
    expect(await ours.parse(headerOf(reference))).toEqual(value);
    expect(await theirs.parse(headerOf(mine))).toEqual(value);
  });

  it("reads a cookie signed with an older secret, and refuses one tampered with or signed with another", async () => {
    const old = signedCookie("__session", { ...options, secrets: [secrets[1]!] });
    const ours = signedCookie("__session", { ...options, secrets });
    expect(await ours.parse(headerOf(await old.serialize(value)))).toEqual(value);

    const good = headerOf(await ours.serialize({ strategy: "guest" }));
    const [payload, mac] = good.slice("__session=".length).split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ strategy: "member" })).toString("base64");
    expect(await ours.parse(`__session=${forged}.${mac}`)).toBeNull();
    expect(await ours.parse(`__session=${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(await ours.parse(`__session=${payload}`)).toBeNull();
    const stranger = signedCookie("__session", { ...options, secrets: ["somebody-else's-secret-of-32-chars-or-more"] });
    expect(await stranger.parse(good)).toBeNull();
  });

  it("answers null without the cookie, an empty string for an empty one, and clears as React Router does", async () => {
    const ours = signedCookie("__session", { ...options, secrets });
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("other=1")).toBeNull();
    expect(await ours.parse("__session=")).toBe("");
    const theirs = createCookie("__session", { ...options, secrets });
    const clear = { maxAge: undefined, expires: new Date(0) };
    expect(await ours.serialize("", clear)).toBe(await theirs.serialize("", clear));
  });
});
