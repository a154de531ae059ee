import { href, redirect, type RouterContextProvider } from "react-router";
import { api, type Endpoint, type RequestOf, type ResponseOf } from "#contract";
import { shopperContext, type Shopper } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { createPlatformClient, PlatformError } from "~/services/platform-client.server";

/**
 * The order board's calls go with the staff member's own platform token, never the shopper's: the platform answers
 * them to staff tokens only.
 */
export async function staffCall<E extends Endpoint>(
  context: Readonly<RouterContextProvider>,
  now: Date,
  endpoint: E,
  input: RequestOf<E>,
): Promise<ResponseOf<E>> {
  const shopper = context.get(shopperContext);
  const staff = shopper.session.get("staff");
  if (!staff || staff.expiresAt <= now.getTime()) {
    shopper.session.unset("staff");
    throw redirect(href("/staff/login"), 303);
  }
  try {
    return await createPlatformClient(shopper.shared.transport).call(endpoint, input, { token: staff.token });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 401) {
      shopper.session.unset("staff");
      throw await redirectWithToast(context, href("/staff/login"), { kind: "info", message: "Please sign in again." });
    }
    throw error;
  }
}

export async function staffSignIn(shopper: Shopper, now: Date, username: string, password: string): Promise<void> {
  const answer = await shopper.api.call(api.staffLogin, { username, password });
  shopper.session.set("staff", {
    token: answer.access_token,
    expiresAt: now.getTime() + answer.expires_in * 1000,
    username,
  });
}
