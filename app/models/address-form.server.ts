import { z } from "zod";
import { validateAddressForm, type AddressFormField } from "./checkout";

/*
 * The checkout's address forms (spec 2 §2 details and billing address steps), shared by both steps: pick one of the
 * addresses found at a postcode, or type the address in. The rules are the model's own (validateAddressForm, with the
 * spec's messages); the schema hands them to Conform. Server only: the browser leans on the server's reply.
 */

export type AddressKind = "delivery" | "billing";

const text = z.string().trim().default("");
/** A member's "Save this address to my account" box: ticked sends "yes"; anything else is no. */
const saveToAccount = z.literal("yes").optional().catch(undefined);

/**
 * A picker's three posts: `choose-{kind}` (the n-th address found at the postcode), `save-{kind}` (typed in) or
 * `use-saved-{kind}` (one of a member's saved addresses, by its id).
 */
export function addressFormSchema(kind: AddressKind, postcodeRules: readonly string[]) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal(`choose-${kind}`),
      postcode: text,
      address: z.number().int().min(0).max(1000).optional().catch(undefined),
      saveToAccount,
    }),
    z.object({
      intent: z.literal(`use-saved-${kind}`),
      savedAddress: z.number().int().positive().max(2_147_483_647).optional().catch(undefined),
    }),
    z
      .object({
        intent: z.literal(`save-${kind}`),
        addressLine1: text,
        addressLine2: text,
        town: text,
        county: text,
        postcode: text,
        saveToAccount,
      })
      .superRefine((address, ctx) => {
        const errors = validateAddressForm(address, postcodeRules);
        for (const [field, message] of Object.entries(errors) as [AddressFormField, string][])
          ctx.addIssue({ code: "custom", path: [field], message });
      }),
  ]);
}

/** The typed-in address's fields, as the picker's manual form names them. */
export interface ManualAddressForm {
  intent: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  county: string;
  postcode: string;
}

/** The chosen address: the postcode it was found at and its place in the list. */
export interface ChooseAddressForm {
  intent: string;
  postcode: string;
  address: number;
}
