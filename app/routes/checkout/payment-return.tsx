import { Link, useRevalidator } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/payment-return";
import * as styles from "~/components/checkout/Checkout.css";
import { settleReturn, type ReturnKind } from "./payment-return.server";

function returnKind(pathname: string): ReturnKind {
  if (pathname.endsWith("/failure")) return "failure";
  if (pathname.endsWith("/cancel")) return "cancel";
  return "success";
}

/**
 * The gateway's return pages, /checkout/payment/success, /failure and /cancel (spec 2 §2): one module mounted three
 * times, each settling its own way with the platform (settleReturn holds each one's guard), then on to where the
 * shopper belongs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const settled = await settleReturn(context, request, returnKind(url.pathname));
  if (settled) return settled;
  return { href: `${url.pathname}${url.search}` };
}

export default function PaymentReturn({ loaderData }: Route.ComponentProps) {
  return <PaymentPending href={loaderData.href} />;
}

/** The gateway has not decided yet: with script the page asks again every few seconds; without, a link does. */
function PaymentPending({ href }: { href: string }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => void revalidate(), 3000);
    return () => window.clearInterval(timer);
  }, [revalidate]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Checking your payment</h1>
      <p role="status">Your payment is still being checked. Please wait a moment.</p>
      <p>
        <Link to={href}>Check again</Link>
      </p>
    </div>
  );
}

export function meta() {
  return [{ title: "Checking your payment" }];
}
