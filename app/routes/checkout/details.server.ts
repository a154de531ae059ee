import { z } from "zod";
import { api } from "#contract";
import { marketingOptionsFromForm, validateContactDetails, type ContactField } from "~/models/checkout";
import type { Logger } from "~/services/logger.server";
import type { Shopper } from "~/services/context";
import type { Toast } from "~/models/shopper";
import { memberMarketingChange, saveMemberMarketing, type CheckoutData } from "./checkout.server";

/* The details step's form (spec 2 §2, §3): one schema, for Conform on the page and parseWithZod in the action. */

export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "acceptTerms",
] as const satisfies readonly ContactField[];

const text = z.string().trim().default("");

/** The contact details (spec 2 §3), checked by the model's rules with the spec's messages. */
export const detailsSchema = z
  .object({
    intent: z.literal("details"),
    firstName: text,
    lastName: text,
    email: text,
    phoneNumber: text,
    acceptTerms: z.string().optional(),
    marketing: z.array(z.string().max(100)).max(20).default([]),
    /** A member's options as the page showed them: the types shown, and those ticked then (their saved choices). */
    marketingShown: z.array(z.string().max(40)).max(20).default([]),
    marketingWas: z.array(z.string().max(40)).max(20).default([]),
  })
  .superRefine((details, ctx) => {
    const errors = validateContactDetails({ ...details, acceptTerms: details.acceptTerms });
    for (const field of CONTACT_FIELDS)
      if (errors[field]) ctx.addIssue({ code: "custom", path: [field], message: errors[field] });
  });

export type DetailsForm = z.input<typeof detailsSchema>;

export type DetailsSaved =
  | { kind: "sign-in"; email: string }
  /** Saved; a member whose marketing choices changed is told on the next step whether their account took them. */
  | { kind: "saved"; toast: Toast | null };

/**
 * Saves the details step's contact details and marketing choices on the basket (spec 2 §3, §7). A guest's e-mail may
 * have to sign in first (spec 2 §4, when the store checks members' e-mails): nothing is saved then. A refusal of the
 * platform is thrown, for the page to show at its field.
 */
export async function saveDetails(
  shopper: Shopper,
  log: Logger,
  { basket, store, content, facts }: CheckoutData,
  details: z.output<typeof detailsSchema>,
): Promise<DetailsSaved> {
  const status = await shopper.api.call(api.checkRegistrationStatus, {
    email: details.email,
    basketToken: basket.basketToken,
  });
  if (status.loginRequired) return { kind: "sign-in", email: details.email };
  const contact = {
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phoneNumber: details.phoneNumber,
  };
  await shopper.api.call(api.setContactDetails, { basketToken: basket.basketToken, ...contact });
  // A guest's consents go with the basket; a member's are their account's, changed only where they changed them.
  if (facts.mode === "member") {
    const changes = memberMarketingChange(
      details.marketingShown,
      details.marketingWas,
      details.marketing,
      content.marketing.options,
    );
    const toast = await saveMemberMarketing(shopper, changes, store.allowedMarketingChannels[0]?.id ?? null, log);
    return { kind: "saved", toast };
  }
  await shopper.api.call(api.updateMarketingPreferences, {
    marketingOptions: marketingOptionsFromForm(content.marketing.options, details.marketing),
    marketingChannelId: store.allowedMarketingChannels[0]?.id ?? null,
    basketToken: basket.basketToken,
  });
  return { kind: "saved", toast: null };
}
