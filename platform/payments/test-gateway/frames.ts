import { randomBytes } from "node:crypto";
import { escapeHtml, originsOf } from "./pages";

/*
 * The test gateway's card fields for the shop's own page: a stand-in for checkout.com Frames (framesv2.min.js).
 *
 *   GET {base}/frames.js                   the script a shop loads: a global `Frames` with checkout.com's documented
 *                                          API (init, addEventHandler, submitCard, isCardValid, enableSubmitForm,
 *                                          Events), putting one field frame into each of the containers
 *                                          .card-number-frame, .expiry-date-frame and .cvv-frame
 *   GET {base}/frames/field?element=…&session=…&origin=…   one field, in an iframe
 *   GET {base}/frames/field.js             the field's script
 *
 * Card data stays in the field frames: the card number frame gathers the other two fields from its sibling frames
 * (same origin as itself, never the shop's page), tokenises with POST {base}/tokens and the shop's public key, and
 * hands the shop only the token answer (scheme, BIN, last four digits, expiry). The shop's page hears about each
 * field only whether it is valid and whether it is empty.
 */

export const FRAME_ELEMENTS = ["card-number", "expiry-date", "cvv"] as const;
export type FrameElement = (typeof FRAME_ELEMENTS)[number];

const FRAME_LABELS: Record<FrameElement, { label: string; autocomplete: string; placeholder: string }> = {
  "card-number": { label: "Card number", autocomplete: "cc-number", placeholder: "" },
  "expiry-date": { label: "Expiry date", autocomplete: "cc-exp", placeholder: "MM/YY" },
  cvv: { label: "Security code", autocomplete: "cc-csc", placeholder: "" },
};

/**
 * The fields' rules in the browser, as plain script (the field frames run it): the same rules as card-rules.ts,
 * which a unit test holds them to. `tgValid(element, value, year, month)` says whether a field's value would be
 * accepted; `tgExpiry(value)` reads an expiry date.
 */
export const FIELD_RULES_SOURCE = `
function tgDigits(value) { return String(value).replace(/ /g, ""); }
function tgLuhn(digits) {
  var sum = 0;
  for (var i = 0; i < digits.length; i++) {
    var d = Number(digits.charAt(digits.length - 1 - i));
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}
function tgScheme(digits) {
  if (digits.charAt(0) === "4") return "Visa";
  var two = Number(digits.slice(0, 2)), three = Number(digits.slice(0, 3)), four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "Mastercard";
  if (four === 6011 || (three >= 644 && three <= 649) || two === 65) return "Discover";
  if (four >= 3528 && four <= 3589) return "JCB";
  return null;
}
function tgExpiry(value) {
  var match = /^(\\d{2})\\s*[\\/\\- ]?\\s*(\\d{2}|\\d{4})$/.exec(String(value).trim());
  if (!match) return null;
  var month = Number(match[1]);
  var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month: month, year: year };
}
function tgValid(element, value, year, month) {
  var text = String(value).trim();
  if (element === "card-number") {
    if (!/^[\\d ]+$/.test(text)) return false;
    var digits = tgDigits(text);
    return digits.length >= 12 && digits.length <= 19 && tgLuhn(digits) && tgScheme(digits) !== null;
  }
  if (element === "expiry-date") {
    var expiry = tgExpiry(text);
    return expiry !== null && expiry.year * 12 + expiry.month >= year * 12 + month;
  }
  if (element === "cvv") return /^\\d{3}$/.test(text);
  return false;
}
`;

/** The Frames stand-in the shop's page loads. `base` is the gateway's base path (its own origin's). */
export function framesScript(base: string): string {
  return `/* Test gateway: a stand-in for checkout.com Frames. No real card is charged. */
(function () {
  "use strict";
  if (window.Frames && window.Frames.__testGateway) return;
  var BASE = ${JSON.stringify(base)};
  var script = document.currentScript;
  var GATEWAY_ORIGIN = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var Events = {
    READY: "ready", FRAME_ACTIVATED: "frameActivated", FRAME_FOCUS: "frameFocus", FRAME_BLUR: "frameBlur",
    FRAME_VALIDATION_CHANGED: "frameValidationChanged", PAYMENT_METHOD_CHANGED: "paymentMethodChanged",
    CARD_VALIDATION_CHANGED: "cardValidationChanged", CARD_SUBMITTED: "cardSubmitted",
    CARD_TOKENIZATION_FAILED: "cardTokenizationFailed", CARD_TOKENIZED: "cardTokenized", CARD_BIN_CHANGED: "cardBinChanged"
  };
  var ELEMENTS = [
    { element: "card-number", selector: ".card-number-frame", key: "cardNumber", title: "Card number" },
    { element: "expiry-date", selector: ".expiry-date-frame", key: "expiryDate", title: "Expiry date" },
    { element: "cvv", selector: ".cvv-frame", key: "cvv", title: "Security code" }
  ];
  var handlers = {};
  var frames = {};
  var fields = {};
  var readyCount = 0;
  var session = null;
  var publicKey = null;
  var cardValid = false;
  var submitDisabled = false;
  var pending = null;

  function emit(name, data) {
    (handlers[name] || []).slice().forEach(function (handler) {
      try { handler(data); } catch (error) { setTimeout(function () { throw error; }); }
    });
  }
  function addEventHandler(name, handler) {
    if (typeof handler !== "function") return false;
    (handlers[name] = handlers[name] || []).push(handler);
    return true;
  }
  function removeEventHandler(name, handler) {
    var list = handlers[name] || [];
    var index = list.indexOf(handler);
    if (index >= 0) list.splice(index, 1);
    return index >= 0;
  }
  function removeAllEventHandlers(name) { handlers[name] = []; return true; }
  function elementValidity() {
    var out = {};
    ELEMENTS.forEach(function (e) { out[e.key] = Boolean(fields[e.element] && fields[e.element].isValid); });
    return out;
  }
  function isCardValid() {
    return ELEMENTS.every(function (e) {
      return !frames[e.element] || (fields[e.element] && fields[e.element].isValid);
    }) && Boolean(frames["card-number"]);
  }
  function teardown() {
    ELEMENTS.forEach(function (e) {
      if (frames[e.element] && frames[e.element].parentNode) frames[e.element].parentNode.removeChild(frames[e.element]);
    });
    frames = {}; fields = {}; readyCount = 0; cardValid = false; submitDisabled = false;
    if (pending) { pending.reject(new Error("Frames was initialised again")); pending = null; }
  }
  function randomId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function init(options) {
    var config = typeof options === "string" ? { publicKey: options } : (options || {});
    if (!config.publicKey) throw new Error("Frames.init needs a publicKey");
    teardown();
    publicKey = config.publicKey;
    session = randomId();
    Object.keys(Events).forEach(function (k) {
      if (typeof config[Events[k]] === "function") addEventHandler(Events[k], config[Events[k]]);
    });
    ELEMENTS.forEach(function (e) {
      var own = config[e.key] && config[e.key].frameSelector;
      var container = document.querySelector(own || e.selector);
      if (!container) return;
      var frame = document.createElement("iframe");
      frame.name = "tg-" + e.element + "-" + session;
      frame.title = e.title;
      frame.src = BASE + "/frames/field?element=" + e.element + "&session=" + session + "&origin=" + encodeURIComponent(location.origin);
      frame.setAttribute("scrolling", "no");
      frame.setAttribute("frameborder", "0");
      frame.setAttribute("allowtransparency", "true");
      container.appendChild(frame);
      frames[e.element] = frame;
      fields[e.element] = { isValid: false, isEmpty: true };
    });
  }
  function submitCard() {
    if (!frames["card-number"]) return Promise.reject(new Error("Frames is not initialised"));
    if (!isCardValid()) return Promise.reject(new Error("The card is not valid"));
    if (submitDisabled) return Promise.reject(new Error("Submitting is disabled until enableSubmitForm() is called"));
    submitDisabled = true;
    emit(Events.CARD_SUBMITTED, {});
    return new Promise(function (resolve, reject) {
      pending = { resolve: resolve, reject: reject };
      frames["card-number"].contentWindow.postMessage({ tgSession: session, type: "tokenize", publicKey: publicKey }, GATEWAY_ORIGIN);
    });
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== GATEWAY_ORIGIN || !data || data.tgSession !== session || session === null) return;
    switch (data.type) {
      case "ready":
        readyCount += 1;
        if (readyCount === Object.keys(frames).length) emit(Events.READY, {});
        break;
      case "focus":
        emit(Events.FRAME_FOCUS, { element: data.element });
        break;
      case "blur":
        emit(Events.FRAME_BLUR, { element: data.element });
        break;
      case "validation": {
        fields[data.element] = { isValid: Boolean(data.isValid), isEmpty: Boolean(data.isEmpty) };
        emit(Events.FRAME_VALIDATION_CHANGED, { element: data.element, isValid: Boolean(data.isValid), isEmpty: Boolean(data.isEmpty) });
        var valid = isCardValid();
        if (valid !== cardValid) {
          cardValid = valid;
          emit(Events.CARD_VALIDATION_CHANGED, { isValid: valid, isElementValid: elementValidity() });
        }
        break;
      }
      case "tokenized":
        emit(Events.CARD_TOKENIZED, data.data);
        if (pending) { pending.resolve(data.data); pending = null; }
        break;
      case "failed":
        submitDisabled = false;
        emit(Events.CARD_TOKENIZATION_FAILED, data.error);
        if (pending) { pending.reject(data.error); pending = null; }
        break;
    }
  });
  window.Frames = {
    __testGateway: true,
    Events: Events,
    init: init,
    addEventHandler: addEventHandler,
    removeEventHandler: removeEventHandler,
    removeAllEventHandlers: removeAllEventHandlers,
    submitCard: submitCard,
    isCardValid: isCardValid,
    enableSubmitForm: function () { submitDisabled = false; },
    get publicKey() { return publicKey; }
  };
})();
`;
}

/** The script inside each field frame. */
export function fieldScript(): string {
  return `/* Test gateway: one card field. Its value is sent only to the gateway's own frames and its /tokens. */
(function () {
  "use strict";
${FIELD_RULES_SOURCE}
  var body = document.body;
  var element = body.getAttribute("data-element");
  var session = body.getAttribute("data-session");
  var shopOrigin = body.getAttribute("data-origin");
  var base = body.getAttribute("data-base");
  var year = Number(body.getAttribute("data-year"));
  var month = Number(body.getAttribute("data-month"));
  var input = document.getElementById("field");
  var last = null;

  function toShop(message) { message.tgSession = session; message.element = element; parent.postMessage(message, shopOrigin); }
  function check() {
    var isEmpty = input.value.trim() === "";
    var isValid = tgValid(element, input.value, year, month);
    var key = isValid + "/" + isEmpty;
    if (key === last) return;
    last = key;
    toShop({ type: "validation", isValid: isValid, isEmpty: isEmpty });
  }
  input.addEventListener("input", check);
  input.addEventListener("focus", function () { toShop({ type: "focus" }); });
  input.addEventListener("blur", function () { check(); toShop({ type: "blur" }); });

  function sibling(name) {
    try { return parent.frames["tg-" + name + "-" + session] || null; } catch (error) { return null; }
  }
  function collect(name) {
    return new Promise(function (resolve) {
      var frame = sibling(name);
      if (!frame) { resolve(""); return; }
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(String(event.data || "")); };
      frame.postMessage({ tgSession: session, type: "collect" }, location.origin, [channel.port2]);
    });
  }
  function fail(error) { toShop({ type: "failed", error: error }); }
  function tokenize(publicKey) {
    Promise.all([collect("expiry-date"), collect("cvv")]).then(function (values) {
      var expiry = tgExpiry(values[0]);
      return fetch(base + "/tokens", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: publicKey },
        body: JSON.stringify({
          type: "card",
          number: input.value.replace(/ /g, ""),
          expiry_month: expiry ? expiry.month : null,
          expiry_year: expiry ? expiry.year : null,
          cvv: values[1].trim()
        })
      }).then(function (response) {
        return response.json().then(function (answer) {
          if (response.status === 201) toShop({ type: "tokenized", data: answer });
          else fail({ error_type: answer.error_type || "request_invalid", error_codes: answer.error_codes || [] });
        });
      });
    }).catch(function () { fail({ error_type: "request_failed", error_codes: [] }); });
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.tgSession !== session) return;
    if (data.type === "collect" && event.origin === location.origin && event.ports[0]) event.ports[0].postMessage(input.value);
    if (data.type === "tokenize" && element === "card-number" && event.source === parent && event.origin === shopOrigin) {
      tokenize(String(data.publicKey || ""));
    }
  });
  toShop({ type: "ready" });
})();
`;
}

const FIELD_STYLE = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.125rem;line-height:1.5;color:#0b0c0c}
label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
input{display:block;width:100%;height:2.75rem;font:inherit;padding:.375rem .5rem;
border:2px solid #0b0c0c;border-radius:0;background:#fff;color:#0b0c0c}
input:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
`;

/** A field frame's page, or null when its address is not one the script makes. */
export function fieldPage(query: URLSearchParams, base: string, now: Date): { html: string; csp: string } | null {
  const element = query.get("element");
  const session = query.get("session") ?? "";
  const shop = originsOf([query.get("origin")]);
  if (
    !element ||
    !(FRAME_ELEMENTS as readonly string[]).includes(element) ||
    !/^[0-9a-f]{8,64}$/.test(session) ||
    shop.length !== 1
  )
    return null;
  const origin = shop[0]!;
  const { label, autocomplete, placeholder } = FRAME_LABELS[element as FrameElement];
  const nonce = randomBytes(16).toString("base64");
  const data = [
    `data-element="${element}"`,
    `data-session="${session}"`,
    `data-origin="${escapeHtml(origin)}"`,
    `data-base="${escapeHtml(base)}"`,
    `data-year="${now.getUTCFullYear()}"`,
    `data-month="${now.getUTCMonth() + 1}"`,
  ].join(" ");
  const field =
    `<input id="field" name="${element}" type="text" inputmode="numeric" autocomplete="${autocomplete}" spellcheck="false"` +
    `${placeholder ? ` placeholder="${placeholder}"` : ""}>`;
  const html = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(label)} – Test payment field</title>
<style nonce="${nonce}">${FIELD_STYLE}</style>
</head>
<body ${data}>
<label for="field">${escapeHtml(label)}</label>
${field}
<script src="${escapeHtml(base)}/frames/field.js"></script>
</body>
</html>`;
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'none'",
    `frame-ancestors 'self' ${origin}`,
    "base-uri 'none'",
  ].join("; ");
  return { html, csp };
}

const SCRIPT_HEADERS = {
  "content-type": "text/javascript; charset=utf-8",
  "cache-control": "no-cache",
  "x-content-type-options": "nosniff",
};

export function scriptResponse(source: string): Response {
  return new Response(source, { status: 200, headers: SCRIPT_HEADERS });
}

export function fieldPageResponse(page: { html: string; csp: string }): Response {
  return new Response(page.html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.csp,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      // The shop's page frames this one (the server's DENY would otherwise stand); frame-ancestors names the shop.
      "x-frame-options": "SAMEORIGIN",
    },
  });
}
