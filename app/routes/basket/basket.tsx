import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/basket";
import { BASKET_MESSAGES } from "#contract";
import { BasketPage } from "~/components/basket-page/BasketPage";
import type { BasketAnswer } from "~/components/basket-summary/BasketForm";
import { parsePence, parseQuantity, QUANTITY_ERROR_MESSAGE, REMOVE_ERROR_MESSAGE } from "~/models/basket";
import { basketLineIdField, idempotencyKeyField } from "~/models/form-fields.server";
import type { BasketPageData } from "~/models/route-data";
import { heldSlotText, storeDate } from "~/models/slots";
import { BASKET_REFERER } from "~/models/back-link";
import { storePath } from "~/models/store-paths";
import { getBusinessProfile, getWhiteLabelSettings } from "~/services/business.server";
import { appContext, shopperContext } from "~/services/context";
import { dataWithToast, redirectWithFlash } from "~/services/flash.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { safeRedirectPath } from "~/services/session.server";
import { rememberBackLink } from "~/shopper/route-guards.server";
import { couponStanding, selectedStoreDetails, sessionBasket } from "~/shopper/basket.server";
import { basketPageStore, takeNotAdded } from "./basket-page.server";
import {
  applyCoupon,
  clearBasket,
  recommendedFor,
  removeCoupon,
  removeLine,
  setLineQuantity,
  spendPoints,
  updateTip,
  type BasketOutcome,
} from "./basket.server";

const lineId = basketLineIdField;
const common = {
  idempotencyKey: idempotencyKeyField,
  redirectTo: z.string().optional(),
  /** Set by script: the answer is the new basket as data, not a redirect. */
  _js: z.literal("1").optional(),
};

/** Every change the basket page and the product cards' steppers post (spec 2 §7 basket calls). */
const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-quantity"),
    basketLineId: lineId,
    quantity: z.string().transform(parseQuantity).pipe(z.number()),
    ...common,
  }),
  z.object({ intent: z.literal("remove"), basketLineId: lineId, ...common }),
  z.object({ intent: z.literal("apply-coupon"), code: z.string().default(""), ...common }),
  z.object({ intent: z.literal("remove-coupon"), ...common }),
  z.object({ intent: z.literal("tip"), amount: z.string().transform(parsePence).pipe(z.number()), ...common }),
  z.object({ intent: z.literal("clear"), ...common }),
  z.object({ intent: z.literal("spend-points"), points: z.string().default(""), ...common }),
]);

/** What a malformed post of each kind is told: nothing changed. */
const MALFORMED: Record<string, string> = {
  "set-quantity": QUANTITY_ERROR_MESSAGE,
  remove: REMOVE_ERROR_MESSAGE,
  tip: "Please choose a tip.",
};
const UNKNOWN_CHANGE = "That change is not one the basket knows.";

export async function loader({ request, context }: Route.LoaderArgs): Promise<BasketPageData> {
  const shopper = context.get(shopperContext);
  const { clock, log, config } = context.get(appContext);
  const store = await selectedStoreDetails(shopper);
  const backHref = rememberBackLink(shopper.session, request, BASKET_REFERER, store ? storePath(store.slug) : "/");
  if (!store) return { kind: "no-store", backHref };

  const [basket, profile, settings] = await Promise.all([
    sessionBasket(shopper),
    getBusinessProfile(shopper.shared),
    getWhiteLabelSettings(shopper.shared),
  ]);
  const method = basket?.fulfilmentMethod.type ?? shopper.session.get("fulfilmentMethod") ?? "delivery";
  const timeZone = store.info.storeTimeZone;
  const recommended = basket && settings.recommendedItemsEnabled ? await recommendedFor(shopper, basket, log) : [];
  return {
    kind: "store",
    backHref,
    store: basketPageStore(store, method),
    method,
    basket,
    slotText: heldSlotText(
      basket?.selectedSlot ? { ...basket.selectedSlot, isAsap: shopper.session.get("slotTiming") === "asap" } : null,
      storeDate(clock.now(), timeZone),
      timeZone,
      null,
    ),
    tips: { levels: profile.tipLimitLevels, increment: profile.driverTipIncrement },
    // A member, and whether their mobile is verified (VERIFIED15 and coupons like it need it).
    shopper: await couponStanding(shopper, basket, log),
    recommended,
    honeypot: await honeypotInputProps(config),
    /** Fresh on every load: the forms' keys for posts without script, and the recommended adds' line ids. */
    seed: crypto.randomUUID(),
    notAdded: takeNotAdded(shopper.session),
  };
}

/**
 * Every change to the basket: the page's forms and the product cards' steppers post here. Without script the answer
 * is a 303 back with a toast; with script (`_js=1`) it is the new basket as data. A refused coupon is not a toast but
 * a field error: the page is answered again (400) with the message on the field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log, config } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  const back = safeRedirectPath(submission.payload.redirectTo, href("/basket"));
  const js = submission.payload._js === "1";
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : "";

  let outcome: BasketOutcome;
  if (submission.status !== "success") {
    outcome = {
      basket: null,
      toast: { kind: "error", message: MALFORMED[intent] ?? UNKNOWN_CHANGE },
      couponError: null,
    };
  } else {
    const change = submission.value;
    const key = change.idempotencyKey;
    switch (change.intent) {
      case "set-quantity":
        outcome = await setLineQuantity(shopper, log, change.basketLineId, change.quantity, key);
        break;
      case "remove":
        outcome = await removeLine(shopper, log, change.basketLineId, key);
        break;
      case "apply-coupon":
        outcome = (await isSpam(config, form))
          ? {
              basket: null,
              toast: null,
              couponError: { message: BASKET_MESSAGES.botCheckFailed, value: change.code.trim() },
            }
          : await applyCoupon(shopper, log, change.code, key);
        break;
      case "remove-coupon":
        outcome = await removeCoupon(shopper, log, key);
        break;
      case "tip":
        outcome = await updateTip(shopper, log, change.amount, key);
        break;
      case "clear":
        outcome = await clearBasket(shopper, log, key);
        break;
      case "spend-points":
        outcome = await spendPoints(shopper, log, change.points, key);
        break;
    }
  }

  const answer: BasketAnswer = {
    intent,
    basket: outcome.basket,
    coupon: outcome.couponError ? submission.reply({ fieldErrors: { code: [outcome.couponError.message] } }) : null,
    points: outcome.pointsError ? submission.reply({ fieldErrors: { points: [outcome.pointsError.message] } }) : null,
    error: outcome.toast?.kind === "error" ? outcome.toast.message : null,
  };
  if (outcome.couponError || outcome.pointsError) return data(answer, { status: 400 });
  // With script the toast is read by the revalidation that follows this answer.
  if (js) return dataWithToast(context, answer, outcome.toast);
  return redirectWithFlash(context, back, outcome.toast ? { toast: outcome.toast } : {});
}

export default function Basket({ loaderData, actionData }: Route.ComponentProps) {
  return <BasketPage data={loaderData} answer={actionData} />;
}

export function meta() {
  return [{ title: "Your basket" }];
}
