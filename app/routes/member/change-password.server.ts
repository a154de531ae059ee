import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { api } from "#contract";
import { ACCOUNT_TEXT, newPasswordError, PASSWORD_MAX_LENGTH } from "~/models/account";
import { shopperContext } from "~/services/context";
import { refusalFor } from "../auth/auth.server";

export const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number];

/** Change password: the current one, and a new one held to registration's rules. */
export const passwordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  })
  .superRefine((input, ctx) => {
    if (!input.currentPassword)
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: ACCOUNT_TEXT.passwordRequired });
    const problem = newPasswordError(input.newPassword);
    if (problem) ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
  });

/**
 * Changes the password (the member stays signed in; their other sessions end). A refusal comes back on the field it
 * names — 'Your current password is incorrect', a new password too easy to guess — or for the whole form.
 */
export async function changePassword(
  context: Readonly<RouterContextProvider>,
  input: z.output<typeof passwordSchema>,
): Promise<{ field: PasswordField | null; message: string } | null> {
  try {
    await context.get(shopperContext).api.call(api.memberPasswordChange, input);
    return null;
  } catch (error) {
    return refusalFor(error, PASSWORD_FIELDS);
  }
}
