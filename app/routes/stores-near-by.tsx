import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/stores-near-by";
import { api, type StoreSummary } from "../../platform/contract";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { FUTURE_CONTACT_THANKS } from "~/models/location-messages";
import { groupStores, storeStateMessage } from "~/models/store-list";
import { appContext, shopperContext, type FulfilmentMethod } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { hasLocation, locationInput, selectStore, StoreSelectionError } from "~/services/store-selection.server";
import { singleStoreTarget } from "~/services/single-store.server";
import * as styles from "./stores-near-by.css";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";

const EMAIL_INVALID = "Enter an email address in the correct format, like name@example.com";
/** The honeypot field: present in every real form, empty unless a bot filled it. */
const HONEYPOT = "website";

type Sort = "distance" | "name";

function readView(url: URL, fallback: FulfilmentMethod) {
  const m = url.searchParams.get("method");
  const method: FulfilmentMethod = m === "delivery" || m === "collection" ? m : fallback;
  const sort: Sort = url.searchParams.get("sort") === "name" ? "name" : "distance";
  const type = url.searchParams.get("type")?.trim() || null;
  return { method, sort, type };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const shopper = context.get(shopperContext);
  const single = await singleStoreTarget(services, shopper);
  if (single) throw redirect(single, 302);

  const url = new URL(request.url);
  const view = readView(url, shopper.session.get("fulfilmentMethod") ?? "delivery");
  const location = shopper.session.get("location");
  if (!hasLocation(location)) return { view, location: null, result: null, notifyEmail: null };

  let result;
  try {
    result = await shopper.api.call(api.findNearbyStores, {
      ...locationInput(location),
      fulfilmentMethod: view.method,
      sortBy: view.sort,
      ...(view.type ? { productType: view.type } : {}),
    });
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      // The stored location no longer resolves (a postcode retired from the table): ask again.
      shopper.session.unset("location");
      return { view, location: null, result: null, notifyEmail: null };
    }
    throw error;
  }
  const groups = groupStores(result.stores, view.method);
  return {
    view,
    location: { postcode: location.postcode, address: location.address },
    result: { ...groups, storeProductTypes: result.storeProductTypes, total: result.stores.length },
    notifyEmail: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "select") {
    const storeId = Number(form.get("storeId"));
    const method = form.get("method");
    if (method === "delivery" || method === "collection") shopper.session.set("fulfilmentMethod", method);
    if (!Number.isSafeInteger(storeId) || storeId <= 0) return data({ error: "Failed to fetch store details" }, 400);
    try {
      const details = await selectStore(shopper, storeId);
      return redirect(`/stores/${details.slug}`, 303);
    } catch (error) {
      if (error instanceof StoreSelectionError) {
        shopper.session.flash("toast", { kind: "error", message: error.message });
        return redirect(`/stores-near-by${new URL(request.url).search}`, 303);
      }
      throw error;
    }
  }

  if (intent === "notify") {
    const honeypot = form.get(HONEYPOT);
    const email = String(form.get("email") ?? "").trim();
    const postcode = shopper.session.get("location")?.postcode ?? "";
    // A bot fills every field (or drops the form's own): it is thanked and nothing is stored.
    if (typeof honeypot !== "string" || honeypot !== "") {
      shopper.session.flash("toast", { kind: "success", message: FUTURE_CONTACT_THANKS });
      return redirect("/stores-near-by", 303);
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      return data({ notifyError: EMAIL_INVALID, email }, 400);
    }
    try {
      await shopper.api.call(api.futureContactRequest, { email, postcode });
    } catch (error) {
      if (error instanceof PlatformError && error.status < 500) return data({ notifyError: error.message, email }, error.status);
      throw error;
    }
    shopper.session.flash("toast", { kind: "success", message: FUTURE_CONTACT_THANKS });
    return redirect("/stores-near-by", 303);
  }
  return data({ error: "Unknown action" }, 400);
}

const STATUS_TEXT = { open: "Open", preorder: "Pre-order", closed: "Closed" } as const;

function StoreCard({ store, method, group }: { store: StoreSummary; method: FulfilmentMethod; group: "open" | "preorder" | "closed" }) {
  const state = store.orderMethods[method];
  const notice = storeStateMessage(store);
  const headingId = `store-${store.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        <Link to={`/stores/${store.slug}`}>{store.storeName}</Link>
      </h3>
      <p className={styles.meta}>
        {store.distanceMiles.toFixed(1)} miles away · {store.address.addressLine1}, {store.address.town} {store.address.postcode}
      </p>
      <p className={styles.status} data-status={group}>
        {method === "delivery" ? "Delivery" : "Collection"}: {STATUS_TEXT[group]}
        {state.openingHoursToday.length
          ? ` · today ${state.openingHoursToday.map((h) => `${h.open}–${h.close === "24:00" ? "midnight" : h.close}`).join(", ")}`
          : ""}
      </p>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      {group !== "closed" ? (
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="select" />
          <input type="hidden" name="storeId" value={store.id} />
          <input type="hidden" name="method" value={method} />
          <button type="submit" className={forms.button.primary}>
            {group === "open" ? "Shop at this store" : "Pre-order from this store"}
            <span className={visuallyHidden}>: {store.storeName}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export default function StoresNearBy({ loaderData, actionData }: Route.ComponentProps) {
  const { view, location, result } = loaderData;
  const notifyError = actionData && "notifyError" in actionData ? actionData.notifyError : null;
  const heading = location ? `Stores near ${location.address ?? location.postcode ?? "you"}` : "Find a store near you";

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{heading}</h1>
      <ShopSearch />
      {result ? (
        <>
          <Form method="get" className={styles.filters} aria-label="Show stores">
            <fieldset className={styles.toggle}>
              <legend className={styles.legend}>Order type</legend>
              {(["delivery", "collection"] as const).map((m) => (
                <label key={m} className={styles.toggleOption}>
                  <input type="radio" name="method" value={m} defaultChecked={view.method === m} />
                  {m === "delivery" ? "Delivery" : "Collection"}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor="sort" className={forms.label}>
                Sort by
              </label>
              <select id="sort" name="sort" defaultValue={view.sort} className={forms.select}>
                <option value="distance">Distance</option>
                <option value="name">Name</option>
              </select>
            </div>
            {result.storeProductTypes.length > 1 ? (
              <div className={styles.field}>
                <label htmlFor="type" className={forms.label}>
                  Store type
                </label>
                <select id="type" name="type" defaultValue={view.type ?? ""} className={forms.select}>
                  <option value="">All types</option>
                  {result.storeProductTypes.map((t) => (
                    <option key={t} value={t}>
                      {productTypeLabel(t)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <button type="submit" className={forms.button.secondary}>
              Update list
            </button>
          </Form>

          {result.total === 0 ? (
            view.type ? (
              <p className={styles.empty}>
                No {productTypeLabel(view.type).toLowerCase()} stores here. <Link to={`?method=${view.method}&sort=${view.sort}`}>Show all store types</Link>
              </p>
            ) : (
              <section className={styles.notify} aria-labelledby="notify-title">
                <h2 id="notify-title">
                  We don't {view.method === "delivery" ? "deliver to" : "have a store near"} {location?.postcode ?? "you"} yet
                </h2>
                <p>Leave your email address and we'll let you know when we do.</p>
                <Form method="post" noValidate>
                  <CsrfInput />
                  <input type="hidden" name="intent" value="notify" />
                  <div className={styles.honeypot} aria-hidden="true">
                    <label htmlFor="website">Leave this field empty</label>
                    <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
                  </div>
                  <div className={notifyError ? forms.formGroupError : forms.formGroup}>
                    <label htmlFor="notify-email" className={forms.label}>
                      Email address
                    </label>
                    {notifyError ? (
                      <p id="notify-email-error" className={forms.errorMessage}>
                        <span className={visuallyHidden}>Error: </span>
                        {notifyError}
                      </p>
                    ) : null}
                    <input
                      id="notify-email"
                      name="email"
                      type="email"
                      autoComplete="email"
                      spellCheck={false}
                      required
                      defaultValue={actionData && "email" in actionData ? actionData.email : ""}
                      aria-invalid={notifyError ? true : undefined}
                      aria-describedby={notifyError ? "notify-email-error" : undefined}
                      className={forms.input}
                    />
                  </div>
                  <button type="submit" className={forms.button.primary}>
                    Email me
                  </button>
                </Form>
              </section>
            )
          ) : (
            <>
              {(
                [
                  ["open", "Open now", result.open],
                  ["preorder", "Open for pre-orders", result.preorder],
                  ["closed", "Closed", result.closed],
                ] as const
              ).map(([group, title, stores]) =>
                stores.length ? (
                  <section key={group} aria-labelledby={`group-${group}`}>
                    <h2 id={`group-${group}`} className={styles.groupTitle}>
                      {title} <span className={styles.count}>({stores.length})</span>
                    </h2>
                    <ul className={styles.list}>
                      {stores.map((s) => (
                        <StoreCard key={s.id} store={s} method={view.method} group={group} />
                      ))}
                    </ul>
                  </section>
                ) : null,
              )}
            </>
          )}
        </>
      ) : (
        <p>
          Or <Link to="/stores">browse all our stores</Link>.
        </p>
      )}
    </div>
  );
}

function productTypeLabel(type: string): string {
  const label = type.replace(/-/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export function meta() {
  return [{ title: "Stores near you" }];
}

