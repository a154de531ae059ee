import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { globalSettingsSchema } from "#contract/content";
import { brandStyleCss } from "~/models/colour";
import { BrandStyle } from "./BrandStyle";

const global = globalSettingsSchema.parse(
  JSON.parse(readFileSync(new URL("../../../content/global.json", import.meta.url), "utf8")),
);

describe("BrandStyle", () => {
  it("writes the brand's variables in a nonce-tagged style element", () => {
    const html = renderToStaticMarkup(<BrandStyle nonce="n0nce" css={brandStyleCss(global)} />);
    expect(html).toMatch(/^<style nonce="n0nce">:root:root\{[^<]*\}<\/style>$/);
    expect(html).toContain("--color-primary:#1E5B3C");
    expect(html).toContain("--color-on-primary:#FFFFFF");
    expect(html).toContain("--banner-bg:#F2B134");
    expect(html).toContain("--banner-fg:#111111");
    expect(html).toContain("--footer-bg:#1E3B2C");
  });

  it("uses the spec defaults for colours the content leaves out", () => {
    const bare = globalSettingsSchema.parse({});
    const html = renderToStaticMarkup(<BrandStyle nonce="x" css={brandStyleCss(bare)} />);
    expect(html).toContain("--color-primary:#14569E");
    expect(html).toContain("--color-warning:#F9E000");
    expect(html).toContain("--color-on-warning:#111111");
  });

  it("cannot be broken out of by content", () => {
    const hostile = { ...global, fontFamily: "</style><script>alert(1)</script>" };
    const html = renderToStaticMarkup(<BrandStyle nonce="x" css={brandStyleCss(hostile)} />);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toContain("<script");
  });
});
