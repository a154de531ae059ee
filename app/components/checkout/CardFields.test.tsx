import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { CardFields } from "./CardFields";

function render(blocked: string | null): string {
  const Stub = createRoutesStub([
    {
      path: "/checkout/payment/card-form",
      Component: () => (
        <AuthenticityTokenProvider token="csrf-token">
          <CardFields
            scriptUrl="/test-gateway/frames.js"
            publicKey="pk_test"
            total="£16.50"
            blocked={blocked}
            hostedPage={(failed) => <p>{failed ? "hosted only" : "hosted instead"}</p>}
          />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/checkout/payment/card-form"]} />);
}

describe("CardFields before the gateway's script has loaded", () => {
  it("has a labelled place for each of the gateway's three field frames, in checkout.com's container classes", () => {
    const html = render(null);
    const labels = [...html.matchAll(/id="(card-number|expiry-date|cvv)-label"[^>]*>([^<]+)</g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(labels).toEqual([
      ["card-number", "Card number"],
      ["expiry-date", "Expiry date"],
      ["cvv", "Security code"],
    ]);
    for (const container of ["card-number-frame", "expiry-date-frame", "cvv-frame"])
      expect(html).toMatch(new RegExp(`<div class="[^"]*\\b${container}"`));
    expect(html).toContain('role="status">Loading the card form…</p>');
    expect(html).toContain("hosted instead");
    // No card field of its own: the fields are the gateway's frames.
    expect(html).not.toMatch(/<input[^>]*name="(card|number|cvv|expiry)/i);
  });

  it("keeps Pay disabled until the fields are ready, and while paying is off", () => {
    expect(render(null)).toMatch(/<button type="submit" id="pay"[^>]*disabled=""[^>]*>Pay £16.50<\/button>/);
    expect(render(null)).not.toContain("aria-disabled");
    expect(render("This store is closed")).toMatch(
      /<button type="submit" id="pay"[^>]*disabled=""[^>]*aria-disabled="true"[^>]*>Pay £16.50<\/button>/,
    );
  });
});
