import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, MEMBER_MESSAGES } from "#contract";
import { validateContactDetails } from "~/models/checkout";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";

type RequestContext = Readonly<RouterContextProvider>;

export const DETAILS_FIELDS = ["firstName", "lastName", "mobile"] as const;
type DetailsField = (typeof DETAILS_FIELDS)[number];

/** 'My details' (spec 2 §7 profile/update): names and mobile, checked with registration's words. */
export const detailsSchema = z
  .object({
    firstName: z.string().trim().max(254).default(""),
    lastName: z.string().trim().max(254).default(""),
    mobile: z.string().trim().max(30).default(""),
  })
  .superRefine((input, ctx) => {
    const errors = validateContactDetails({
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.mobile,
      email: "member@example.com",
      acceptTerms: "yes",
    });
    const byField: Record<DetailsField, string | undefined> = {
      firstName: errors.firstName,
      lastName: errors.lastName,
      mobile: errors.phoneNumber,
    };
    for (const field of DETAILS_FIELDS) {
      const message = byField[field];
      if (message) ctx.addIssue({ code: "custom", path: [field], message });
    }
  });

export type DetailsRefusal = { field: DetailsField; message: string } | { field: null; message: string };

/**
 * Saves the details. A refusal that names one of the form's fields (a mobile the platform does not take) goes on
 * that field in the platform's words; anything else is 'There was an error updating your profile'.
 */
export async function updateDetails(
  context: RequestContext,
  input: z.output<typeof detailsSchema>,
): Promise<DetailsRefusal | null> {
  try {
    await context.get(shopperContext).api.call(api.memberProfileUpdate, input);
    return null;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    context
      .get(appContext)
      .log.warn("member details: profile not updated", { status: error.status, errorCode: error.errorCode });
    const body = error.body as { field?: unknown } | null;
    const field = DETAILS_FIELDS.find((f) => f === body?.field);
    if (field && error.status === 400) return { field, message: error.message };
    return { field: null, message: MEMBER_MESSAGES.profileUpdateError };
  }
}
