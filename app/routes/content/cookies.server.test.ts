import { parseWithZod } from "@conform-to/zod/v4";
import { parse as parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { choiceOf, consentCookies, consentSchema, readConsent } from "./cookies.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return parseWithZod(data, { schema: consentSchema });
};

describe("the consent form", () => {
  it("accepts all, rejects all, or saves the two switches", () => {
    const accept = form({ intent: "accept-all" });
    const reject = form({ intent: "reject-all" });
    const save = form({ intent: "save", performance: "yes", targeting: "no" });
    expect(accept.status === "success" && choiceOf(accept.value)).toEqual({ performance: true, targeting: true });
    expect(reject.status === "success" && choiceOf(reject.value)).toEqual({ performance: false, targeting: false });
    expect(save.status === "success" && choiceOf(save.value)).toEqual({ performance: true, targeting: false });
  });

  it("refuses a save without both answers, an unknown answer or an unknown intent", () => {
    expect(form({ intent: "save", performance: "yes" }).status).toBe("error");
    expect(form({ intent: "save", performance: "maybe", targeting: "no" }).status).toBe("error");
    expect(form({ intent: "accept-some" }).status).toBe("error");
  });
});

describe("the consent cookies", () => {
  it("are three cookies for a year, site-wide, HttpOnly, Lax, Secure when asked", () => {
    const set = consentCookies({ performance: true, targeting: false }, true);
    expect(set.map((c) => c.split(";")[0])).toEqual([
      "cookieConsent=true",
      "performanceCookies=true",
      "targetingCookies=false",
    ]);
    for (const cookie of set) {
      expect(cookie).toMatch(/; Max-Age=31536000/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Secure/);
    }
    expect(consentCookies({ performance: true, targeting: false }, false)[0]).not.toMatch(/Secure/);
  });

  it("are read back from a request", () => {
    const header = consentCookies({ performance: false, targeting: true }, false)
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(parseSetCookie(header)).toMatchObject({ cookieConsent: "true" });
    expect(readConsent(new Request("http://shop.test/", { headers: { Cookie: `session=x; ${header}` } }))).toEqual({
      given: true,
      performance: false,
      targeting: true,
    });
    expect(readConsent(new Request("http://shop.test/")).given).toBe(false);
  });
});
