import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { z } from "zod";
import type { Route } from "./+types/card-form";
import * as styles from "~/components/checkout/Checkout.css";
import { CardFields } from "~/components/checkout/CardFields";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { formatAddress } from "~/models/address";
import { idempotencyKeyField } from "~/models/form-fields.server";
import { formatPence } from "~/models/money";
import { cardGatewayProblem, paymentContextFor, paymentDisabledReason, paymentOptions } from "~/models/payment-options";
import { appContext, shopperContext } from "~/services/context";
import { requireCheckout, type CheckoutData } from "./checkout.server";
import { startPayment } from "./payment.server";
import * as forms from "~/styles/forms.css";


/**
 * The pay button's form: the key that makes a repeated post charge once, and with script the card token from the
 * gateway's fields (never card data). Without a token the payment opens the gateway's hosted card page.
 */
const schema = z.object({ idempotencyKey: idempotencyKeyField, token: z.string().trim().min(1).max(400).optional() });
/** Spec 2 §5: the brands the card gateway takes. */
const ACCEPTED_CARDS = ["Visa", "Mastercard", "Discover", "JCB"];
const HOSTED_PAGE_ALTERNATIVE = "Enter your card on our payment provider's page instead";

function cardState(d: CheckoutData) {
  const available = paymentOptions(paymentContextFor(d.store, d.basket, d.gateways)).includes("card");
  return {
    problem: !available ? "Card payment is not available for this order." : cardGatewayProblem(d.store, d.gateways),
    disabledReason: paymentDisabledReason({
      storeClosed: d.storeNotice !== null && !d.store.ordersPaused,
      storePaused: d.store.ordersPaused,
      slotValid: d.basket.selectedSlot !== null,
    }),
  };
}

/**
 * The card step (spec 2 §2): the amount and billing address, then the three card fields. With script they are the
 * gateway's fields on this page (CardFields); without it, or when they cannot load, they are on the gateway's
 * secure card page. Either way card data never passes through this site (decisions 0014, 0024).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "payment");
  const { basket, checkout, store } = checkoutData;
  return {
    ...cardState(checkoutData),
    total: formatPence(basket.orderTotal, { symbol: store.currency.symbolChar }),
    billingAddress: checkout.billingAddress ? formatAddress(checkout.billingAddress) : "",
    formKey: crypto.randomUUID(),
    cardFields: config.cardFieldsScript && checkoutData.gatewayPublicKey ? { scriptUrl: config.cardFieldsScript, publicKey: checkoutData.gatewayPublicKey } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "payment");
  const { problem, disabledReason } = cardState(checkoutData);
  const submission = parseWithZod(await request.formData(), { schema });
  const refuse = (message: string) => data(submission.reply({ formErrors: [message] }), { status: 400 });
  if (problem) return refuse(problem);
  if (disabledReason) return refuse(disabledReason);
  const { idempotencyKey, token } = submission.status === "success" ? submission.value : { idempotencyKey: undefined, token: undefined };
  const started = await startPayment(shopper, log, request, checkoutData, "card", idempotencyKey, token ? { token } : undefined);
  if (started.kind === "placed") return redirect(href("/checkout/success"), 303);
  // The gateway's pages are not this app's routes: the browser must load them as documents, script or not.
  if (started.kind === "redirect") return redirectDocument(started.href, 303);
  return refuse(started.message);
}

export default function CardForm({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, disabledReason, total } = loaderData;
  const [form] = useForm({ id: "card", lastResult: actionData });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === href("/checkout/payment/card-form");
  const refusal = form.errors?.[0];
  const blocked = problem ?? disabledReason;
  /** The way without script: the gateway's hosted card page. With script, the alternative to the fields. */
  const hostedPage = (alternative: boolean) => {
    return (
      <Form method="post" {...getFormProps(form)}>
        <p>
          {alternative
            ? "Or enter your card on our payment provider's secure page, then come back here."
            : "You will enter your card number, expiry date and security code on our payment provider's secure page, then come back here."}
        </p>
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={loaderData.formKey} />
        <button
          type="submit"
          className={alternative ? forms.button.secondary : forms.button.primary}
          disabled={blocked !== null || submitting}
          {...(alternative ? {} : { id: "pay" })}
        >
          {submitting ? "Please wait…" : alternative ? HOSTED_PAGE_ALTERNATIVE : `Pay ${total} by card`}
        </button>
      </Form>
    );
  };
  return (
    <>
      <h1 className={styles.title}>Pay by card</h1>
      <ErrorSummary errors={refusal ? [{ field: "pay", message: refusal }] : []} />
      {blocked ? (
        <p className={styles.notice} role="alert">
          {blocked}
        </p>
      ) : null}
      <section className={styles.panel} aria-labelledby="card-payment-title">
        <h2 className={styles.panelTitle} id="card-payment-title">
          Card payment of {total}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Billing address</dt>
            <dd>
              {loaderData.billingAddress} <Link to={`${href("/checkout/payment/billing-address")}?change=billing`}>Change billing address</Link>
            </dd>
          </div>
          <div>
            <dt>Cards accepted</dt>
            <dd>{ACCEPTED_CARDS.join(", ")}</dd>
          </div>
        </dl>
        {problem ? null : loaderData.cardFields ? (
          <ClientOnly fallback={hostedPage(false)}>
            {() => <CardFields {...loaderData.cardFields!} total={total} blocked={blocked} hostedPage={(failed) => hostedPage(!failed)} />}
          </ClientOnly>
        ) : (
          hostedPage(false)
        )}
      </section>
      <p>
        <Link to={href("/checkout/payment")}>Choose another way to pay</Link>
      </p>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: pay by card" }];
}
