import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { ROUTE_IDS } from "./models/route-data";

// The spec's route tables (spec 1 §2, spec 2 §2), one folder per area. Routes whose data components read elsewhere
// (useRouteLoaderData) carry a fixed id, so moving a file never breaks those readers.
export default [
  index("routes/content/home.tsx"),

  // Finding a store: the store search widget posts here from every page.
  route("location", "routes/location/search.ts"),
  route("location/address", "routes/location/address.tsx"),
  route("location/suggest", "routes/location/suggest.ts"),
  route("location/change", "routes/location/change.tsx"),

  route("stores-near-by", "routes/stores/near-by.tsx"),
  route("stores-near-by/types", "routes/stores/store-types.tsx"),
  route("stores", "routes/stores/all.tsx"),
  route("stores/:storeSlug", "routes/stores/layout.tsx", { id: ROUTE_IDS.storeLayout }, [
    index("routes/stores/home.tsx"),
    route("category/:categorySlug", "routes/stores/category.tsx"),
    route("category/:categorySlug/menuItem/:menuItemSlug", "routes/stores/menu-item.tsx"),
    route("deal/:dealSlug", "routes/stores/deal.tsx"),
    route("deal/:dealSlug/sections", "routes/stores/deal-sections.tsx"),
    route("delivery-charges", "routes/stores/delivery-charges.tsx"),
    route("more", "routes/stores/more.tsx"),
    route("banner/:bannerSlug", "routes/stores/banner.tsx"),
    route("search", "routes/stores/search.tsx"),
    route("time-slots", "routes/stores/time-slots.tsx"),
    route("*", "routes/stores/missing.tsx"),
  ]),
  route("stores/:storeSlug/fulfilment", "routes/stores/fulfilment.ts"),
  route("store/:slug", "routes/stores/redirect.ts"),
  route("ul/view_store", "routes/stores/view-store.ts"),
  // A member's referral link (issue 20): remembered for registration, then the store's page.
  route("referral/:partnerUniqueId/:partnerMemberId/:storeId", "routes/stores/referral.ts"),
  route("banners/event", "routes/stores/banner-event.ts"),

  route("basket", "routes/basket/basket.tsx", { id: ROUTE_IDS.basket }),
  route("basket/add", "routes/basket/add.tsx"),
  route("basket/age-check", "routes/basket/age-check.tsx"),
  // A line's size, options and quantity changed from the basket (spec 2 §7 basket/item/update): a page, with or without script.
  route("basket/line/:basketLineId/edit", "routes/basket/edit-line.tsx"),
  // Marketing e-mails' deep links (issue 20): the link's query is the whole of it (models/deep-link.ts).
  route("basket/link", "routes/basket/deep-link.tsx"),

  route("checkout", "routes/checkout/layout.tsx", [
    index("routes/checkout/index.tsx"),
    route("login", "routes/checkout/login.tsx"),
    route("login/code", "routes/checkout/login-code.tsx"),
    route("create", "routes/checkout/create.tsx"),
    route("options", "routes/checkout/options.tsx"),
    route("details", "routes/checkout/details.tsx"),
    route("details/sign-in", "routes/checkout/details-sign-in.tsx"),
    route("payment", "routes/checkout/payment.tsx"),
    route("payment/billing-address", "routes/checkout/billing-address.tsx"),
    route("payment/card-form", "routes/checkout/card-form.tsx"),
  ]),
  // The gateway's return pages and the success page stand outside the layout: by then the basket is empty.
  route("checkout/payment/success", "routes/checkout/payment-return.tsx", { id: "payment-success" }),
  route("checkout/payment/failure", "routes/checkout/payment-return.tsx", { id: "payment-failure" }),
  route("checkout/payment/cancel", "routes/checkout/payment-return.tsx", { id: "payment-cancel" }),
  route("checkout/payment/wallet", "routes/checkout/wallet.ts"),
  route("checkout/payment/apple-pay-unavailable", "routes/checkout/apple-pay-unavailable.tsx"),
  route("checkout/success", "routes/checkout/success.tsx"),

  route("orders/:statusToken", "routes/orders/status.tsx"),
  // The status page's live updates: server-sent events (decision 0040).
  route("orders/:statusToken/events", "routes/orders/events.ts"),

  // Social sign-in (decision 0020): the start leaves for the provider, the callback signs the shopper in.
  route("auth/:provider", "routes/auth/social-start.ts"),
  route("auth/:provider/callback", "routes/auth/social-callback.ts"),
  // Member accounts (spec 2 §2, §6): the guest-only sign-in pages share the auth layout; the member area needs a login.
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("login/code", "routes/auth/login-code.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgotten-password", "routes/auth/forgotten-password.tsx"),
    route("forgotten-password-set", "routes/auth/forgotten-password-set.tsx"),
    route("member/reset-token/:token", "routes/auth/reset-password.tsx"),
  ]),
  route("logout", "routes/auth/logout.ts"),
  route("member", "routes/member/layout.tsx", { id: ROUTE_IDS.memberLayout }, [
    index("routes/member/home.tsx"),
    route("profile", "routes/member/profile.tsx"),
    route("my-details", "routes/member/my-details.tsx"),
    route("change-password", "routes/member/change-password.tsx"),
    route("verify-mobile", "routes/member/verify-mobile.tsx"),
    route("addresses", "routes/member/addresses.tsx"),
    route("addresses/new", "routes/member/addresses-new.tsx"),
    route("addresses/:addressId/edit", "routes/member/addresses-edit.tsx"),
    route("addresses/:addressId/remove", "routes/member/addresses-remove.tsx"),
    route("cards", "routes/member/cards.tsx"),
    route("cards/new", "routes/member/cards-new.tsx"),
    route("cards/:cardId/delete", "routes/member/cards-delete.tsx"),
    route("loyalty", "routes/member/loyalty.tsx"),
    route("loyalty/rewards", "routes/member/loyalty-rewards.tsx"),
    route("vouchers", "routes/member/vouchers.tsx"),
    route("credit", "routes/member/credit.tsx"),
    route("vouchers/:code/terms", "routes/member/vouchers-terms.tsx"),
    route("orders", "routes/member/orders.tsx"),
    route("orders/:orderId", "routes/member/orders-detail.tsx"),
    route("orders/:orderId/reorder", "routes/member/orders-reorder.tsx"),
  ]),

  route("staff", "routes/staff/orders.tsx"),
  route("staff/login", "routes/staff/login.tsx"),
  route("staff/driver/:orderId", "routes/staff/driver.tsx"),

  // Resources without a screen: resized images, the browser's error log, and the test hooks.
  route("img", "routes/system/image.ts"),
  route("_log", "routes/system/client-log.ts"),
  route("__test/*", "routes/system/test-support.tsx"),

  // Content pages at any depth; anything without a page answers 404 'Page Not Found: {path}'.
  route("cookies", "routes/content/cookies.tsx"),
  route("header-banner", "routes/content/header-banner.ts"),
  route("faqs", "routes/content/faqs.tsx"),
  route("contact", "routes/content/contact.tsx"),
  route("news", "routes/content/news.tsx"),
  route("news/:slug", "routes/content/news-article.tsx"),
  route("brand/*", "routes/content/brand.tsx"),
  route("builds/latest.json", "routes/system/latest-build.ts"),
  route("_vitals", "routes/system/web-vitals.ts"),
  route("*", "routes/content/page.tsx"),
] satisfies RouteConfig;
