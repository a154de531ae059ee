import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { StoreBar, type StoreBarProps } from "./StoreBar";

const base: StoreBarProps = {
  storeName: "Larder & Co Islington",
  storeSlug: "islington-4",
  fulfilmentMethod: "delivery",
  canSwitch: true,
  slotText: null,
};

function render(props: Partial<StoreBarProps> = {}): string {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <AuthenticityTokenProvider token="sessionless">
          <StoreBar {...base} {...props} />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/stores/islington-4"]} />);
}

describe("StoreBar and header.hideStoreInfo (spec 1 §3)", () => {
  it("names the store, with a way to change it, by default", () => {
    const html = render();
    expect(html).toContain(">Larder &amp; Co Islington</a>");
    expect(html).toMatch(/href="\/stores-near-by"[^>]*>Change<span[^>]*> store<\/span>/);
  });

  it("leaves the store's name out when the settings hide store info, keeping what the shopper orders with", () => {
    const html = render({ hideStoreInfo: true });
    expect(html).not.toContain("Larder &amp; Co Islington");
    expect(html).not.toContain('href="/stores-near-by"');
    expect(html).toContain(">Delivery<");
    expect(html).toContain("Choose a time");
    expect(html).toContain("Switch");
  });
});

describe("StoreBar's compact line (issue 23)", () => {
  it("sums the bar up in one summary, store · method · time, that opens the full bar without script", () => {
    const html = render({ slotText: "Today 18:00–18:30" });
    const summary = /<details[^>]*><summary[^>]*>(.*?)<\/summary>/.exec(html)?.[1] ?? "";
    const text = summary.replace(/<[^>]+>/g, "");
    expect(text).toContain("Larder &amp; Co Islington");
    expect(text).toContain("Delivery");
    expect(text).toContain("Today 18:00–18:30");
    // The full bar is the disclosure's content, every control still there.
    expect(html).toMatch(/<\/summary><ul/);
    expect(html).toContain("Switch");
    expect(html).toContain("Change<span");
  });

  it("says Choose a time when no slot is held, and leaves the store out when the settings hide it", () => {
    const html = render({ hideStoreInfo: true, fulfilmentMethod: "collection" });
    const summary = /<summary[^>]*>(.*?)<\/summary>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
    expect(summary).not.toContain("Islington");
    expect(summary).toContain("Collection");
    expect(summary).toContain("Choose a time");
  });
});
