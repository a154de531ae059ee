import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState, type FormEvent } from "react";
import { data, href, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payment";
import { api } from "#contract";
import * as styles from "~/components/checkout/Checkout.css";
import { PaymentMethodForm } from "~/components/checkout/PaymentMethodForm";
import { WalletButtonsOnDemand } from "~/components/checkout/WalletButtonsOnDemand";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { formatAddress } from "~/models/address";
import { idempotencyKeyField } from "~/models/form-fields.server";
import { formatPence } from "~/models/money";
import { beginPayment, IDLE_PAYMENT_PROGRESS } from "~/models/payment-options";
import { appContext, shopperContext } from "~/services/context";
import { refusalMessage, requireCheckout } from "./checkout.server";
import { paymentState, startPayment } from "./payment.server";

export const PAYMENT_TITLE = "Checkout Payment";
export const PAYMENT_DESCRIPTION = "Complete your payment";
const CHOOSE_METHOD = "Choose how you would like to pay";

/** The way to pay, whether the card's billing address is the delivery one, and the key that makes a repeat pay once. */
const schema = z.object({
  paymentMethod: z.enum(["card", "cash", "applepay", "googlepay"]),
  billingSame: z.string().optional(),
  idempotencyKey: idempotencyKeyField,
});

/** The payment step (spec 2 §2): the ways this order may be paid, and the billing address for a card. */
export async function loader({ context }: Route.LoaderArgs) {
  // The billing address is chosen from here, so reaching this page needs every step before billing.
  const checkoutData = await requireCheckout(context, "billing");
  const { basket, checkout, global, store } = checkoutData;
  const state = paymentState(checkoutData);
  return {
    ...state,
    total: formatPence(basket.orderTotal, { symbol: store.currency.symbolChar }),
    method: basket.fulfilmentMethod.type,
    deliveryAddress: checkout.deliveryAddress ? formatAddress(checkout.deliveryAddress) : null,
    billingAddress: checkout.billingAddress ? formatAddress(checkout.billingAddress) : null,
    billingFollowsDelivery:
      checkout.billingAddress === null ||
      (checkout.deliveryAddress !== null &&
        formatAddress(checkout.billingAddress) === formatAddress(checkout.deliveryAddress)),
    wallets: {
      enableApplePayment: global.payment.enableApplePayment,
      enableGooglePayment: global.payment.enableGooglePayment,
    },
    storeId: store.id,
    storeName: store.storeName,
    gatewayPublicKey: checkoutData.gatewayPublicKey,
    totalPence: basket.orderTotal,
    formKey: crypto.randomUUID(), // fresh on every load: the pay form's idempotency key
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const checkoutData = await requireCheckout(context, "billing");
  const submission = parseWithZod(await request.formData(), { schema });
  const { options, disabledReason, cardProblem } = paymentState(checkoutData);
  const refuse = (message: string, field: "paymentMethod" | "billingSame" = "paymentMethod", option: string = "card") =>
    data({ result: submission.reply({ fieldErrors: { [field]: [message] } }), option }, { status: 400 });

  if (disabledReason) return refuse(disabledReason);
  const method = submission.status === "success" ? submission.value.paymentMethod : undefined;
  if (!method || !options.includes(method) || method === "applepay" || method === "googlepay")
    return refuse(CHOOSE_METHOD, "paymentMethod", options[0] ?? "card");
  const { billingSame, idempotencyKey } = submission.status === "success" ? submission.value : {};

  if (method === "card") {
    if (cardProblem) return refuse(cardProblem);
    const { basket, checkout } = checkoutData;
    if (basket.fulfilmentMethod.type === "delivery" && billingSame === "yes") {
      try {
        await shopper.api.call(api.setBillingAddress, { basketToken: basket.basketToken, sameAsDelivery: true });
      } catch (error) {
        return refuse(refusalMessage(error, "There was an error updating your address"), "billingSame");
      }
      return redirect(href("/checkout/payment/card-form"), 303);
    }
    const differentSaved =
      checkout.billingAddress !== null &&
      (checkout.deliveryAddress === null ||
        formatAddress(checkout.billingAddress) !== formatAddress(checkout.deliveryAddress));
    return redirect(
      differentSaved ? href("/checkout/payment/card-form") : href("/checkout/payment/billing-address"),
      303,
    );
  }

  const started = await startPayment(shopper, log, request, checkoutData, method, idempotencyKey);
  if (started.kind === "placed") return redirect(href("/checkout/success"), 303);
  // The gateway's pages are not this app's routes: the browser must load them as documents, script or not.
  if (started.kind === "redirect") return redirectDocument(started.href, 303);
  return refuse(started.message, "paymentMethod", method);
}

export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { options, disabledReason, cardProblem, method, total } = loaderData;
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "payment", lastResult: actionData?.result });
  const optionId = (option: string) => `${fields.paymentMethod.id}-${option}`;
  const errors = [
    ...fieldErrors([fields.paymentMethod]).map((e) => ({ ...e, field: optionId(actionData?.option ?? "card") })),
    ...fieldErrors([fields.billingSame]),
  ];
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === href("/checkout/payment");
  const formOptions = options.filter((o) => o === "card" || o === "cash");
  const walletOptions = useMemo(() => options.filter((o) => o === "applepay" || o === "googlepay"), [options]);
  // Spec 2 §4: one payment at a time. A wallet's payment (its sheet open, its answer awaited) keeps the form's button
  // off; cash is under way while its post is (card goes on to the card step, where its own payment begins).
  const [walletProgress, setWalletProgress] = useState(IDLE_PAYMENT_PROGRESS);
  const cashPosting = submitting && navigation.formData?.get(fields.paymentMethod.name) === "cash";
  const progress = cashPosting ? (beginPayment(IDLE_PAYMENT_PROGRESS, "cash") ?? walletProgress) : walletProgress;
  const walletPaying = walletProgress.inProgress !== null || walletProgress.status === "success";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (walletPaying) event.preventDefault();
  };

  return (
    <>
      <h1 className={styles.title}>{PAYMENT_TITLE}</h1>
      <p className={styles.lead}>{PAYMENT_DESCRIPTION}</p>
      <ErrorSummary errors={errors} />
      {disabledReason ? (
        <div className={styles.notice} role="alert">
          <p>{disabledReason}</p>
          <p>
            <Link to={href("/checkout/options")}>Check your order time</Link>
          </p>
        </div>
      ) : null}
      <p>
        Total to pay: <strong>{total}</strong>
        {loaderData.totalPence === 0
          ? ". Your credit pays for the whole order: however you choose to pay, nothing is charged."
          : null}
      </p>

      {options.length === 0 ? (
        <p className={styles.notice}>
          This store cannot take payment for this order. Please change your order or choose another time.
        </p>
      ) : null}

      <WalletButtonsOnDemand
        options={loaderData.totalPence === 0 ? [] : walletOptions}
        flags={loaderData.wallets}
        disabled={disabledReason !== null}
        storeId={loaderData.storeId}
        storeName={loaderData.storeName}
        totalPence={loaderData.totalPence}
        gatewayPublicKey={loaderData.gatewayPublicKey}
        progress={progress}
        onProgress={setWalletProgress}
      />

      {formOptions.length > 0 ? (
        <PaymentMethodForm
          formProps={getFormProps(form)}
          fields={fields}
          options={formOptions}
          cardProblem={cardProblem}
          optionId={optionId}
          billing={
            options.includes("card") && method === "delivery" && loaderData.deliveryAddress
              ? { deliveryAddress: loaderData.deliveryAddress, sameAsDelivery: loaderData.billingFollowsDelivery }
              : null
          }
          idempotencyKey={loaderData.formKey}
          disabledReason={disabledReason}
          submitting={submitting}
          walletPaying={walletPaying}
          onSubmit={onSubmit}
        />
      ) : null}
    </>
  );
}

export function meta() {
  return [{ title: PAYMENT_TITLE }, { name: "description", content: PAYMENT_DESCRIPTION }];
}
