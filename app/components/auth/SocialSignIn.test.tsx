import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SocialSignIn } from "./SocialSignIn";

describe("SocialSignIn", () => {
  it("links each offered provider's start, in order, under a heading that names the group", () => {
    const html = renderToStaticMarkup(<SocialSignIn providers={["google", "facebook"]} />);
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["/auth/google", "Continue with Google"],
      ["/auth/facebook", "Continue with Facebook"],
    ]);
    const labelledBy = /<section[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toMatch(/>Or sign in with<\/h2>/);
    // Plain links: no script, no form, nothing from the providers' sites.
    expect(html).not.toMatch(/<script|<form|<img|https?:/);
  });

  it("carries where to go back to, encoded", () => {
    const html = renderToStaticMarkup(
      <SocialSignIn providers={["facebook"]} redirectTo="/checkout/options?step=2&x=1" />,
    );
    expect(html).toContain('href="/auth/facebook?redirectTo=%2Fcheckout%2Foptions%3Fstep%3D2%26x%3D1"');
    expect(html).not.toContain("Google");
  });

  it("shows nothing when no provider is offered", () => {
    expect(renderToStaticMarkup(<SocialSignIn providers={[]} />)).toBe("");
  });
});
