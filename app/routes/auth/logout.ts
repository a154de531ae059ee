import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { shopperContext } from "~/services/context";
import { signOutMember } from "~/services/member-session.server";

/** Signing out is a post only (its anti-forgery token is checked by the session middleware); a visit goes home. */
export function loader() {
  return redirect(href("/"), 303);
}

/**
 * Logout (spec 2 §4): the platform ends the session, the storefront forgets the member's basket and checkout, and the
 * shopper lands on the store page when a location and a store are known, else on the home page.
 */
export async function action({ context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  await signOutMember(shopper);
  const store = shopper.session.get("store");
  const location = shopper.session.get("location");
  return redirect(store && location ? href("/stores/:storeSlug", { storeSlug: store.slug }) : href("/"), 303);
}
