import type { SubmissionResult } from "@conform-to/react";
import { replyField } from "~/components/forms/fields";
import { useFetcher } from "react-router";
import type { Basket } from "#contract/basket";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { BasketForm, type BasketAnswer } from "./BasketForm";
import { FieldRow } from "./FieldRow";
import * as styles from "./BasketSummary.css";

export const POINTS_FETCHER_KEY = "loyalty-points";

/** Whether the basket offers a member their points: a store with a scheme, and points to spend or being spent. */
export function canSpendPoints(basket: Basket, signedIn: boolean): boolean {
  const loyalty = basket.loyaltyPoints;
  return signedIn && loyalty.loyaltySystem !== "none" && (loyalty.accumulatedPoints > 0 || loyalty.pointsToSpend > 0);
}

export interface PointsFormProps {
  basket: Basket;
  /** The refusal of the last spend when the page was rendered by the post itself (no script): Conform's reply. */
  answer: SubmissionResult<string[]> | null;
  symbol: string;
  formKey: (name: string) => string;
}

/**
 * Spending loyalty points on this basket (spec 2 §3 basket loyaltyPoints): how many, within the scheme's limits; or,
 * while some are being spent, 'Stop using points'. A refusal goes on the field and in an error summary (GOV.UK).
 */
export function PointsForm({ basket, answer, symbol, formKey }: PointsFormProps) {
  const fetcher = useFetcher<BasketAnswer>({ key: POINTS_FETCHER_KEY });
  const loyalty = basket.loyaltyPoints;
  const name = loyalty.loyaltyPointsName;
  const lastResult = fetcher.data ? (fetcher.data.points ?? null) : answer;
  const points = replyField("loyalty-points", "points", lastResult);
  const message = fetcher.state === "idle" && lastResult ? (points.errors?.[0] ?? null) : null;
  const value = typeof points.value === "string" ? points.value : "";
  const busy = fetcher.state !== "idle";

  return (
    <section className={styles.panel} aria-labelledby="points-title">
      <h2 className={styles.panelTitle} id="points-title">
        Use your {name}
      </h2>
      <p>
        You have {loyalty.accumulatedPoints} {name}. You can use {loyalty.minimumPointsSpend} to{" "}
        {loyalty.maximumPointsSpend} on an order of {formatPence(loyalty.minimumBasketValue, { symbol })} or more.
      </p>
      {loyalty.pointsToSpend > 0 ? (
        <>
          <p>
            Using <strong>{loyalty.pointsToSpend}</strong> {name}: {formatPence(loyalty.deductCost, { symbol })} off
            this order.
          </p>
          <BasketForm
            fetcher={fetcher}
            intent="spend-points"
            idempotencyKey={formKey(`points-stop-${loyalty.pointsToSpend}`)}
          >
            <input type="hidden" name="points" value="0" />
            <button type="submit" className={f.button.secondary} aria-disabled={busy || undefined}>
              Stop using points
            </button>
          </BasketForm>
        </>
      ) : null}
      <ErrorSummary
        id="points-error-summary"
        headingLevel={3}
        errors={message ? [{ field: points.id, message }] : []}
      />
      <BasketForm
        fetcher={fetcher}
        intent="spend-points"
        idempotencyKey={formKey(`points-use-${loyalty.pointsToSpend}`)}
      >
        <FieldRow id={points.id} errorId={points.errorId} label="Points to use" message={message}>
          <input
            id={points.id}
            name={points.name}
            type="text"
            inputMode="numeric"
            className={`${f.input} ${styles.couponInput} ${message ? f.fieldError : ""}`}
            defaultValue={message ? value : ""}
            key={message ? `${message}-${value}` : `points-${loyalty.pointsToSpend}`}
            autoComplete="off"
            maxLength={9}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? points.errorId : undefined}
          />
          <button type="submit" className={f.button.primary} aria-disabled={busy || undefined}>
            Use points
          </button>
        </FieldRow>
      </BasketForm>
    </section>
  );
}
