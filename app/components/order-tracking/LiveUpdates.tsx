import { Link } from "react-router";

/** How often a page without script reloads itself while the order is in progress. */
export const REFRESH_SECONDS = 30;

/** The address that turns the page's own updates off; the page's own address turns them back on. */
export const UPDATES_OFF = "?updates=off";

/**
 * Whether the status page updates itself, and the shopper's switch for it (decision 0040). Without script the page
 * reloads every 30 s by a meta refresh inside <noscript> — so a page with script, which updates in place, is never
 * reloaded under the shopper. A reload moves a screen reader back to the top, so the switch to stop it comes before
 * the status (WCAG 2.2.1, technique G198). Nothing once the order is done with: it will not change again.
 */
export function LiveUpdates({ final, updatesOff }: { final: boolean; updatesOff: boolean }) {
  if (final) return null;
  if (updatesOff) {
    return (
      <p>
        This page is not updating by itself. <Link to=".">Update this page as the order moves on</Link>
      </p>
    );
  }
  return (
    <>
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }} />
      <p>
        This page updates by itself as your order moves on. <Link to={UPDATES_OFF}>Stop updating this page</Link>
      </p>
    </>
  );
}
