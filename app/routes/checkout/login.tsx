import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import * as styles from "~/components/checkout/Checkout.css";
import { MemberSignInForm } from "~/components/checkout/MemberSignIn";
import { SocialSignIn } from "~/components/auth/SocialSignIn";
import { CHECKOUT_SUBTITLES, checkoutBlockers, guestCheckoutPermitted } from "~/models/checkout";
import { shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { socialProviders } from "~/routes/auth/social.server";
import { sendMemberOn, signInAction } from "./account.server";
import { requireCheckout } from "./checkout.server";
import * as forms from "~/styles/forms.css";

/** The guest choice; the sign-in form beside it has its own schema (account.server.ts). */
const schema = z.object({ intent: z.literal("guest") });

/**
 * The sign-in step (spec 2 §2: login, new account, guest; logging in by password, e-mailed code, Google or Facebook).
 * A member has passed it and goes on; guest checkout is offered only where the store and the coupon allow it (spec 2 §4).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await requireCheckout(context);
  sendMemberOn(context.get(shopperContext));
  return {
    permitted: guestCheckoutPermitted(data.facts),
    blockers: checkoutBlockers(data.facts),
    providers: await socialProviders(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const data = await requireCheckout(context);
  sendMemberOn(shopper);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  if (submission.payload.intent !== "guest") return signInAction(context, form, "options");
  if (submission.status !== "success" || !guestCheckoutPermitted(data.facts)) {
    const message = checkoutBlockers(data.facts)[0] ?? "Please choose how to check out.";
    return redirectWithToast(context, href("/checkout/login"), { kind: "error", message });
  }
  shopper.session.set("checkoutMode", submission.value.intent);
  return redirect(href("/checkout/options"), 303);
}

export default function CheckoutLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { permitted, blockers, providers } = loaderData;
  return (
    <>
      <h1 className={styles.title}>How would you like to check out?</h1>
      {blockers.map((message) => (
        <p key={message} className={styles.notice} role="alert">
          {message}
        </p>
      ))}
      <section className={styles.panel} aria-labelledby="login-title">
        <h2 className={styles.panelTitle} id="login-title">
          Log in
        </h2>
        <p>{CHECKOUT_SUBTITLES.login}</p>
        <MemberSignInForm answer={actionData} />
        {/* Google and Facebook hand the basket over too, and come back to the checkout's next step. */}
        <SocialSignIn providers={providers} redirectTo={href("/checkout/options")} />
      </section>
      <section className={styles.panel} aria-labelledby="register-title">
        <h2 className={styles.panelTitle} id="register-title">
          New account
        </h2>
        <p>{CHECKOUT_SUBTITLES.register}</p>
        <Link to={href("/checkout/create")} className={forms.button.secondary}>
          Create an account
        </Link>
      </section>
      {permitted ? (
        <section className={styles.panel} aria-labelledby="guest-title">
          <h2 className={styles.panelTitle} id="guest-title">
            Check out as a guest
          </h2>
          <p>{CHECKOUT_SUBTITLES.guest}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="guest" />
            <button type="submit" className={forms.button.primary}>
              Continue as guest
            </button>
          </Form>
        </section>
      ) : (
        <p>
          <Link to={href("/basket")}>Back to your basket</Link>
        </p>
      )}
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: sign in, create an account or continue as a guest" }];
}
