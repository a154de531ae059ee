import { data, href } from "react-router";
import type { Route } from "./+types/billing-address";
import { AddressPicker, addressErrors } from "~/components/checkout/AddressPicker";
import * as styles from "~/components/checkout/Checkout.css";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { appContext, shopperContext } from "~/services/context";
import { isMember } from "~/services/member-session.server";
import { redirectWithFlash } from "~/services/flash.server";
import {
  lookupFromQuery,
  memberSavedAddresses,
  pickerMode,
  saveAddressFromForm,
  savedAddressChoices,
} from "./address.server";
import { requireCheckout } from "./checkout.server";

// The form's schema is the picker's, shared with the details step: ~/models/address-form.

/**
 * The card's billing address (spec 2 §2 billing address step), when it is not the delivery address. A member's saved
 * billing addresses are offered first (spec 2 §3), and a new one may be kept on their account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const { checkout } = await requireCheckout(context, "billing");
  const url = new URL(request.url);
  const saved = checkout.billingAddress;
  // Arriving here means a billing address other than the delivery one is wanted: start with the finder.
  const mode =
    url.searchParams.has("manual") || url.searchParams.has("change")
      ? pickerMode(url, "billing", saved !== null)
      : "find";
  const [lookup, savedAddresses] = await Promise.all([
    lookupFromQuery(shopper, url, "billing"),
    memberSavedAddresses(shopper, "billing", log),
  ]);
  return {
    member: isMember(shopper),
    savedAddresses: savedAddressChoices(savedAddresses),
    saved,
    mode,
    lookup: lookup ? { postcode: lookup.postcode, addresses: lookup.addresses, error: lookup.error } : null,
    defaultPostcode:
      saved?.postcode ?? checkout.deliveryAddress?.postcode ?? shopper.session.get("location")?.postcode ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { basket } = await requireCheckout(context, "billing");
  const saved = await saveAddressFromForm(
    shopper,
    "billing",
    await request.formData(),
    basket.basketToken,
    context.get(appContext).log,
  );
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
        savedAddresses={loaderData.savedAddresses}
        offerSave={loaderData.member}
        subheadingLevel={2}
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
