import { href, Link } from "react-router";
import type { Route } from "./+types/login-code";
import * as styles from "~/components/checkout/Checkout.css";
import { OneTimeCodeForm } from "~/components/checkout/MemberSignIn";
import { isEmailAddress } from "~/models/checkout";
import { shopperContext } from "~/services/context";
import { codeAction, sendMemberOn, signInNext } from "./account.server";
import { requireCheckout } from "./checkout.server";

/**
 * The one-time code (spec 1 §2 guest login one-time code): the code e-mailed by "Email me a code", then on to the
 * options step, or back to the details step when the sign-in started there. The address comes in the query; without
 * one there is nothing to enter a code for, so the shopper starts again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCheckout(context);
  const url = new URL(request.url);
  const next = signInNext(url);
  sendMemberOn(context.get(shopperContext), next);
  const email = url.searchParams.get("email")?.trim() ?? "";
  return {
    email: isEmailAddress(email) ? email : null,
    back: next === "details" ? href("/checkout/details/sign-in") : href("/checkout/login"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCheckout(context);
  const next = signInNext(new URL(request.url));
  sendMemberOn(context.get(shopperContext), next);
  return codeAction(context, await request.formData(), next);
}

export default function CheckoutLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { email, back } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Enter your code</h1>
      {email ? (
        <OneTimeCodeForm answer={actionData} email={email} />
      ) : (
        <p>Ask for a code with your email address first.</p>
      )}
      <p>
        <Link to={back}>Sign in another way</Link>
      </p>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: enter your code" }];
}
