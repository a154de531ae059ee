// A shopper's browser without script, for preparing the bench's sessions: a cookie jar, GETs and form posts with
// the session cookie, and readers for the forms and text a page renders. Only the storefront's own pages and forms
// are used (no test hooks), so a prepared session holds what a real shopper's would.

/**
 * The cookies a response sets, merged over those already held as a browser keeps them: a later value replaces an
 * earlier one, and a cookie the response expires (`Max-Age` of zero or less, or an `Expires` already past) is dropped,
 * as a browser drops a flash message's cookie once its page has shown it.
 */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((attribute) => {
      const [key = "", value = ""] = attribute.split("=", 2).map((part) => part.trim());
      if (key.toLowerCase() === "max-age") return Number(value) <= 0;
      if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
      return false;
    });
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name] ?? "");

/** The fields a form posts: its hidden and filled inputs' names and values, in the page's order. */
export interface PageForm {
  action: string;
  fields: Record<string, string>;
  /** The values each unchecked radio group offers, for the shopper to choose from. */
  choices: Record<string, string[]>;
}

/** Every `<form method="post">` of a page whose action starts with `actionPrefix`, with its inputs' values. */
export function formsOf(html: string, actionPrefix: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attributes = "", body = ""] = match;
    const action = decode(/\baction="([^"]*)"/.exec(attributes)?.[1] ?? "");
    if (!/\bmethod="post"/i.test(attributes) || !action.startsWith(actionPrefix)) continue;
    const fields: Record<string, string> = {};
    const choices: Record<string, string[]> = {};
    for (const [input] of body.matchAll(/<(?:input|button)\b[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(input)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(input)?.[1];
      if (!name || value === undefined) continue;
      const unchecked = /\btype="(?:checkbox|radio)"/.test(input) && !/\bchecked\b/.test(input);
      if (unchecked) (choices[decode(name)] ??= []).push(decode(value));
      else fields[decode(name)] = decode(value);
    }
    forms.push({ action, fields, choices });
  }
  return forms;
}

/** The anti-forgery token of a page's forms (the hidden `csrf` field, whatever order its attributes come in). */
export function csrfOf(html: string): string {
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    if (!/\bname="csrf"/.test(input)) continue;
    const value = /\bvalue="([^"]+)"/.exec(input)?.[1];
    if (value) return value;
  }
  throw new Error("the page has no csrf field");
}

/** What a page says, as a screen reader would read it: tags, comments and scripts gone, spaces collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, " ")
      .replace(/<style\b[\s\S]*?<\/style>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** How a session's requests are sent: fetch by default; the scale test's shoppers retry and name their address. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** One shopper's session against one storefront. */
export class Session {
  readonly jar = new Map<string, string>();
  constructor(
    readonly origin: string,
    private readonly send: Send = (url, init) => fetch(url, init),
  ) {}

  get cookie(): string {
    return cookieHeader(this.jar);
  }

  /** GETs a page as the shopper, whatever it answers: its status, its HTML and where a redirect points. */
  async request(path: string): Promise<{ status: number; html: string; location: string | null }> {
    const response = await this.send(this.origin + path, { headers: { Cookie: this.cookie }, redirect: "manual" });
    keepCookies(this.jar, response);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }

  /** GETs a page as the shopper and answers its HTML; any status but `expectStatus` is an error. */
  async get(path: string, expectStatus = 200): Promise<string> {
    const { status, html, location } = await this.request(path);
    if (status !== expectStatus)
      throw new Error(`GET ${path} answered ${status} (to ${location ?? "—"}), expected ${expectStatus}`);
    return html;
  }

  /** Posts a form as a browser without script does and answers where its 303 points; anything else is an error. */
  async post(path: string, fields: Record<string, string>, expectLocation: string | RegExp): Promise<string> {
    const response = await this.send(this.origin + path, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: this.cookie, Origin: this.origin },
      body: new URLSearchParams(fields),
    });
    const body = await response.text();
    keepCookies(this.jar, response);
    const location = response.headers.get("location") ?? "";
    const expected =
      typeof expectLocation === "string" ? location.startsWith(expectLocation) : expectLocation.test(location);
    if (response.status !== 303 || !expected) {
      const said = textOf(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|section|ul)>/.exec(body)?.[1] ?? body).slice(0, 200);
      throw new Error(
        `POST ${path} answered ${response.status} to "${location}", expected 303 to ${expectLocation}${said ? `: ${said}` : ""}`,
      );
    }
    return location;
  }

  /** Posts then follows the redirect, as a browser does, answering the page it lands on. */
  async submit(path: string, fields: Record<string, string>, expectLocation: string | RegExp): Promise<string> {
    const location = await this.post(path, fields, expectLocation);
    return this.get(new URL(location, this.origin).pathname + new URL(location, this.origin).search);
  }
}
