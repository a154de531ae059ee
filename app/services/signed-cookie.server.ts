import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize, type SerializeOptions } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

/**
 * React Router's cookie, signed with node:crypto's HMAC in the same thread instead of WebCrypto (decision 0027: its
 * key import and asynchronous sign or verify cost more than the rest of the session's handling on every page). The
 * value's encoding (base64 of the JSON's UTF-8) and signature (`value.` + unpadded base64 HMAC-SHA256, the first
 * secret signing, any verifying) are React Router's, so cookies made by either are read by the other.
 */
export function signedCookie(name: string, cookieOptions: CookieOptions & { secrets: string[] }): Cookie {
  const { secrets, ...options } = { path: "/", sameSite: "lax" as const, ...cookieOptions };
  if (secrets.length === 0) throw new Error(`the ${name} cookie needs a secret`);
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return options.maxAge !== undefined ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader, { ...options, ...parseOptions });
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      for (const secret of secrets) {
        const unsigned = unsign(value, secret);
        if (unsigned !== false) return decodeData(unsigned);
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      return serialize(name, value === "" ? "" : sign(encodeData(value), secrets[0]!), {
        ...options,
        ...serializeOptions,
      } as SerializeOptions);
    },
  };
}

function signature(value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(value, "utf8").digest();
}

export function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret).toString("base64").replace(/=+$/, "")}`;
}

export function unsign(cookie: string, secret: string): string | false {
  const at = cookie.lastIndexOf(".");
  if (at < 0) return false;
  const value = cookie.slice(0, at);
  const given = Buffer.from(cookie.slice(at + 1), "base64");
  const expected = signature(value, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

function encodeData(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

function decodeData(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
  } catch {
    return {};
  }
}
