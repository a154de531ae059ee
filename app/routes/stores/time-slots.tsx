import { useAuthenticityToken } from "remix-utils/csrf/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { href, Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/time-slots";
import type { StoreDetails } from "#contract";
import { ShopSearchOnDemand } from "~/components/shop-search/ShopSearchOnDemand";
import { SlotPicker } from "~/components/slot-picker/SlotPicker";
import { useListingKey, useListingRefresh } from "~/components/slot-picker/use-slot-listing";
import { LOCATION_REQUIRED, LOCATION_REQUIRED_USER_MESSAGE } from "~/models/address";
import { findListedSlot } from "#contract/slot-rules";
import { MISSING_SLOT_TIMES_MESSAGE, slotRulesFor, storeDate } from "~/models/slots";
import { msUntilRevalidation } from "~/models/slots-calendar";
import { idempotencyKeyField } from "~/models/form-fields.server";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import {
  chooseListedSlot,
  currentBasket,
  listSlotDays,
  reserveSlot,
  revalidateHeldSlot,
  serverNow,
} from "./slots.server";
import { hasLocation } from "~/shopper/store-selection.server";
import { loadStorePage } from "./store-page.server";
import * as styles from "~/styles/pages.css";

const CHOOSE_A_TIME = "Please choose a time.";
const ASAP_RESERVED = "Your order will be prepared as soon as possible.";
const TIME_RESERVED = "Your time is reserved.";

/** A slot's button: the slot's start, and the key that makes a repeated post reserve once. */
const schema = z.object({
  timeSlotDate: z.string({ error: CHOOSE_A_TIME }).trim().min(1, CHOOSE_A_TIME).max(64),
  idempotencyKey: idempotencyKeyField,
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = await serverNow(shopper, context.get(appContext).clock.now());
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const rules = slotRulesFor(details, method);
  const today = storeDate(now, rules.timeZone);
  if (!hasLocation(shopper.session.get("location"))) {
    return { locationMissing: true as const, method, today, timeZone: rules.timeZone };
  }
  const slotDays = await listSlotDays(shopper, details, method, now);
  let basket = await currentBasket(shopper, details);
  if (basket) basket = await revalidateHeldSlot(shopper, details, basket, slotDays, now);
  const day = new URL(request.url).searchParams.get("day");
  const shownDay = slotDays.some((d) => d.slotDate === day) ? day! : (slotDays[0]?.slotDate ?? today);
  return {
    locationMissing: false as const,
    method,
    today,
    timeZone: rules.timeZone,
    slotDays,
    shownDay,
    selected: basket?.selectedSlot ?? null,
    selectedIsAsap: shopper.session.get("slotTiming") === "asap",
    costText: details.orderMethods[method].costText,
    // How long until store-local midnight by the server's clock: a browser's own clock may be hours out.
    revalidateInMs: msUntilRevalidation(now, rules.timeZone),
    listedAt: now.toISOString(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const now = await serverNow(shopper, context.get(appContext).clock.now());
  const submission = parseWithZod(await request.formData(), { schema });
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const back = `${href("/stores/:storeSlug/time-slots", { storeSlug: details.slug })}${new URL(request.url).search}`;
  if (submission.status !== "success") {
    // A post without the slot's start is bad slot data (spec 1 §5), not a shopper's slip: the buttons always carry it.
    const message = submission.payload.intent === "reserve" ? MISSING_SLOT_TIMES_MESSAGE : CHOOSE_A_TIME;
    return redirectWithToast(context, back, { kind: "error", message });
  }
  const { timeSlotDate, idempotencyKey } = submission.value;
  // The listing says which kind of slot this is. ASAP starts move with the clock: a start a little before the current
  // ASAP start (a page loaded a minute ago) is still ASAP, by the rule the platform holds it with.
  const slotDays = await listSlotDays(shopper, details, method, now);
  const listed = findListedSlot(slotDays, Date.parse(timeSlotDate))?.slot;
  // A start the listing no longer has goes to the platform as it is: its answer says the slot is gone.
  const choice = listed
    ? await chooseListedSlot(shopper, listed, slotDays, details, method, now)
    : ({ ok: true, slot: null, timing: "future" } as const);
  if (!choice.ok) return redirectWithToast(context, back, { kind: "error", message: choice.message });
  try {
    await reserveSlot(shopper, details, choice.slot?.startTime ?? timeSlotDate, choice.timing, idempotencyKey);
  } catch (error) {
    // The platform words a missing location for developers (spec 1 §5); the shopper is told what to do.
    const message =
      error instanceof PlatformError && error.message === LOCATION_REQUIRED
        ? LOCATION_REQUIRED_USER_MESSAGE
        : (error as Error).message;
    if (error instanceof PlatformError && error.status < 500)
      return redirectWithToast(context, back, { kind: "error", message });
    throw error;
  }
  // A store whose time is chosen in the basket only (basketOnlyTimeSelection) sends the shopper back there.
  const done = details.basketOnlyTimeSelection && !back.includes("from=checkout") ? href("/basket") : back;
  return redirectWithToast(context, done, {
    kind: "success",
    message: choice.timing === "asap" ? ASAP_RESERVED : TIME_RESERVED,
  });
}

export default function TimeSlots({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const methodName = loaderData.method === "delivery" ? "delivery" : "collection";
  const fetcher = useFetcher();
  const csrf = useAuthenticityToken();

  useListingRefresh(
    loaderData.locationMissing ? null : loaderData.listedAt,
    loaderData.locationMissing ? null : loaderData.revalidateInMs,
  );

  // The slot being reserved shows as chosen at once; the page's data takes over when the post is answered.
  const [choosing, setChoosing] = useState<string | null>(null);
  const optimisticStart = fetcher.state !== "idle" ? choosing : null;
  // Sent here from checkout to change the time: every link and post keeps that, and the way back is offered.
  const fromCheckout = useSearchParams()[0].get("from") === "checkout";
  const keep = fromCheckout ? "&from=checkout" : "";
  const idempotencyKey = useListingKey(loaderData);

  if (loaderData.locationMissing) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Choose a {methodName} time</h1>
        <p>{LOCATION_REQUIRED_USER_MESSAGE}</p>
        <ShopSearchOnDemand />
      </div>
    );
  }

  const action = `${href("/stores/:storeSlug/time-slots", { storeSlug: store.slug })}?day=${loaderData.shownDay}${keep}`;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        Choose a {methodName} time at {store.storeName}
      </h1>
      <SlotPicker
        slotDays={loaderData.slotDays}
        selectedDate={loaderData.shownDay}
        selectedStart={optimisticStart || loaderData.selected?.start || null}
        selectedIsAsap={optimisticStart ? false : loaderData.selectedIsAsap}
        timeZone={loaderData.timeZone}
        today={loaderData.today}
        method={loaderData.method}
        costText={loaderData.costText}
        action={action}
        csrf={csrf}
        dayHref={(slotDate) => `?day=${slotDate}${keep}`}
        idempotencyKey={idempotencyKey}
        pending={fetcher.state !== "idle"}
        onChoose={(startTime) => {
          setChoosing(startTime);
          void fetcher.submit(
            { csrf, intent: "reserve", timeSlotDate: startTime, ...(idempotencyKey ? { idempotencyKey } : {}) },
            { method: "post", action },
          );
        }}
      />
      {fromCheckout && loaderData.selected ? (
        <p>
          <Link to={href("/checkout/options")}>Back to checkout</Link>
        </p>
      ) : null}
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return store ? [{ title: `Choose a time | ${store.storeName}` }] : [];
}
