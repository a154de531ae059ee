import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/checkout-login";
import { CsrfInput } from "~/components/forms/CsrfInput";
import * as styles from "~/components/checkout/Checkout.css";
import { CHECKOUT_SUBTITLES, checkoutBlockers, guestCheckoutPermitted } from "~/models/checkout";
import { shopperContext } from "~/services/context";
import { requireCheckout } from "~/services/checkout.server";
import * as forms from "~/styles/forms.css";

/**
 * The sign-in choice (spec 2 §2: login, new account, guest). Member accounts arrive later, so for now the step offers
 * guest checkout only — where the store and the coupon allow it (spec 2 §4).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await requireCheckout(context.get(shopperContext));
  return {
    permitted: guestCheckoutPermitted(data.facts),
    blockers: checkoutBlockers(data.facts),
    chosen: data.facts.mode === "guest",
    storeSlug: data.store.slug,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const data = await requireCheckout(shopper);
  const form = await request.formData();
  if (form.get("intent") !== "guest" || !guestCheckoutPermitted(data.facts)) {
    const message = checkoutBlockers(data.facts)[0] ?? "Please choose how to check out.";
    shopper.session.flash("toast", { kind: "error", message });
    return redirect("/checkout/login", 303);
  }
  shopper.session.set("checkoutMode", "guest");
  return redirect("/checkout/options", 303);
}

export default function CheckoutLogin({ loaderData }: Route.ComponentProps) {
  const { permitted, blockers } = loaderData;
  return (
    <>
      <h1 className={styles.title}>How would you like to check out?</h1>
      {blockers.map((message) => (
        <p key={message} className={styles.notice} role="alert">
          {message}
        </p>
      ))}
      {permitted ? (
        <section className={styles.panel} aria-labelledby="guest-title">
          <h2 className={styles.panelTitle} id="guest-title">
            Check out as a guest
          </h2>
          <p>{CHECKOUT_SUBTITLES.guest}</p>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="guest" />
            <button type="submit" className={forms.button.primary}>
              Continue as guest
            </button>
          </Form>
        </section>
      ) : (
        <p>
          <Link to="/basket">Back to your basket</Link>
        </p>
      )}
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: sign in or continue as a guest" }];
}
