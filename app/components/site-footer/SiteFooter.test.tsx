import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { globalSettingsSchema, siteSettingsSchema } from "#contract/content";
import { SiteFooter, type SiteFooterProps } from "./SiteFooter";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../content/${file}`, import.meta.url), "utf8"));
const global = globalSettingsSchema.parse(read("global.json"));
const site = siteSettingsSchema.parse(read("site-settings.json"));

const demo: SiteFooterProps = {
  companyName: global.companyName,
  footer: global.footer,
  blocks: site.footers_contents,
  year: 2026,
};

function render(props: Partial<SiteFooterProps> = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SiteFooter {...demo} {...props} />
    </MemoryRouter>,
  );
}

describe("SiteFooter", () => {
  it("is the page's contentinfo landmark with a titled section per footer block", () => {
    const html = render();
    expect(html.startsWith("<footer")).toBe(true);
    for (const title of ["Shopping with us", "The small print", "Get in touch"])
      expect(html).toMatch(new RegExp(`<h2 id="footer-block-\\d"[^>]*>${title}</h2>`));
    expect(html).toMatch(/<section[^>]*aria-labelledby="footer-block-0"/);
    expect(html).toContain('href="/delivery-information"');
  });

  it("shows phone, e-mail and address as contact details", () => {
    const html = render();
    expect(html).toMatch(/<address[^>]*>.*Larder &amp; Co Ltd.*14 Dale Street, Manchester M1 1JW.*<\/address>/);
    expect(html).toContain('href="tel:01614960734">0161 496 0734</a>');
    expect(html).toContain('href="mailto:hello@larderandco.example">hello@larderandco.example</a>');
  });

  it("lists only the payment methods switched on", () => {
    const html = render();
    const accepted = html.slice(html.indexOf('aria-labelledby="footer-payments"'));
    expect(accepted).toContain(">Visa<");
    expect(accepted).toContain(">Mastercard<");
    expect(accepted).not.toContain("American Express");
    expect(accepted).not.toContain("Apple Pay");
    const withAmex = render({
      footer: { ...global.footer, paymentMethods: { ...global.footer.paymentMethods, amex: true } },
    });
    expect(withAmex.slice(withAmex.indexOf('aria-labelledby="footer-payments"'))).toContain(">American Express<");
    expect(
      render({
        footer: {
          ...global.footer,
          paymentMethods: { visa: false, masterCard: false, applePay: false, googlePay: false, amex: false },
        },
      }),
    ).not.toContain("We accept");
  });

  it("links social media in new tabs under a labelled list", () => {
    const html = render();
    expect(html).toMatch(
      new RegExp(
        /<h2 id="footer-social"[^>]*>Follow us<\/h2><ul[^>]*aria-labelledby="footer-social">/.source +
          /<li><a href="https:\/\/www\.facebook\.com\/larderandco\.example"[^>]*target="_blank"/.source,
      ),
    );
    expect(html).not.toContain("YouTube");
  });

  it("fills the year into the copyright line, or writes one from the company name", () => {
    expect(render()).toContain("© 2026 Larder &amp; Co Ltd. All rights reserved.");
    expect(render({ footer: { ...global.footer, copyright: "" }, companyName: "Corner Shop" })).toContain(
      "© 2026 Corner Shop",
    );
  });

  it("falls back to the global footer blocks when site-settings has none", () => {
    const fallback = [{ ...site.footers_contents[0]!, title: "From global" }];
    expect(render({ blocks: [], footer: { ...global.footer, footerBlocks: fallback } })).toContain(">From global</h2>");
  });

  it("hides on store pages only when configured to", () => {
    expect(render({ onStorePage: true, footer: { ...global.footer, hideOnStorePages: false } })).toContain("<footer");
    expect(render({ onStorePage: true, footer: { ...global.footer, hideOnStorePages: true } })).toBe("");
    expect(render({ onStorePage: false, footer: { ...global.footer, hideOnStorePages: true } })).toContain("<footer");
  });

  it("links a block's own social media under a list named for the block", () => {
    const block = {
      ...site.footers_contents[2]!,
      socialMedia: { ...site.footers_contents[2]!.socialMedia, youtube: "https://www.youtube.com/@larder" },
    };
    expect(render({ blocks: [block] })).toMatch(
      /<ul[^>]*aria-label="Get in touch social media"><li><a href="https:\/\/www\.youtube\.com\/@larder"/,
    );
  });

  it("writes no style attribute", () => {
    expect(render()).not.toMatch(/\sstyle=/);
  });
});
