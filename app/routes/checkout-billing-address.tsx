import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout-billing-address";
import { AddressPicker } from "~/components/checkout/AddressPicker";
import * as styles from "~/components/checkout/Checkout.css";
import { ErrorSummary, summaryErrors, type FieldError } from "~/components/forms/ErrorSummary";
import { lookupFromQuery, pickerMode, saveAddressFromForm } from "~/services/checkout-address.server";
import { shopperContext } from "~/services/context";
import { requireCheckout } from "~/services/checkout.server";

const ADDRESS_ERROR_ORDER = ["addressLine1", "addressLine2", "town", "county", "postcode"] as const;

/** The card's billing address (spec 2 §2 billing address step), when it is not the delivery address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { checkout } = await requireCheckout(shopper, "billing");
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
  const { basket } = await requireCheckout(shopper, "billing");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const saved = await saveAddressFromForm(shopper, "billing", form, basket.basketToken);
  if (!saved.ok) {
    const errors: FieldError[] = saved.fieldErrors
      ? summaryErrors(saved.fieldErrors, ADDRESS_ERROR_ORDER, "billing-")
      : [{ field: intent === "save-billing" ? "billing-addressLine1" : "billing-find-postcode", message: saved.formError ?? "" }];
    return data({ errors, fieldErrors: saved.fieldErrors, formError: saved.formError, values: saved.values, mode: intent === "save-billing" ? "manual" : "find" }, { status: 400 });
  }
  if (saved.toast) shopper.session.flash("toast", saved.toast);
  return redirect("/checkout/payment/card-form", 303);
}

export default function BillingAddress({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Billing address</h1>
      <p className={styles.lead}>The address your card is registered to.</p>
      <ErrorSummary errors={actionData?.errors ?? []} />
      <AddressPicker
        kind="billing"
        path="/checkout/payment/billing-address"
        saved={loaderData.saved}
        mode={actionData ? (actionData.mode as "manual" | "find") : loaderData.mode}
        lookup={loaderData.lookup}
        errors={actionData?.fieldErrors ?? null}
        values={actionData?.values ?? null}
        defaultPostcode={loaderData.defaultPostcode}
        formError={actionData?.formError ?? null}
        keepHref="/checkout/payment/card-form"
      />
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: billing address" }];
}
