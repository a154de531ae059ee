import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/checkout-options";
import { api } from "../../platform/contract";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import * as styles from "~/components/checkout/Checkout.css";
import { dayLabel, slotTimeRange, storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { refusalMessage, requireCheckout } from "~/services/checkout.server";
import * as forms from "~/styles/forms.css";

/** Ours: the longest note the store is sent. */
export const INSTRUCTIONS_MAX = 500;
const INSTRUCTIONS_TOO_LONG = `Instructions must be ${INSTRUCTIONS_MAX} characters or fewer`;
const NO_SLOT = "Please choose a time slot for your order.";

/** The order's options: delivery or collection, the time, and a note for the store or driver. */
export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const { store, basket, checkout, content, storeNotice } = await requireCheckout(shopper, "options");
  const timeZone = store.info.storeTimeZone;
  const slot = basket.selectedSlot;
  const isAsap = shopper.session.get("slotTiming") === "asap";
  const method = basket.fulfilmentMethod.type;
  return {
    method,
    storeSlug: store.slug,
    storeName: store.storeName,
    canSwitch: store.orderMethods[method === "delivery" ? "collection" : "delivery"].enabledForMethod,
    slotText: slot ? (isAsap ? "As soon as possible" : `${dayLabel(slot.date, storeDate(now, timeZone), timeZone)}, ${slotTimeRange({ startTime: slot.start, endTime: slot.end }, timeZone)}`) : null,
    instructions: checkout.instructions ?? "",
    placeholder: store.customerOrderNotePlaceholder ?? content.orderNotePlaceholder,
    storeNotice,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { basket } = await requireCheckout(shopper, "options");
  const form = await request.formData();
  const instructions = String(form.get("instructions") ?? "").trim();
  const errors: { field: string; message: string }[] = [];
  if (instructions.length > INSTRUCTIONS_MAX) errors.push({ field: "instructions", message: INSTRUCTIONS_TOO_LONG });
  if (!basket.selectedSlot) errors.push({ field: "choose-time", message: NO_SLOT });
  if (errors.length > 0) return data({ errors, instructions }, { status: 400 });
  try {
    await shopper.api.call(api.setInstructions, { basketToken: basket.basketToken, instructions: instructions || null });
  } catch (error) {
    return data({ errors: [{ field: "instructions", message: refusalMessage(error) }], instructions }, { status: 400 });
  }
  return redirect("/checkout/details", 303);
}

export default function CheckoutOptions({ loaderData, actionData }: Route.ComponentProps) {
  const { method, storeSlug, slotText, placeholder, storeNotice } = loaderData;
  const errors = actionData?.errors ?? [];
  const instructionsError = errors.find((e) => e.field === "instructions")?.message;
  const methodName = method === "delivery" ? "Delivery" : "Collection";
  return (
    <>
      <h1 className={styles.title}>Your order</h1>
      <ErrorSummary errors={errors} />
      {storeNotice ? <p className={styles.notice}>{storeNotice}</p> : null}
      <section className={styles.panel} aria-labelledby="order-options-title">
        <h2 className={styles.panelTitle} id="order-options-title">
          {methodName} from {loaderData.storeName}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Order type</dt>
            <dd>
              {methodName}
              {loaderData.canSwitch ? (
                <>
                  {" "}
                  · <Link to="/basket">Switch to {method === "delivery" ? "collection" : "delivery"} in your basket</Link>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{method === "delivery" ? "Delivery time" : "Collection time"}</dt>
            <dd>
              {slotText ?? NO_SLOT}{" "}
              <Link id="choose-time" to={`/stores/${storeSlug}/time-slots?from=checkout`}>
                {slotText ? "Change time" : "Choose a time"}
              </Link>
            </dd>
          </div>
        </dl>
      </section>
      <Form method="post" noValidate>
        <CsrfInput />
        <div className={instructionsError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <label className={forms.label} htmlFor="instructions">
            Instructions for the {method === "delivery" ? "store and driver" : "store"} (optional)
          </label>
          <span className={forms.hint} id="instructions-hint">
            {placeholder || `Up to ${INSTRUCTIONS_MAX} characters.`}
          </span>
          {instructionsError ? (
            <span className={forms.errorMessage} id="instructions-error">
              {instructionsError}
            </span>
          ) : null}
          <textarea
            className={instructionsError ? `${forms.textarea} ${forms.fieldError}` : forms.textarea}
            id="instructions"
            name="instructions"
            rows={5}
            maxLength={INSTRUCTIONS_MAX}
            defaultValue={actionData?.instructions ?? loaderData.instructions}
            aria-describedby={instructionsError ? "instructions-hint instructions-error" : "instructions-hint"}
            aria-invalid={instructionsError ? true : undefined}
          />
        </div>
        <button type="submit" className={forms.button.primary}>
          Continue to your details
        </button>
      </Form>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: your order" }];
}
