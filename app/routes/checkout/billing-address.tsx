import { data, href } from "react-router";
import type { Route } from "./+types/billing-address";
import { AddressPicker, addressErrors } from "~/components/checkout/AddressPicker";
import * as styles from "~/components/checkout/Checkout.css";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { shopperContext } from "~/services/context";
import { redirectWithFlash } from "~/services/flash.server";
import { lookupFromQuery, pickerMode, saveAddressFromForm } from "./address.server";
import { requireCheckout } from "./checkout.server";

// The form's schema is the picker's, shared with the details step: ~/models/address-form.

/** The card's billing address (spec 2 §2 billing address step), when it is not the delivery address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { checkout } = await requireCheckout(context, "billing");
  const url = new URL(request.url);
  const saved = checkout.billingAddress;
  // Arriving here means a billing address other than the delivery one is wanted: start with the finder.
  const mode = url.searchParams.has("manual") || url.searchParams.has("change") ? pickerMode(url, "billing", saved !== null) : "find";
  const lookup = await lookupFromQuery(shopper, url, "billing");
  return {
    saved,
    mode,
    lookup: lookup ? { postcode: lookup.postcode, addresses: lookup.addresses, error: lookup.error } : null,
    defaultPostcode: saved?.postcode ?? checkout.deliveryAddress?.postcode ?? shopper.session.get("location")?.postcode ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { basket } = await requireCheckout(context, "billing");
  const saved = await saveAddressFromForm(shopper, "billing", await request.formData(), basket.basketToken);
  if (!saved.ok) return data(saved.answer, { status: 400 });
  return redirectWithFlash(context, href("/checkout/payment/card-form"), saved.toast ? { toast: saved.toast } : {});
}

export default function BillingAddress({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? null;
  return (
    <>
      <h1 className={styles.title}>Billing address</h1>
      <p className={styles.lead}>The address your card is registered to.</p>
      <ErrorSummary errors={addressErrors(answer)} />
      <AddressPicker
        kind="billing"
        path={href("/checkout/payment/billing-address")}
        saved={loaderData.saved}
        mode={answer ? (answer.part === "save" ? "manual" : "find") : loaderData.mode}
        lookup={loaderData.lookup}
        answer={answer}
        defaultPostcode={loaderData.defaultPostcode}
        keepHref={href("/checkout/payment/card-form")}
      />
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: billing address" }];
}
