// What every answer of the storefront must carry (decision 0005, decision 0046): a Content-Security-Policy whose
// scripts and styles run by nonce only ('unsafe-inline' nowhere), no framing by anyone (frame-ancestors 'none' and
// X-Frame-Options DENY), no sniffing, and HSTS where the server runs in production.

export const HSTS = "max-age=31536000; includeSubDomains";

function directive(policy: string, name: string): string | null {
  const found = policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));
  return found ?? null;
}

/** The problems with one answer's headers (empty when it carries everything it must). */
export function securityHeaderProblems(
  label: string,
  headers: Record<string, string>,
  options: { production: boolean },
): string[] {
  const problems: string[] = [];
  const policy = headers["content-security-policy"] ?? "";
  const scriptSrc = directive(policy, "script-src");
  const styleSrc = directive(policy, "style-src");
  if (!scriptSrc || !/'nonce-[A-Za-z0-9+/=_-]{16,}'/.test(scriptSrc))
    problems.push(`${label}: script-src names no nonce (${scriptSrc})`);
  if (!styleSrc || !/'nonce-[A-Za-z0-9+/=_-]{16,}'/.test(styleSrc))
    problems.push(`${label}: style-src names no nonce (${styleSrc})`);
  if (policy.includes("'unsafe-inline'")) problems.push(`${label}: the policy allows 'unsafe-inline'`);
  if (policy.includes("'unsafe-eval'")) problems.push(`${label}: the policy allows 'unsafe-eval'`);
  if (directive(policy, "frame-ancestors") !== "frame-ancestors 'none'")
    problems.push(`${label}: ${directive(policy, "frame-ancestors") ?? "no frame-ancestors"}`);
  if (directive(policy, "object-src") !== "object-src 'none'")
    problems.push(`${label}: ${directive(policy, "object-src") ?? "no object-src"}`);
  if (headers["x-frame-options"] !== "DENY")
    problems.push(`${label}: X-Frame-Options ${headers["x-frame-options"] ?? "missing"}`);
  if (headers["x-content-type-options"] !== "nosniff")
    problems.push(`${label}: X-Content-Type-Options ${headers["x-content-type-options"] ?? "missing"}`);
  const hsts = headers["strict-transport-security"];
  if (options.production && hsts !== HSTS) problems.push(`${label}: Strict-Transport-Security ${hsts ?? "missing"}`);
  if (!options.production && hsts !== undefined) problems.push(`${label}: HSTS outside production (${hsts})`);
  return problems;
}

/** The problems with one Set-Cookie: every cookie the storefront sets is HttpOnly, SameSite=Lax, site-wide, and Secure in production. */
export function cookieProblems(setCookie: string, options: { production: boolean }): string[] {
  const name = setCookie.split("=", 1)[0]!.trim();
  const attributes = setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  const problems: string[] = [];
  if (!attributes.includes("samesite=lax")) problems.push(`${name}: not SameSite=Lax (${setCookie})`);
  if (!attributes.includes("path=/")) problems.push(`${name}: not for the whole site (${setCookie})`);
  if (options.production !== attributes.includes("secure"))
    problems.push(`${name}: Secure ${options.production ? "missing in production" : "outside production"}`);
  if (!attributes.includes("httponly")) problems.push(`${name}: not HttpOnly`);
  return problems;
}

/**
 * Every cookie the storefront sets, by a journey that makes each of them: a session (the first post), a flash message
 * (a refused post) and its clearing (the page that shows it), the consent cookies (the cookie banner's choice) and the
 * header banner's closing. Answers each Set-Cookie as sent, with the names seen.
 */
export async function cookiesOfAJourney(base: string): Promise<{ setCookies: string[]; names: Set<string> }> {
  const origin = new URL(base).origin;
  const jar = new Map<string, string>();
  const setCookies: string[] = [];
  const send = async (path: string, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}) => {
    const response = await fetch(new URL(path, base), {
      method: init.form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const pair = line.split(";", 1)[0]!;
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, html: await response.text() };
  };
  const home = await send("/");
  const banner = /name="banner" value="([^"]+)"/.exec(home.html)?.[1] ?? "";
  await send("/location", {
    form: { csrf: "sessionless", intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" },
    headers: { origin },
  });
  await send("/location", {
    form: { intent: "postcode", postcode: "M1 1AE", redirectTo: "/" },
    headers: { referer: `${origin}/faqs` },
  });
  await send("/faqs");
  await send("/cookies", { form: { csrf: "sessionless", intent: "accept-all", redirectTo: "/" }, headers: { origin } });
  await send("/header-banner", { form: { csrf: "sessionless", banner, redirectTo: "/" }, headers: { origin } });
  return { setCookies, names: new Set(setCookies.map((c) => c.split("=", 1)[0]!.replace(/^(__flash).*$/, "$1"))) };
}
