import { href, Link } from "react-router";
import type { Route } from "./+types/create";
import { PASSWORD_MIN_LENGTH } from "#contract";
import * as styles from "~/components/checkout/Checkout.css";
import { RegisterForm } from "~/components/checkout/RegisterForm";
import { CHECKOUT_SUBTITLES } from "~/models/checkout";
import { appContext, shopperContext } from "~/services/context";
import { honeypotInputProps } from "~/services/honeypot.server";
import { registerAction, sendMemberOn } from "./account.server";
import { requireCheckout } from "./checkout.server";

/**
 * The create-account step (spec 2 §2 register): registration signs the new member in (spec 2 §4), the guest's basket,
 * held slot and coupon going with them, and they go on to the options step. The form's schema is registerSchema.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireCheckout(context);
  sendMemberOn(context.get(shopperContext));
  return { honeypot: await honeypotInputProps(context.get(appContext).config), minLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCheckout(context);
  sendMemberOn(context.get(shopperContext));
  return registerAction(context, await request.formData());
}

export default function CheckoutCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={styles.title}>Create an account</h1>
      <p className={styles.lead}>{CHECKOUT_SUBTITLES.register}</p>
      <RegisterForm answer={actionData} honeypot={loaderData.honeypot} minLength={loaderData.minLength} />
      <p>
        <Link to={href("/checkout/login")}>I already have an account, or I would rather check out as a guest</Link>
      </p>
    </>
  );
}

export function meta() {
  return [{ title: "Checkout: create an account" }];
}
