import type { SubmissionResult } from "@conform-to/react";
import { replyField } from "~/components/forms/fields";
import { useFetcher } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import type { BasketCoupon } from "#contract/basket";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { useNonce } from "~/components/nonce";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { FieldRow } from "./FieldRow";
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
  // The newest answer: the fetcher's once it has one (null when the apply worked), else the page's own.
  const lastResult = fetcher.data ? fetcher.data.coupon : answer;
  const code = replyField("coupon", "code", lastResult);
  const message = fetcher.state === "idle" && lastResult ? (code.errors?.[0] ?? null) : null;
  const shown = message ? { message, value: typeof code.value === "string" ? code.value : "" } : null;
  const pendingIntent = fetcher.formData?.get("intent");

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
      <ErrorSummary
        id="coupon-error-summary"
        headingLevel={3}
        errors={shown ? [{ field: code.id, message: shown.message }] : []}
      />
      <BasketForm fetcher={fetcher} intent="apply-coupon" idempotencyKey={formKey("coupon-apply")}>
        <FieldRow
          id={code.id}
          errorId={code.errorId}
          label="Coupon code"
          message={shown?.message ?? null}
          // The honeypot (spec 2 §5 bot check): hidden from sight and from assistive technology, out of the tab order.
          footer={<HoneypotInputs label="Leave this field empty" nonce={nonce} />}
        >
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
        </FieldRow>
      </BasketForm>
    </section>
  );
}
