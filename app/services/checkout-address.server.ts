import { api, type Address, type SetAddressResponse } from "../../platform/contract";
import type { AddressLookup } from "~/components/checkout/AddressPicker";
import { formatAddress } from "~/models/address";
import { deliveryCostChangeToast, removedCouponToast, validateAddressForm } from "~/models/checkout";
import { validatePostcode } from "~/models/postcode";
import { getBusinessProfile } from "./business.server";
import type { Shopper, Toast } from "./context";
import { PlatformError } from "./platform-client.server";
import { refusalMessage, refusedField } from "./checkout.server";

export type AddressKind = "delivery" | "billing";

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

export type AddressSaveResult =
  | { ok: true; toast: Toast | null }
  | { ok: false; fieldErrors: Partial<Record<string, string>> | null; formError: string | null; values: Record<string, string> };

function formValues(form: FormData): Record<string, string> {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  return { addressLine1: value("addressLine1"), addressLine2: value("addressLine2"), town: value("town"), county: value("county"), postcode: value("postcode") };
}

/**
 * The address from a picker's post: the chosen finder result (re-read by postcode, so nothing the browser sent but
 * the choice is trusted), or the typed address checked field by field. Saved on the platform; the answer says what
 * the shopper must be told (a coupon taken off, a changed delivery fee).
 */
export async function saveAddressFromForm(shopper: Shopper, kind: AddressKind, form: FormData, basketToken: string): Promise<AddressSaveResult> {
  const intent = String(form.get("intent") ?? "");
  let address: Record<string, string>;
  const values = formValues(form);
  if (intent === `choose-${kind}`) {
    const lookup = await lookupAddresses(shopper, values.postcode ?? "");
    const index = Number(form.get("address"));
    const chosen = Number.isInteger(index) ? lookup.found[index] : undefined;
    if (!chosen) return { ok: false, fieldErrors: null, formError: lookup.error ?? "Choose an address from the list", values };
    address = { addressLine1: chosen.addressLine1, addressLine2: chosen.addressLine2, town: chosen.town, county: chosen.county, postcode: chosen.postcode, countryCode: "GB" };
  } else {
    const { postcodeRules } = await getBusinessProfile(shopper.shared);
    const errors = validateAddressForm({ addressLine1: values.addressLine1!, addressLine2: values.addressLine2!, town: values.town!, county: values.county!, postcode: values.postcode! }, postcodeRules);
    if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors, formError: null, values };
    address = { ...values, countryCode: "GB" };
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
    if (field && intent !== `choose-${kind}`) return { ok: false, fieldErrors: { [field]: message }, formError: null, values };
    return { ok: false, fieldErrors: null, formError: message, values };
  }
}

/** Spec 2 §4: a removed coupon's reason is an error toast; a delivery cost change an error, success or info toast. */
export function addressToast(result: Pick<SetAddressResponse, "removedCoupon" | "deliveryCostChange">): Toast | null {
  return removedCouponToast(result.removedCoupon) ?? deliveryCostChangeToast(result.deliveryCostChange);
}
