import { randomBytes } from "node:crypto";
import { ACCEPTED_SCHEMES, TEST_CARDS, type CardField } from "./card-rules";

/*
 * The test gateway's pages, as server-rendered HTML: the hosted card page, the 3-D Secure challenge and the short
 * pages that say why a page can no longer be used. They run no script, so they work with JavaScript off, and their
 * own Content-Security-Policy allows nothing but their inline style (by nonce) and form posts back to themselves or
 * to the shop's return addresses.
 */

export const FIELD_NAMES: Record<CardField, string> = {
  cardNumber: "card-number",
  expiryDate: "expiry-date",
  securityCode: "security-code",
};

export const TEST_NOTICE = "Test payment page — no real money is taken";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Pence (or another currency's minor units) for display: £12.50. */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

export interface PageResponseOptions {
  status?: number;
  /** Origins other than the gateway's own that a form on the page may end up at (by redirect). */
  formTargets?: readonly string[];
}

/** The origins of absolute http(s) addresses, for form-action. */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") origins.add(parsed.origin);
    } catch {
      // Not absolute: a path on this origin, which 'self' already allows.
    }
  }
  return [...origins];
}

export function pageCsp(nonce: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** A whole page with its headers; `render` receives the nonce for the inline style. */
export function htmlResponse(render: (nonce: string) => string, options: PageResponseOptions = {}): Response {
  const nonce = randomBytes(16).toString("base64");
  return new Response(render(nonce), {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": pageCsp(nonce, options.formTargets),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    },
  });
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.125rem;line-height:1.5;
color:#0b0c0c;background:#f3f2f1}
.banner{background:#1d1d1b;color:#fff;padding:.75rem 1rem;text-align:center}
.banner p{margin:0;font-weight:700}
main{max-width:34rem;margin:0 auto;padding:1.5rem 1rem 3rem;background:#fff;min-height:100vh}
h1{font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.375rem;margin:2rem 0 .5rem}
.summary{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
.summary dt{font-weight:700}
.summary dd{margin:0;overflow-wrap:anywhere}
.field{margin:0 0 1.5rem}
.field--error{border-left:5px solid #d4351c;padding-left:.75rem}
label{display:block;font-weight:700;margin:0 0 .25rem}
.hint{display:block;color:#484949;margin:0 0 .25rem}
.error-message{display:block;color:#d4351c;font-weight:700;margin:0 0 .25rem}
input{display:block;width:100%;max-width:22rem;font:inherit;padding:.375rem .5rem;border:2px solid #0b0c0c;border-radius:0}
input.short{max-width:8rem}
.field--error input{border-color:#d4351c}
input:focus,button:focus,a:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
a{color:#1d70b8}
a:focus{color:#0b0c0c;background:#fd0;box-shadow:0 -2px #fd0,0 4px #0b0c0c;text-decoration:none;outline:none}
button{font:inherit;font-weight:700;padding:.5rem 1rem;border:0;border-radius:0;cursor:pointer;margin:0 .75rem .75rem 0;min-height:2.75rem}
.primary{background:#00703c;color:#fff;box-shadow:0 2px 0 #002d18}
.secondary{background:#e5e5e5;color:#0b0c0c;box-shadow:0 2px 0 #6f6f6f}
.warning{background:#d4351c;color:#fff;box-shadow:0 2px 0 #55150b}
.error-summary{border:5px solid #d4351c;padding:1rem;margin:0 0 1.5rem}
.error-summary h2{margin-top:0}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#d4351c;font-weight:700}
.nowrap{white-space:nowrap}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;
overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;border:0!important;
white-space:nowrap!important}
.about{border-top:1px solid #b1b4b6;margin-top:2rem;font-size:1rem}
.about ul{padding-left:1.25rem}
`;

function document(nonce: string, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header class="banner"><p>${escapeHtml(TEST_NOTICE)}</p></header>
<main id="main">
${body}
</main>
</body>
</html>`;
}

function paymentSummary(amount: number, currency: string, reference: string): string {
  return `<dl class="summary">
<dt>Amount</dt><dd>${escapeHtml(formatAmount(amount, currency))}</dd>
<dt>Merchant reference</dt><dd>${escapeHtml(reference)}</dd>
</dl>`;
}

function aboutSection(): string {
  const cards = TEST_CARDS.map(
    (c) => `<li><span class="nowrap">${escapeHtml(c.number)}</span>: ${escapeHtml(c.description)}</li>`,
  ).join("\n");
  return `<section class="about" aria-labelledby="about-heading">
<h2 id="about-heading">About this test page</h2>
<p>This page stands in for the card payment provider while the shop is being tried out. Nothing entered here is charged or kept.</p>
<p>We accept ${ACCEPTED_SCHEMES.slice(0, -1).join(", ")} and ${ACCEPTED_SCHEMES.at(-1)}:</p>
<ul>${ACCEPTED_SCHEMES.map((s) => `<li>${s}</li>`).join("")}</ul>
<p>Test cards, with any future expiry date and any 3-digit security code:</p>
<ul>
${cards}
<li>any other valid Visa, Mastercard, Discover or JCB number: approved</li>
</ul>
</section>`;
}

export interface CardPageInput {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  /** Where the card form and the cancel button post. */
  actionPath: string;
  cancelPath: string;
  errors?: { field: CardField; message: string }[];
  /** The expiry date as the shopper typed it; the card number and security code are never sent back. */
  expiry?: string;
}

const FIELDS: { field: CardField; label: string; hint: string; autocomplete: string; short: boolean }[] = [
  {
    field: "cardNumber",
    label: "Card number",
    hint: "The long number on the front of your card",
    autocomplete: "cc-number",
    short: false,
  },
  { field: "expiryDate", label: "Expiry date", hint: "For example, 04/28", autocomplete: "cc-exp", short: true },
  {
    field: "securityCode",
    label: "Security code",
    hint: "The last 3 digits on the back of the card",
    autocomplete: "cc-csc",
    short: true,
  },
];

/** The hosted card page: three fields, a pay button and a cancel button. */
export function cardPage(input: CardPageInput): (nonce: string) => string {
  const errors = input.errors ?? [];
  const amount = formatAmount(input.amount, input.currency);
  const errorFor = (field: CardField) => errors.find((e) => e.field === field)?.message;
  const summary =
    errors.length === 0
      ? ""
      : `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>
${errors.map((e) => `<li><a href="#${FIELD_NAMES[e.field]}">${escapeHtml(e.message)}</a></li>`).join("\n")}
</ul>
</div>`;
  const fields = FIELDS.map(({ field, label, hint, autocomplete, short }) => {
    const name = FIELD_NAMES[field];
    const error = errorFor(field);
    const describedBy = [`${name}-hint`, ...(error ? [`${name}-error`] : [])].join(" ");
    const value = field === "expiryDate" && input.expiry ? ` value="${escapeHtml(input.expiry)}"` : "";
    const inputTag =
      `<input id="${name}" name="${name}" type="text" inputmode="numeric" autocomplete="${autocomplete}" spellcheck="false"` +
      `${short ? ' class="short"' : ""} aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ""}${value}>`;
    return `<div class="field${error ? " field--error" : ""}">
<label for="${name}">${label}</label>
<span id="${name}-hint" class="hint">${hint}</span>
${error ? `<span id="${name}-error" class="error-message"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</span>` : ""}
${inputTag}
</div>`;
  }).join("\n");
  const title = `${errors.length ? "Error: " : ""}Enter your card details – Pay ${amount} – Test payment page`;
  return (nonce) =>
    document(
      nonce,
      title,
      `${summary}
<h1>Enter your card details</h1>
${paymentSummary(input.amount, input.currency, input.reference)}
${input.description ? `<p>${escapeHtml(input.description)}</p>` : ""}
<form method="post" action="${escapeHtml(input.actionPath)}" novalidate>
${fields}
<button type="submit" class="primary">Pay ${escapeHtml(amount)}</button>
</form>
<form method="post" action="${escapeHtml(input.cancelPath)}">
<button type="submit" class="secondary">Cancel payment</button>
</form>
${aboutSection()}`,
    );
}

export interface ChallengePageInput {
  amount: number;
  currency: string;
  reference: string;
  actionPath: string;
}

export const CHALLENGE_OUTCOMES = {
  authenticate: "Authenticate",
  fail: "Fail authentication",
  cancel: "Cancel",
} as const;
export type ChallengeOutcome = keyof typeof CHALLENGE_OUTCOMES;

/** The 3-D Secure challenge: where the shopper's bank would ask them to confirm the payment. */
export function challengePage(input: ChallengePageInput): (nonce: string) => string {
  return (nonce) =>
    document(
      nonce,
      `Confirm your payment – Test payment page`,
      `<h1>Confirm your payment</h1>
<p>This is where your bank would ask you to prove it is you (3-D Secure). Choose what the bank decides.</p>
${paymentSummary(input.amount, input.currency, input.reference)}
<form method="post" action="${escapeHtml(input.actionPath)}">
<button type="submit" name="outcome" value="authenticate" class="primary">${CHALLENGE_OUTCOMES.authenticate}</button>
<button type="submit" name="outcome" value="fail" class="warning">${CHALLENGE_OUTCOMES.fail}</button>
<button type="submit" name="outcome" value="cancel" class="secondary">${CHALLENGE_OUTCOMES.cancel}</button>
</form>
${aboutSection()}`,
    );
}

export interface MessagePageInput {
  heading: string;
  paragraphs: string[];
  link?: { href: string; text: string };
  payment?: { amount: number; currency: string; reference: string };
}

/** A page that only explains: a cancelled or expired card page, an unknown address, a finished challenge. */
export function messagePage(input: MessagePageInput): (nonce: string) => string {
  return (nonce) =>
    document(
      nonce,
      `${input.heading} – Test payment page`,
      `<h1>${escapeHtml(input.heading)}</h1>
${input.payment ? paymentSummary(input.payment.amount, input.payment.currency, input.payment.reference) : ""}
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${input.link ? `<p><a href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.text)}</a></p>` : ""}
${aboutSection()}`,
    );
}
