import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, MEMBER_MESSAGES, type SavedAddress } from "#contract";
import { validateAddressForm, type AddressFormField, type AddressFormInput } from "~/models/checkout";
import { notFoundMessage } from "~/models/error-page";
import { replyShown } from "~/models/form-reply.server";
import { getBusinessProfile } from "~/services/business.server";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { ADDRESSES_PATH, type AddressFormAnswer } from "~/components/member/Address";
import { lookupAddresses } from "../checkout/address.server";
import { requireMember } from "../auth/guards.server";
import { memberCall } from "./member.server";

/*
 * The member's saved addresses (spec 2 §2 /member/addresses, §3 saved addresses): the list, adding one found by
 * postcode or typed in, editing, removing and choosing the default. Every change goes through the platform, which
 * only ever shows or changes the caller's own rows (another member's id answers 404).
 */

type RequestContext = Readonly<RouterContextProvider>;

export type AddressType = "delivery" | "billing";
export const ADDRESS_TYPES: readonly AddressType[] = ["delivery", "billing"];

/** The `type` query of the add page: delivery unless billing is asked for. */
export function addressTypeFrom(value: string | null): AddressType {
  return value === "billing" ? "billing" : "delivery";
}

/** An address id from the path; anything but a positive whole number is no address. */
export function parseAddressId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export async function savedAddresses(context: RequestContext, request: Request): Promise<SavedAddress[]> {
  const { addresses } = await memberCall(context, request, (shopper) => shopper.api.call(api.memberAddressesList, {}));
  return addresses;
}

/** One of the member's own addresses by the id in the path; anything else is the 404 page, whoever's it is. */
export async function ownAddress(
  context: RequestContext,
  request: Request,
  rawId: string | undefined,
): Promise<SavedAddress> {
  const id = parseAddressId(rawId);
  const address = id === null ? undefined : (await savedAddresses(context, request)).find((a) => a.id === id);
  if (!address) throw data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  return address;
}

/** Back to the list with the failure message: for posts whose form there is nothing to keep in (remove, default). */
export function failedChange(context: RequestContext): Promise<Response> {
  return redirectWithToast(context, ADDRESSES_PATH, { kind: "error", message: MEMBER_MESSAGES.addressUpdateError });
}

/* ---------------------------------------------------------------- forms */

const text = z.string().trim().default("");
const checkbox = z.boolean().optional().default(false);
const type = z.enum(["delivery", "billing"]);
const addressIdField = z.number().int().positive().max(2_147_483_647);

const typedFields = {
  addressLine1: text,
  addressLine2: text,
  town: text,
  county: text,
  postcode: text,
  isDefault: checkbox,
};

/** The checkout's rules for a typed address (validateAddressForm, with the spec's messages), for Conform. */
function addressRules(postcodeRules: readonly string[]) {
  return (address: AddressFormInput, ctx: z.RefinementCtx) => {
    const errors = validateAddressForm(address, postcodeRules);
    for (const [field, message] of Object.entries(errors) as [AddressFormField, string][])
      ctx.addIssue({ code: "custom", path: [field], message });
  };
}

/**
 * The add page's two posts: `choose` (the n-th address the finder lists at the postcode: the list is read again
 * here, so only the choice is taken from the browser) or `save` (typed in, checked as the checkout checks one).
 */
export function newAddressSchema(postcodeRules: readonly string[]) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("choose"),
      type,
      postcode: text,
      address: z.number().int().min(0).max(1000).optional().catch(undefined),
      isDefault: checkbox,
    }),
    z.object({ intent: z.literal("save"), type, ...typedFields }).superRefine(addressRules(postcodeRules)),
  ]);
}

/** The edit page's post: the address typed over. */
export function editAddressSchema(postcodeRules: readonly string[]) {
  return z.object({ intent: z.literal("save"), type, ...typedFields }).superRefine(addressRules(postcodeRules));
}

/** The list page's post: make one address the default of its type. */
export const setDefaultSchema = z.object({ intent: z.literal("setDefault"), id: addressIdField });

/** The remove page's (and dialog's) post. */
export const removeSchema = z.object({ intent: z.literal("remove") });

type PostedAddress = { addressLine1: string; addressLine2: string; town: string; county: string; postcode: string };

function platformAddress(a: PostedAddress) {
  return {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    town: a.town,
    county: a.county,
    postcode: a.postcode,
    countryCode: "GB",
  };
}

/** A refused change: the spec's words over the form, and the platform's own against the field it names. */
function refusal(error: unknown): { formErrors: string[]; fieldErrors?: Record<string, string[]> } {
  const body = error instanceof PlatformError ? (error.body as { field?: unknown } | null) : null;
  const field =
    body && typeof body.field === "string" && error instanceof PlatformError && error.status === 400
      ? body.field
      : null;
  return {
    formErrors: [MEMBER_MESSAGES.addressUpdateError],
    ...(field ? { fieldErrors: { [field]: [(error as PlatformError).message] } } : {}),
  };
}

/** The fields each form shows errors beside (components/member/Address.tsx); any other field's error is said over it. */
const SHOWN = { save: ["addressLine1", "addressLine2", "town", "county", "postcode"], choose: [] } as const;

export type AddressPostResult = { ok: true; response: Response } | { ok: false; answer: AddressFormAnswer };

/** The add page's post: the chosen or typed address saved; on success back to the list with its message. */
export async function addAddress(context: RequestContext, request: Request): Promise<AddressPostResult> {
  const shopper = requireMember(context, request);
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const submission = parseWithZod(await request.formData(), { schema: newAddressSchema(postcodeRules) });
  const part = submission.payload.intent === "choose" ? "choose" : "save";
  if (submission.status !== "success")
    return { ok: false, answer: { part, result: replyShown(submission, SHOWN[part]) } };
  const posted = submission.value;

  let address: ReturnType<typeof platformAddress>;
  if (posted.intent === "choose") {
    const lookup = await lookupAddresses(shopper, posted.postcode);
    const chosen = posted.address === undefined ? undefined : lookup.found[posted.address];
    if (!chosen)
      return {
        ok: false,
        answer: {
          part,
          result: replyShown(submission, SHOWN[part], {
            formErrors: [lookup.error ?? "Choose an address from the list"],
          }),
        },
      };
    address = platformAddress(chosen);
  } else {
    address = platformAddress(posted);
  }

  try {
    await memberCall(context, request, (s) =>
      s.api.call(api.memberAddressesAdd, {
        type: posted.type,
        address,
        ...(posted.isDefault ? { isDefault: true } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, answer: { part, result: replyShown(submission, SHOWN[part], refusal(error)) } };
  }
  return {
    ok: true,
    response: await redirectWithToast(context, ADDRESSES_PATH, {
      kind: "success",
      message: MEMBER_MESSAGES.addressAdded,
    }),
  };
}

/** The edit page's post: the address replaced. Another member's id changes nothing: back to the list, refused. */
export async function updateAddress(
  context: RequestContext,
  request: Request,
  rawId: string | undefined,
): Promise<AddressPostResult> {
  const shopper = requireMember(context, request);
  const id = parseAddressId(rawId);
  if (id === null) return { ok: true, response: await failedChange(context) };
  const { postcodeRules } = await getBusinessProfile(shopper.shared);
  const submission = parseWithZod(await request.formData(), { schema: editAddressSchema(postcodeRules) });
  if (submission.status !== "success") {
    // Not the member's address (another's, or none): nothing to show the form over, so back to the list, refused.
    if (!(await savedAddresses(context, request)).some((a) => a.id === id))
      return { ok: true, response: await failedChange(context) };
    return { ok: false, answer: { part: "save", result: replyShown(submission, SHOWN.save) } };
  }
  const posted = submission.value;

  try {
    await memberCall(context, request, (s) =>
      s.api.call(api.memberAddressesUpdate, {
        id,
        type: posted.type,
        address: platformAddress(posted),
        ...(posted.isDefault ? { isDefault: true } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PlatformError && error.status === 404)
      return { ok: true, response: await failedChange(context) };
    return { ok: false, answer: { part: "save", result: replyShown(submission, SHOWN.save, refusal(error)) } };
  }
  return {
    ok: true,
    response: await redirectWithToast(context, ADDRESSES_PATH, {
      kind: "success",
      message: MEMBER_MESSAGES.addressUpdated,
    }),
  };
}

/**
 * The remove post. Another member's id (or one already gone) changes nothing: back to the list with the failure
 * message. Any other failure leaves the confirmation where it is, with the message.
 */
export async function removeAddress(
  context: RequestContext,
  request: Request,
  rawId: string | undefined,
): Promise<Response | { error: string }> {
  requireMember(context, request);
  const id = parseAddressId(rawId);
  const submission = parseWithZod(await request.formData(), { schema: removeSchema });
  if (id === null || submission.status !== "success") return failedChange(context);
  try {
    await memberCall(context, request, (s) => s.api.call(api.memberAddressesRemove, { id }));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PlatformError && error.status === 404) return failedChange(context);
    return { error: MEMBER_MESSAGES.addressUpdateError };
  }
  return redirectWithToast(context, ADDRESSES_PATH, { kind: "success", message: MEMBER_MESSAGES.addressRemoved });
}

/** The list page's post: one address made the default; whatever fails, the list says so. */
export async function setDefaultAddress(context: RequestContext, request: Request): Promise<Response> {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: setDefaultSchema });
  if (submission.status !== "success") return failedChange(context);
  const { id } = submission.value;
  try {
    await memberCall(context, request, (s) => s.api.call(api.memberAddressesSetDefault, { id }));
  } catch (error) {
    if (error instanceof Response) throw error;
    return failedChange(context);
  }
  return redirectWithToast(context, ADDRESSES_PATH, { kind: "success", message: MEMBER_MESSAGES.addressSetDefault });
}
