import { useMemo } from "react";
import type { GlobalSettings } from "../../../platform/contract/content";
import { brandCss, brandCssVariables, type BrandLook } from "~/models/colour";

/** The parts of the global settings that shape the theme. */
export function brandLook(settings: Pick<GlobalSettings, "brandingColors" | "fontFamily" | "header" | "footer">): BrandLook {
  const { navbars, banner } = settings.header;
  return {
    colours: settings.brandingColors,
    fontFamily: settings.fontFamily,
    header: {
      bannerBgColor: banner.bgColor,
      desktop: navbars.desktop,
      desktopScrolling: navbars.desktopScrolling,
      mobile: navbars.mobile,
      mobileScrolling: navbars.mobileScrolling,
    },
    footerBgColor: settings.footer.bgColor,
  };
}

export interface BrandStyleProps {
  /** The request's CSP nonce: the policy allows no inline style without it, and no style attributes at all. */
  nonce: string;
  settings: Pick<GlobalSettings, "brandingColors" | "fontFamily" | "header" | "footer">;
}

/**
 * Writes the brand's CSS custom properties into a nonce-tagged <style>, read by the theme contract
 * (app/styles/theme.css.ts). Rendered per request from content, so a colour changed in content/ shows on the next
 * page load. brandCss escapes `<`, so content can never end the element early.
 */
export function BrandStyle({ nonce, settings }: BrandStyleProps) {
  const css = useMemo(() => brandCss(brandCssVariables(brandLook(settings))), [settings]);
  // Browsers hide a nonce from script once the page loads, so the hydrated value differs by design.
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
