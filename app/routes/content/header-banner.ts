import { parseWithZod } from "@conform-to/zod/v4";
import { serialize } from "cookie";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/header-banner";
import { BANNER_ID_PATTERN, HEADER_BANNER_COOKIE } from "~/models/header-banner";
import { appContext } from "~/services/context";
import { safeRedirectPath } from "~/services/session.server";

/** The close button's form: which announcement was closed, and the page to come back to. */
const closeBannerSchema = z.object({
  banner: z.string().regex(BANNER_ID_PATTERN),
  redirectTo: z.string().max(2000).optional(),
});

/** Nothing to see here: a visit goes home. */
export function loader() {
  return redirect("/", 303);
}

/**
 * Closing the header banner (spec 1 §3 showCloseButton, issue 23 item 3). The choice is a cookie for the browser session
 * (a user-interface choice the shopper asked for, so it needs no consent), which the root loader reads on every page.
 * Without script the post comes back to the page it was made on (303); with script it is a fetcher, answered with
 * data, and the banner is already gone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: closeBannerSchema });
  if (submission.status !== "success") return data({ closed: false }, { status: 400 });
  const { banner, redirectTo } = submission.value;
  const cookie = serialize(HEADER_BANNER_COOKIE, banner, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: services.config.secureCookies,
  });
  const headers = new Headers({ "Set-Cookie": cookie });
  if (services.dataRequest) return data({ closed: true }, { headers });
  return redirect(safeRedirectPath(redirectTo, "/"), { status: 303, headers });
}
