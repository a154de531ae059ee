import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("location", "routes/location.tsx"),
  route("location/address", "routes/location-address.tsx"),
  route("location/suggest", "routes/location-suggest.ts"),
  route("stores-near-by", "routes/stores-near-by.tsx"),
  route("stores", "routes/stores-all.tsx"),
  route("stores/:storeSlug", "routes/store-layout.tsx", [
    index("routes/store-home.tsx"),
    route("category/:categorySlug", "routes/store-category.tsx"),
    route("category/:categorySlug/menuItem/:menuItemSlug", "routes/store-menu-item.tsx"),
    route("deal/:dealSlug", "routes/store-deal.tsx"),
    route("banner/:bannerSlug", "routes/store-banner.tsx"),
    route("search", "routes/store-search.tsx"),
    route("time-slots", "routes/store-time-slots.tsx"),
    route("*", "routes/store-missing.tsx"),
  ]),
  route("stores/:storeSlug/fulfilment", "routes/store-fulfilment.ts"),
  route("store/:slug", "routes/store-redirect.tsx"),
  route("basket", "routes/basket.tsx"),
  route("basket/add", "routes/basket-add.tsx"),
  route("basket/age-check", "routes/basket-age-check.tsx"),
  route("banners/event", "routes/banner-event.ts"),
  route("img", "routes/image.ts"),
  route("ul/view_store", "routes/view-store.tsx"),
  route("_log", "routes/client-log.ts"),
  route("__test/*", "routes/test-support.tsx"),
  // Content pages at any depth; anything without a page answers 404 'Page Not Found: {path}'.
  route("*", "routes/content-page.tsx"),
] satisfies RouteConfig;
