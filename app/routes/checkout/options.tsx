import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/options";
import { api } from "#contract";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import * as styles from "~/components/checkout/Checkout.css";
import { heldSlotText, storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { refusalMessage, requireCheckout } from "./checkout.server";
import * as forms from "~/styles/forms.css";

/** Ours: the longest note the store is sent. */
export const INSTRUCTIONS_MAX = 500;
const INSTRUCTIONS_TOO_LONG = `Instructions must be ${INSTRUCTIONS_MAX} characters or fewer`;
const NO_SLOT = "Please choose a time slot for your order.";

/** A note for the store or the driver (spec 2 §3 instructions). */
const schema = z.object({ instructions: z.string().trim().max(INSTRUCTIONS_MAX, INSTRUCTIONS_TOO_LONG).default("") });

/** The order's options: delivery or collection, the time, and a note for the store or driver. */
export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const { store, basket, checkout, content, storeNotice } = await requireCheckout(context, "options");
  const timeZone = store.info.storeTimeZone;
  const slot = basket.selectedSlot;
  const isAsap = shopper.session.get("slotTiming") === "asap";
  const method = basket.fulfilmentMethod.type;
  return {
    method,
    storeSlug: store.slug,
    storeName: store.storeName,
    canSwitch: store.orderMethods[method === "delivery" ? "collection" : "delivery"].enabledForMethod,
    slotText: heldSlotText(slot && { ...slot, isAsap }, storeDate(now, timeZone), timeZone, null, ", "),
    instructions: checkout.instructions ?? "",
    placeholder: store.customerOrderNotePlaceholder ?? content.orderNotePlaceholder,
    storeNotice,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { basket } = await requireCheckout(context, "options");
  const submission = parseWithZod(await request.formData(), { schema });
  // The time is the basket's, not a field of this form: its absence goes with the form's own refusals.
  const noSlot = basket.selectedSlot ? {} : { formErrors: [NO_SLOT] };
  if (submission.status !== "success" || !basket.selectedSlot) return data(submission.reply(noSlot), { status: 400 });
  try {
    await shopper.api.call(api.setInstructions, {
      basketToken: basket.basketToken,
      instructions: submission.value.instructions || null,
    });
  } catch (error) {
    return data(submission.reply({ fieldErrors: { instructions: [refusalMessage(error)] } }), { status: 400 });
  }
  return redirect(href("/checkout/details"), 303);
}

export default function CheckoutOptions({ loaderData, actionData }: Route.ComponentProps) {
  const { method, storeSlug, slotText, placeholder, storeNotice } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "options", lastResult: actionData });
  const instructions = fields.instructions;
  const instructionsError = instructions.errors?.[0];
  const hintId = `${instructions.id}-hint`;
  const noSlotError = form.errors?.[0];
  const errors = [
    ...fieldErrors([instructions]),
    ...(noSlotError ? [{ field: "choose-time", message: noSlotError }] : []),
  ];
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
                  ·{" "}
                  <Link to={href("/basket")}>
                    Switch to {method === "delivery" ? "collection" : "delivery"} in your basket
                  </Link>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{method === "delivery" ? "Delivery time" : "Collection time"}</dt>
            <dd>
              {slotText ?? NO_SLOT}{" "}
              <Link id="choose-time" to={`${href("/stores/:storeSlug/time-slots", { storeSlug })}?from=checkout`}>
                {slotText ? "Change time" : "Choose a time"}
              </Link>
            </dd>
          </div>
        </dl>
      </section>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <div className={instructionsError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <label className={forms.label} htmlFor={instructions.id}>
            Instructions for the {method === "delivery" ? "store and driver" : "store"} (optional)
          </label>
          <span className={forms.hint} id={hintId}>
            {placeholder || `Up to ${INSTRUCTIONS_MAX} characters.`}
          </span>
          {instructionsError ? (
            <span className={forms.errorMessage} id={instructions.errorId}>
              {instructionsError}
            </span>
          ) : null}
          <textarea
            className={instructionsError ? `${forms.textarea} ${forms.fieldError}` : forms.textarea}
            key={instructions.key}
            id={instructions.id}
            name={instructions.name}
            rows={5}
            maxLength={INSTRUCTIONS_MAX}
            defaultValue={
              typeof instructions.initialValue === "string" ? instructions.initialValue : loaderData.instructions
            }
            aria-describedby={instructionsError ? `${hintId} ${instructions.errorId}` : hintId}
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
