export interface BrandStyleProps {
  /** The request's CSP nonce: the policy allows no inline style without it, and no style attributes at all. */
  nonce: string;
  /** The brand's CSS custom properties, derived from content on the server (models/colour.ts brandStyleCss). */
  css: string;
}

/**
 * Writes the brand's CSS custom properties into a nonce-tagged <style>, read by the theme contract
 * (app/styles/theme.css.ts). Rendered per request from content, so a colour changed in content/ shows on the next
 * page load. The colour rules (contrast, derived shades) run on the server only: the browser gets their result.
 */
export function BrandStyle({ nonce, css }: BrandStyleProps) {
  // Browsers hide a nonce from script once the page loads, so the hydrated value differs by design.
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
