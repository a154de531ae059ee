import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { api, MEMBER_MESSAGES, type SavedAddress, type SetAddressResponse } from "#contract";
import type { AddressAnswer, AddressLookup, SavedAddressChoice } from "~/components/checkout/AddressPicker";
import { formatAddress, type Address } from "~/models/address";
import { addressFormSchema, type AddressKind } from "~/models/address-form.server";
import { deliveryCostChangeToast, removedCouponToast } from "~/models/checkout";
import { validatePostcode } from "~/models/postcode";
import { getBusinessProfile } from "~/services/business.server";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { isMember } from "~/services/member-session.server";
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
export async function lookupFromQuery(
  shopper: Shopper,
  url: URL,
  kind: AddressKind,
): Promise<(AddressLookup & { found: Address[] }) | null> {
  if (url.searchParams.get("change") !== kind || !url.searchParams.has("postcode")) return null;
  return lookupAddresses(shopper, url.searchParams.get("postcode") ?? "");
}

export async function lookupAddresses(shopper: Shopper, raw: string): Promise<AddressLookup & { found: Address[] }> {
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const checked = validatePostcode(raw, postcodeRules);
  if (!checked.ok)
    return {
      postcode: raw.trim().toUpperCase().slice(0, 8),
      addresses: [],
      found: [],
      error: raw.trim() ? "Enter a real postcode" : "Enter a postcode",
    };
  try {
    const { addresses } = await shopper.api.call(api.getAddressesByPostcode, {
      postcode: checked.postcode,
      country: "GB",
    });
    if (addresses.length === 0)
      return { postcode: checked.postcode, addresses: [], found: [], error: noAddressesMessage(checked.postcode) };
    return {
      postcode: checked.postcode,
      addresses: addresses.map((a) => formatAddress(a)),
      found: addresses,
      error: null,
    };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      return { postcode: checked.postcode, addresses: [], found: [], error: noAddressesMessage(checked.postcode) };
    }
    return { postcode: checked.postcode, addresses: [], found: [], error: refusalMessage(error) };
  }
}

export type AddressSaveResult = { ok: true; toast: Toast | null } | { ok: false; answer: AddressAnswer };

/** Ours: the address went on the order but could not be kept on the member's account (the order goes on). */
export const ADDRESS_NOT_SAVED_MESSAGE = "We used this address for your order, but could not save it to your account.";
/** Ours: a saved address was asked for that is not (or no longer) one of the member's. */
export const CHOOSE_SAVED_ADDRESS = "Choose one of your saved addresses";

/** The address as the checkout's address calls take it (and the saved-address calls). */
type CheckoutAddressInput = Address;

/**
 * A member's saved addresses of one type (spec 2 §3), default first: offered first at the checkout's address steps.
 * None for a guest; none, logged, when the list cannot be read (the step then works as it does for a guest).
 */
export async function memberSavedAddresses(shopper: Shopper, kind: AddressKind, log: Logger): Promise<SavedAddress[]> {
  if (!isMember(shopper)) return [];
  try {
    const { addresses } = await shopper.api.call(api.memberAddressesList, { type: kind });
    return addresses.filter((a) => a.type === kind);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log.warn("checkout.saved_addresses_failed", { kind, status: error.status, message: error.message });
    return [];
  }
}

/** The saved addresses as the picker lists them: one line each, the default ticked (or the first when none is). */
export function savedAddressChoices(addresses: readonly SavedAddress[]): SavedAddressChoice[] {
  const defaultId = (addresses.find((a) => a.isDefault) ?? addresses[0])?.id;
  return addresses.map((a) => ({ id: a.id, line: formatAddress(a), isDefault: a.id === defaultId }));
}

/** The same place: first line, second line and postcode, compared without case or spacing. */
export function sameAddress(
  a: Pick<Address, "addressLine1" | "addressLine2" | "postcode">,
  b: Pick<Address, "addressLine1" | "addressLine2" | "postcode">,
): boolean {
  const key = (x: typeof a) =>
    [x.addressLine1, x.addressLine2, x.postcode].map((part) => part.replace(/\s+/g, "").toLowerCase()).join("|");
  return key(a) === key(b);
}

/**
 * The address from a picker's post: one of a member's saved addresses (by id, read back from their list), the chosen
 * finder result (re-read by postcode, so nothing the browser sent but the choice is trusted), or the typed address
 * checked field by field. Saved on the platform; the answer says what the shopper must be told (a coupon taken off, a
 * changed delivery fee). A member who ticked "Save this address to my account" has a new address kept on their
 * account too, once the checkout has taken it; that failing never stops the checkout.
 */
export async function saveAddressFromForm(
  shopper: Shopper,
  kind: AddressKind,
  form: FormData,
  basketToken: string,
  log: Logger,
): Promise<AddressSaveResult> {
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const submission = parseWithZod(form, { schema: addressFormSchema(kind, postcodeRules) });
  const intent = submission.payload.intent;
  const part: AddressAnswer["part"] =
    intent === `choose-${kind}` ? "choose" : intent === `use-saved-${kind}` ? "saved" : "save";
  const refuse = (result: SubmissionResult<string[]>): AddressSaveResult => ({
    ok: false,
    answer: { kind, part, result },
  });
  if (submission.status !== "success") return refuse(submission.reply());

  let address: CheckoutAddressInput;
  let keepOnAccount = false;
  const posted = submission.value;
  if ("savedAddress" in posted) {
    const saved = (await memberSavedAddresses(shopper, kind, log)).find((a) => a.id === posted.savedAddress);
    if (!saved) return refuse(submission.reply({ formErrors: [CHOOSE_SAVED_ADDRESS] }));
    address = {
      addressLine1: saved.addressLine1,
      addressLine2: saved.addressLine2,
      town: saved.town,
      county: saved.county,
      postcode: saved.postcode,
      countryCode: saved.countryCode || "GB",
    };
  } else if ("address" in posted) {
    const lookup = await lookupAddresses(shopper, posted.postcode);
    const chosen = posted.address === undefined ? undefined : lookup.found[posted.address];
    if (!chosen) return refuse(submission.reply({ formErrors: [lookup.error ?? "Choose an address from the list"] }));
    address = {
      addressLine1: chosen.addressLine1,
      addressLine2: chosen.addressLine2,
      town: chosen.town,
      county: chosen.county,
      postcode: chosen.postcode,
      countryCode: "GB",
    };
    keepOnAccount = posted.saveToAccount === "yes";
  } else if ("addressLine1" in posted) {
    address = {
      addressLine1: posted.addressLine1,
      addressLine2: posted.addressLine2,
      town: posted.town,
      county: posted.county,
      postcode: posted.postcode,
      countryCode: "GB",
    };
    keepOnAccount = posted.saveToAccount === "yes";
  } else {
    return refuse(submission.reply({ formErrors: ["Choose an address from the list"] }));
  }

  let result: SetAddressResponse;
  try {
    result =
      kind === "delivery"
        ? await shopper.api.call(api.setDeliveryAddress, { basketToken, address })
        : await shopper.api.call(api.setBillingAddress, { basketToken, address, sameAsDelivery: false });
  } catch (error) {
    const field = refusedField(error);
    const fallback =
      kind === "delivery"
        ? "Failed to set delivery address. Please try again."
        : "There was an error updating your address";
    const message = refusalMessage(error, fallback);
    if (field && part === "save") return refuse(submission.reply({ fieldErrors: { [field]: [message] } }));
    return refuse(submission.reply({ formErrors: [message] }));
  }
  const kept = keepOnAccount && isMember(shopper) ? await keepAddressOnAccount(shopper, kind, address, log) : null;
  // What the order's change means (a coupon gone, a new fee) matters more than the account's note.
  return { ok: true, toast: addressToast(result) ?? kept };
}

/**
 * Adds the order's new address to the member's saved addresses (spec 2 §3), unless they already have it. The toast
 * to show, or null when there was nothing to add. A refusal or failure is logged and told, never thrown.
 */
export async function keepAddressOnAccount(
  shopper: Shopper,
  kind: AddressKind,
  address: CheckoutAddressInput,
  log: Logger,
): Promise<Toast | null> {
  try {
    const { addresses } = await shopper.api.call(api.memberAddressesList, { type: kind });
    if (addresses.some((a) => a.type === kind && sameAddress(a, address))) return null;
    await shopper.api.call(api.memberAddressesAdd, { type: kind, address });
    return { kind: "success", message: MEMBER_MESSAGES.addressAdded };
  } catch (error) {
    log.warn("checkout.address_not_saved_to_account", {
      kind,
      message: error instanceof Error ? error.message : String(error),
    });
    return { kind: "info", message: ADDRESS_NOT_SAVED_MESSAGE };
  }
}

/** Spec 2 §4: a removed coupon's reason is an error toast; a delivery cost change an error, success or info toast. */
export function addressToast(result: Pick<SetAddressResponse, "removedCoupon" | "deliveryCostChange">): Toast | null {
  return removedCouponToast(result.removedCoupon) ?? deliveryCostChangeToast(result.deliveryCostChange);
}
