import { href, Link } from "react-router";
import type { Route } from "./+types/details-sign-in";
import * as styles from "~/components/checkout/Checkout.css";
import { MemberSignInForm } from "~/components/checkout/MemberSignIn";
import { CHECKOUT_TEXT, isEmailAddress } from "~/models/checkout";
import { shopperContext } from "~/services/context";
import { sendMemberOn, signInAction } from "./account.server";
import { requireCheckout } from "./checkout.server";

/**
 * The details step's sign-in (spec 1 §2 guest login; spec 2 §4 member e-mail check): at a store that checks member
 * e-mails, a guest who gave a member's e-mail signs in, by password or by a one-time code, and goes back to the
 * details step, now as the member. The e-mail comes from the query, filled in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCheckout(context, "details");
  sendMemberOn(context.get(shopperContext), "details");
  const email = new URL(request.url).searchParams.get("email")?.trim() ?? "";
  return { email: isEmailAddress(email) ? email : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCheckout(context, "details");
  sendMemberOn(context.get(shopperContext), "details");
  return signInAction(context, await request.formData(), "details");
}

export default function CheckoutDetailsSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Sign in to continue</h1>
      <p className={styles.notice} role="alert">
        {CHECKOUT_TEXT.loginToOrder}
      </p>
      <p>That email address has an account with us. Sign in with your password, or we can email you a code.</p>
      <MemberSignInForm answer={actionData} email={loaderData.email} />
      <p>
        <Link to={href("/checkout/details")}>Use a different email address</Link>
      </p>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: sign in to continue" }];
}
