import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { api, type Address, type RequestOf, type SetAddressResponse } from "../../../platform/contract";
import type { AddressAnswer, AddressLookup } from "~/components/checkout/AddressPicker";
import { formatAddress } from "~/models/address";
import { addressFormSchema, type AddressKind } from "~/models/address-form.server";
import { deliveryCostChangeToast, removedCouponToast } from "~/models/checkout";
import { validatePostcode } from "~/models/postcode";
import { getBusinessProfile } from "~/services/business.server";
import type { Shopper } from "~/services/context";
import type { Toast } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";
import { refusalMessage, refusedField } from "./checkout.server";


/** Ours: a postcode the address finder knows no addresses for. */
export function noAddressesMessage(postcode: string): string {
  return `No addresses found for ${postcode}. Check the postcode or enter the address manually.`;
}

/** Which part of the address picker a page shows, from its query (`?change=delivery`, `?manual=billing`). */
export function pickerMode(url: URL, kind: AddressKind, hasSaved: boolean): "show" | "find" | "manual" {
  if (url.searchParams.get("manual") === kind) return "manual";
  if (url.searchParams.get("change") === kind || !hasSaved) return "find";
  return "show";
}

/** The finder's answer for the postcode in the query, or null when none was asked for. */
export async function lookupFromQuery(shopper: Shopper, url: URL, kind: AddressKind): Promise<(AddressLookup & { found: Address[] }) | null> {
  if (url.searchParams.get("change") !== kind || !url.searchParams.has("postcode")) return null;
  return lookupAddresses(shopper, url.searchParams.get("postcode") ?? "");
}

export async function lookupAddresses(shopper: Shopper, raw: string): Promise<AddressLookup & { found: Address[] }> {
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const checked = validatePostcode(raw, postcodeRules);
  if (!checked.ok) return { postcode: raw.trim().toUpperCase().slice(0, 8), addresses: [], found: [], error: raw.trim() ? "Enter a real postcode" : "Enter a postcode" };
  try {
    const { addresses } = await shopper.api.call(api.getAddressesByPostcode, { postcode: checked.postcode, country: "GB" });
    if (addresses.length === 0) return { postcode: checked.postcode, addresses: [], found: [], error: noAddressesMessage(checked.postcode) };
    return { postcode: checked.postcode, addresses: addresses.map((a) => formatAddress(a)), found: addresses, error: null };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      return { postcode: checked.postcode, addresses: [], found: [], error: noAddressesMessage(checked.postcode) };
    }
    return { postcode: checked.postcode, addresses: [], found: [], error: refusalMessage(error) };
  }
}

export type AddressSaveResult = { ok: true; toast: Toast | null } | { ok: false; answer: AddressAnswer };

/**
 * The address from a picker's post: the chosen finder result (re-read by postcode, so nothing the browser sent but
 * the choice is trusted), or the typed address checked field by field. Saved on the platform; the answer says what
 * the shopper must be told (a coupon taken off, a changed delivery fee).
 */
export async function saveAddressFromForm(shopper: Shopper, kind: AddressKind, form: FormData, basketToken: string): Promise<AddressSaveResult> {
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const submission = parseWithZod(form, { schema: addressFormSchema(kind, postcodeRules) });
  const part = submission.payload.intent === `choose-${kind}` ? "choose" : "save";
  const refuse = (result: SubmissionResult<string[]>): AddressSaveResult => ({ ok: false, answer: { kind, part, result } });
  if (submission.status !== "success") return refuse(submission.reply());

  let address: RequestOf<typeof api.setDeliveryAddress>["address"];
  const posted = submission.value;
  if (posted.intent === `choose-${kind}` && "address" in posted) {
    const lookup = await lookupAddresses(shopper, posted.postcode);
    const chosen = posted.address === undefined ? undefined : lookup.found[posted.address];
    if (!chosen) return refuse(submission.reply({ formErrors: [lookup.error ?? "Choose an address from the list"] }));
    address = { addressLine1: chosen.addressLine1, addressLine2: chosen.addressLine2, town: chosen.town, county: chosen.county, postcode: chosen.postcode, countryCode: "GB" };
  } else if ("addressLine1" in posted) {
    address = { addressLine1: posted.addressLine1, addressLine2: posted.addressLine2, town: posted.town, county: posted.county, postcode: posted.postcode, countryCode: "GB" };
  } else {
    return refuse(submission.reply({ formErrors: ["Choose an address from the list"] }));
  }

  try {
    const result: SetAddressResponse =
      kind === "delivery"
        ? await shopper.api.call(api.setDeliveryAddress, { basketToken, address })
        : await shopper.api.call(api.setBillingAddress, { basketToken, address, sameAsDelivery: false });
    return { ok: true, toast: addressToast(result) };
  } catch (error) {
    const field = refusedField(error);
    const fallback = kind === "delivery" ? "Failed to set delivery address. Please try again." : "There was an error updating your address";
    const message = refusalMessage(error, fallback);
    if (field && part === "save") return refuse(submission.reply({ fieldErrors: { [field]: [message] } }));
    return refuse(submission.reply({ formErrors: [message] }));
  }
}

/** Spec 2 §4: a removed coupon's reason is an error toast; a delivery cost change an error, success or info toast. */
export function addressToast(result: Pick<SetAddressResponse, "removedCoupon" | "deliveryCostChange">): Toast | null {
  return removedCouponToast(result.removedCoupon) ?? deliveryCostChangeToast(result.deliveryCostChange);
}
