import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { BasketCoupon } from "../../../platform/contract/basket";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { useNonce } from "~/components/nonce";
import { BasketForm, type BasketAnswer } from "./BasketForm";
import * as styles from "./BasketSummary.css";

export const COUPON_FETCHER_KEY = "coupon";

export interface CouponFormProps {
  coupon: BasketCoupon | null;
  /** The refusal of the last apply when the page was rendered by the post itself (no script): Conform's reply. */
  answer: SubmissionResult<string[]> | null;
  symbol: string;
  formKey: (name: string) => string;
}

/**
 * The coupon code (spec 2 §4, §5): apply with the bot check's honeypot, or the applied coupon with Remove. A refusal
 * goes on the field and in an error summary (GOV.UK), which takes focus so it is read at once.
 */
export function CouponForm({ coupon, answer, symbol, formKey }: CouponFormProps) {
  const nonce = useNonce();
  const fetcher = useFetcher<BasketAnswer>({ key: COUPON_FETCHER_KEY });
  const summaryRef = useRef<HTMLDivElement>(null);
  // The newest answer: the fetcher's once it has one (null when the apply worked), else the page's own.
  const lastResult = fetcher.data ? fetcher.data.coupon : answer;
  const [, fields] = useForm<{ code: string }>({ id: "coupon", lastResult });
  const code = fields.code;
  const message = fetcher.state === "idle" && lastResult ? (code.errors?.[0] ?? null) : null;
  const shown = message ? { message, value: typeof code.value === "string" ? code.value : "" } : null;
  const pendingIntent = fetcher.formData?.get("intent");
  const fetched = fetcher.data ? shown : null;

  useEffect(() => {
    if (fetched) summaryRef.current?.focus();
  }, [fetched?.message, fetcher.data]);

  // Spec 2 §4: removal clears the coupon here first, then asks the platform.
  if (coupon && pendingIntent !== "remove-coupon") {
    return (
      <section className={styles.panel} aria-labelledby="coupon-title">
        <h2 className={styles.panelTitle} id="coupon-title">
          Coupon
        </h2>
        <p>
          <strong>{coupon.code}</strong> {coupon.name !== coupon.code ? `· ${coupon.name}` : null}
          {coupon.deductCost > 0 ? ` · saves ${formatPence(coupon.deductCost, { symbol })}` : null}
        </p>
        <BasketForm fetcher={fetcher} intent="remove-coupon" idempotencyKey={formKey(`coupon-remove-${coupon.code}`)}>
          <button type="submit" className={f.button.secondary}>
            Remove<span className={visuallyHidden}> coupon {coupon.code}</span>
          </button>
        </BasketForm>
      </section>
    );
  }

  const applying = pendingIntent === "apply-coupon";
  return (
    <section className={styles.panel} aria-labelledby="coupon-title">
      <h2 className={styles.panelTitle} id="coupon-title">
        Coupon
      </h2>
      {shown ? (
        <div className={f.errorSummary} ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby="coupon-error-summary-title">
          <h3 className={f.errorSummaryTitle} id="coupon-error-summary-title">
            There is a problem
          </h3>
          <ul className={f.errorSummaryList}>
            <li>
              <a href={`#${code.id}`} className={f.errorSummaryLink}>
                {shown.message}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <BasketForm fetcher={fetcher} intent="apply-coupon" idempotencyKey={formKey("coupon-apply")}>
        <div className={`${f.formGroup} ${shown ? f.formGroupError : ""}`}>
          <label className={f.label} htmlFor={code.id}>
            Coupon code
          </label>
          {shown ? (
            <p id={code.errorId} className={f.errorMessage}>
              <span className={visuallyHidden}>Error: </span>
              {shown.message}
            </p>
          ) : null}
          <div className={styles.couponRow}>
            <input
              id={code.id}
              name={code.name}
              type="text"
              className={`${f.input} ${styles.couponInput} ${shown ? f.fieldError : ""}`}
              defaultValue={shown?.value ?? ""}
              key={shown ? `${shown.message}-${shown.value}` : "empty"}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? code.errorId : undefined}
            />
            <button type="submit" className={f.button.primary} aria-disabled={applying || undefined}>
              {applying ? "Applying…" : "Apply"}
            </button>
          </div>
          {/* The honeypot (spec 2 §5 bot check): hidden from sight and from assistive technology, out of the tab order. */}
          <HoneypotInputs label="Leave this field empty" nonce={nonce} />
        </div>
      </BasketForm>
    </section>
  );
}
