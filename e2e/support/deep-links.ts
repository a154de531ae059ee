// The test server's deep-link secret (support/serve.ts gives it to the server as DEEPLINK_SECRET), so journeys can make
// links with `npm run deeplink` as a marketer would, or sign them here as the CLI does.
import type { DeepLinkItem } from "../../app/models/deep-link";
import { signDeepLink } from "../../app/routes/basket/deep-link.server";

export const E2E_DEEPLINK_SECRET = "e2e-deep-link-secret-of-at-least-32-characters";

/**
 * A link signed here, as the CLI signs it (its own start-up costs a second or two per link). It expires a week after
 * `now` (epoch seconds; the machine's clock unless given), or `expiresIn` seconds after.
 */
export function deepLink(
  baseURL: string,
  link: {
    store: number;
    items: [number, number][];
    clear?: boolean;
    method?: "delivery" | "collection";
    expiresIn?: number;
    now?: number;
  },
): string {
  const items: DeepLinkItem[] = link.items.map(([menuItemId, quantity]) => ({
    menuItemId,
    quantity,
    sizeId: null,
    options: [],
  }));
  const expiresAt = (link.now ?? Math.floor(Date.now() / 1000)) + (link.expiresIn ?? 7 * 86_400);
  return signDeepLink(
    {
      storeId: link.store,
      items,
      clear: link.clear ?? false,
      coupon: null,
      method: link.method ?? null,
      expiresAt,
      campaign: null,
    },
    E2E_DEEPLINK_SECRET,
    baseURL,
  );
}
