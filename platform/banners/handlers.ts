import { BANNER_MESSAGES, clickBanner, displayBanners, getBanner, listBanners } from "../contract";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { hit } from "../rate-limit";
import { sharedView } from "../shared-reads";
import type { RequestContext } from "../context";
import type { Router } from "../router";
import { bannerStore, recordBannerEvents, storeBanner, storeBanners } from "./banners";

/**
 * Per client address, impressions and clicks together. A page view flushes one display call per carousel,
 * so a busy shopper makes a few a minute; the limit only stops a script inflating the counts.
 */
export const BANNER_EVENT_LIMIT = { hits: 240, windowSeconds: 60 };

async function limitEvents(ctx: RequestContext): Promise<void> {
  const { allowed } = await hit(
    ctx.db,
    `banner-events:${ctx.clientIp}`,
    BANNER_EVENT_LIMIT.hits,
    BANNER_EVENT_LIMIT.windowSeconds,
    ctx.clock.now(),
  );
  if (!allowed) throw new ApiError(429, BANNER_MESSAGES.tooManyEvents);
}

export function registerBanners(router: Router): void {
  router.on(listBanners, async ({ storeId, fulfilmentMethod, categoryId }, ctx) => {
    const db = await sharedView(ctx.db);
    const store = await bannerStore(db, storeId);
    return storeBanners(db, store, fulfilmentMethod, categoryId ?? null);
  });

  router.on(getBanner, async ({ storeId, bannerId, fulfilmentMethod }, ctx) => {
    const db = await sharedView(ctx.db);
    const store = await bannerStore(db, storeId);
    return { banner: await storeBanner(db, store, bannerId, fulfilmentMethod) };
  });

  router.on(displayBanners, async (input, ctx) => {
    await limitEvents(ctx);
    const recorded = await withIdempotency(ctx, "banners.display", input, (tx) =>
      recordBannerEvents(tx, {
        bannerIds: input.bannerIds,
        kind: "display",
        platform: input.platform,
        now: ctx.clock.now(),
      }),
    );
    return { recorded };
  });

  router.on(clickBanner, async (input, ctx) => {
    await limitEvents(ctx);
    const recorded = await withIdempotency(ctx, "banners.click", input, (tx) =>
      recordBannerEvents(tx, {
        bannerIds: [input.bannerId],
        kind: "click",
        platform: input.platform,
        now: ctx.clock.now(),
      }),
    );
    return { recorded };
  });
}
