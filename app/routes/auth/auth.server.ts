import type { RouterContextProvider } from "react-router";
import type { AuthPageContent } from "#contract";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import { appContext } from "~/services/context";
import { loadSingle } from "~/services/content.server";
import { PlatformError } from "~/services/platform-client.server";

/*
 * What the sign-in pages share on the server: their content, and the words a platform refusal puts on the form.
 */

type RequestContext = Readonly<RouterContextProvider>;

/** A sign-in page's content type (spec 1 §3). */
export function authContent(
  context: RequestContext,
  type: "login" | "register" | "forgot-password" | "reset-password",
): Promise<AuthPageContent> {
  return loadSingle(context.get(appContext).platform, type);
}

/**
 * A platform refusal for the form: its message (the platform's own words, spec 2 §8), and the field it names when it
 * names one of the form's. Failures of the platform itself are not the shopper's to fix: they are thrown on.
 */
export function refusalFor<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F | null; message: string } {
  if (!(error instanceof PlatformError)) throw error;
  if (error.status >= 500) return { field: null, message: SYSTEM_ERROR_MESSAGE };
  const body = error.body as { field?: unknown } | null;
  const field =
    body && typeof body.field === "string" && (fields as readonly string[]).includes(body.field)
      ? (body.field as F)
      : null;
  return { field, message: error.message };
}

/** The address the platform builds reset links on: `${origin}/member/reset-token/${token}` (spec 2 §2). */
export function resetLinkBase(request: Request): string {
  return `${new URL(request.url).origin}/member/reset-token`;
}
