import { describe, expect, it } from "vitest";
import { parseCookieHeader } from "./lighthouse";
import { cookieHeader, csrfOf, formsOf, keepCookies, textOf } from "./session";

const card = `<form data-discover="true" action="/basket/add" method="post"><input type="hidden" name="csrf" value="tok"/>
<input type="hidden" name="intent" value="add"/><input type="hidden" name="menuItemId" value="36"/>
<input type="hidden" name="redirectTo" value="/stores/a?x=1&amp;y=2"/><button type="submit">Add</button></form>`;
const slots = `<form action="/stores/a/time-slots?day=2026-11-28" method="post"><input type="hidden" name="intent" value="reserve"/>
<input type="radio" name="timeSlotDate" value="T1"/><input type="radio" name="timeSlotDate" value="T2"/>
<input type="checkbox" name="save" value="yes" checked/></form>`;

describe("formsOf", () => {
  it("reads a form's hidden fields and decodes their entities", () => {
    expect(formsOf(card, "/basket/add")).toEqual([
      {
        action: "/basket/add",
        fields: { csrf: "tok", intent: "add", menuItemId: "36", redirectTo: "/stores/a?x=1&y=2" },
        choices: {},
      },
    ]);
  });

  it("keeps unchecked radios as choices for the shopper and checked boxes as fields", () => {
    const [form] = formsOf(slots, "/stores/a/time-slots");
    expect(form?.fields).toEqual({ intent: "reserve", save: "yes" });
    expect(form?.choices).toEqual({ timeSlotDate: ["T1", "T2"] });
  });

  it("leaves out forms posting elsewhere and GET forms", () => {
    expect(formsOf(card + slots, "/checkout")).toEqual([]);
    expect(formsOf(`<form action="/basket/add"><input name="a" value="b"/></form>`, "/basket/add")).toEqual([]);
  });
});

describe("csrfOf", () => {
  it("finds the token whatever the attributes' order, and throws without one", () => {
    expect(csrfOf(`<input value="abc" type="hidden" name="csrf"/>`)).toBe("abc");
    expect(() => csrfOf("<p>no form</p>")).toThrow(/csrf/);
  });
});

describe("textOf", () => {
  it("reads a React page as text: comments, tags and scripts gone", () => {
    expect(
      textOf(
        `<p>Items (<!-- -->10<!-- -->)</p><script>var x = "Pick a time"</script><span>Change<span> time</span></span>`,
      ),
    ).toBe("Items (10) Change time");
  });
});

describe("cookies", () => {
  it("keeps the newest value of each cookie and sends them back as one header", () => {
    const jar = new Map<string, string>();
    const first = new Response(null, {
      headers: [
        ["set-cookie", "__session=a; Path=/; HttpOnly"],
        ["set-cookie", "csrf=t; Path=/"],
      ],
    });
    keepCookies(jar, first);
    keepCookies(jar, new Response(null, { headers: [["set-cookie", "__session=b; Path=/"]] }));
    expect(cookieHeader(jar)).toBe("__session=b; csrf=t");
  });
});

describe("expired cookies", () => {
  it("are dropped as a browser drops them, by Max-Age or a past Expires, and others kept", () => {
    const jar = new Map([
      ["__session", "s"],
      ["__flash_a", "one"],
      ["__flash_b", "two"],
      ["__flash_c", "three"],
    ]);
    keepCookies(
      jar,
      new Response(null, {
        headers: [
          ["set-cookie", "__flash_a=; Max-Age=0; Path=/"],
          ["set-cookie", "__flash_b=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"],
          ["set-cookie", "__flash_d=new; Path=/; Max-Age=60"],
        ],
      }),
    );
    expect(cookieHeader(jar)).toBe("__session=s; __flash_c=three; __flash_d=new");
  });
});

describe("parseCookieHeader", () => {
  it("splits a Cookie header into the pairs Lighthouse's browser is given, values kept whole", () => {
    expect(parseCookieHeader("__session=a=b; csrf=t;  ; bare")).toEqual([
      ["__session", "a=b"],
      ["csrf", "t"],
    ]);
    expect(parseCookieHeader("")).toEqual([]);
  });
});
