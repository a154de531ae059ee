import { href, Link } from "react-router";
import * as styles from "./Checkout.css";

export type StepKey = "login" | "register" | "options" | "details" | "payment";

const STEPS: { key: StepKey; label: string; path: string }[] = [
  { key: "login", label: "Sign in", path: href("/checkout/login") },
  { key: "register", label: "Create account", path: href("/checkout/create") },
  { key: "options", label: "Your order", path: href("/checkout/options") },
  { key: "details", label: "Your details", path: href("/checkout/details") },
  { key: "payment", label: "Payment", path: href("/checkout/payment") },
];

/**
 * The step indicator (UX.md): where the shopper stands, with earlier finished steps one tap away. Login and register
 * are two ways through the first step, so the indicator shows the one the shopper is on (register only on its page).
 */
export function CheckoutSteps({ current, done }: { current: StepKey; done: Partial<Record<StepKey, boolean>> }) {
  const shown = STEPS.filter((step) => step.key !== (current === "register" ? "login" : "register"));
  const at = shown.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Checkout steps">
      <p>
        Step {at + 1} of {shown.length}
      </p>
      <ol className={styles.steps}>
        {shown.map((step, index) => {
          const isCurrent = step.key === current;
          const finished = Boolean(done[step.key]) && !isCurrent;
          const className = [styles.step, isCurrent ? styles.stepCurrent : "", finished ? styles.stepDone : ""]
            .filter(Boolean)
            .join(" ");
          return (
            <li key={step.key} className={className} aria-current={isCurrent ? "step" : undefined}>
              {finished && index < at ? (
                <Link to={step.path}>{`${step.label} (done)`}</Link>
              ) : (
                <span>
                  {step.label}
                  {finished ? " (done)" : ""}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
