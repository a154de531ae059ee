import { z } from "zod";
import { validateContactDetails, type ContactField } from "~/models/checkout";

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
