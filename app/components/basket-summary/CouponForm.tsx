import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { BasketCoupon } from "../../../platform/contract/basket";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { BasketForm } from "./BasketForm";
import * as styles from "./BasketSummary.css";

export const COUPON_FIELD_ID = "coupon-code";
export const COUPON_FETCHER_KEY = "coupon";
/** The honeypot's field name: a person never sees it, a form-filling bot fills it (spec 2 §5 bot check). */
export const HONEYPOT_FIELD = "website";

export interface CouponError {
  message: string;
  value: string;
}

export interface CouponFormProps {
  coupon: BasketCoupon | null;
  /** The refusal of the last apply when the page was rendered by the post itself (no script). */
  error: CouponError | null;
  symbol: string;
  formKey: (name: string) => string;
}

/**
 * The coupon code (spec 2 §4, §5): apply with the bot check's honeypot, or the applied coupon with Remove. A refusal
 * goes on the field and in an error summary (GOV.UK), which takes focus so it is read at once.
 */
export function CouponForm({ coupon, error, symbol, formKey }: CouponFormProps) {
  const fetcher = useFetcher<{ couponError?: CouponError | null }>({ key: COUPON_FETCHER_KEY });
  const summaryRef = useRef<HTMLDivElement>(null);
  const fetched = fetcher.state === "idle" ? (fetcher.data?.couponError ?? null) : null;
  const shown = fetcher.data ? fetched : error;
  const pendingIntent = fetcher.formData?.get("intent");
  const errorId = `${COUPON_FIELD_ID}-error`;

  useEffect(() => {
    if (fetched) summaryRef.current?.focus();
  }, [fetched]);

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
              <a href={`#${COUPON_FIELD_ID}`} className={f.errorSummaryLink}>
                {shown.message}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <BasketForm fetcher={fetcher} intent="apply-coupon" idempotencyKey={formKey("coupon-apply")}>
        <div className={`${f.formGroup} ${shown ? f.formGroupError : ""}`}>
          <label className={f.label} htmlFor={COUPON_FIELD_ID}>
            Coupon code
          </label>
          {shown ? (
            <p id={errorId} className={f.errorMessage}>
              <span className={visuallyHidden}>Error: </span>
              {shown.message}
            </p>
          ) : null}
          <div className={styles.couponRow}>
            <input
              id={COUPON_FIELD_ID}
              name="coupon"
              type="text"
              className={`${f.input} ${styles.couponInput} ${shown ? f.fieldError : ""}`}
              defaultValue={shown?.value ?? ""}
              key={shown ? `${shown.message}-${shown.value}` : "empty"}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
            />
            <button type="submit" className={f.button.primary} aria-disabled={applying || undefined}>
              {applying ? "Applying…" : "Apply"}
            </button>
          </div>
          {/* The honeypot: hidden from sight and from assistive technology, out of the tab order. */}
          <div className={visuallyHidden} aria-hidden="true">
            <label htmlFor="coupon-website">Leave this field empty</label>
            <input id="coupon-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
        </div>
      </BasketForm>
    </section>
  );
}
