import type { SubmissionResult } from "@conform-to/react";
import type { FormEvent, ReactNode } from "react";
import { href, type FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Basket } from "#contract/basket";

/** The basket action's path: every basket change posts here (the basket page, the product cards' steppers). */
export const BASKET_ACTION = href("/basket");

/** What the basket action answers a fetcher (and a post without script that it answers with the page). */
export interface BasketAnswer {
  intent: string;
  /** The basket as the platform now has it; null when the change failed before one came back. */
  basket: Basket | null;
  /** A refused coupon: Conform's reply, with the refusal on the code field. */
  coupon: SubmissionResult<string[]> | null;
  /** Refused loyalty points: Conform's reply, with the refusal on the points field. */
  points?: SubmissionResult<string[]> | null;
  /** What went wrong, as the toast says it. */
  error: string | null;
}

/**
 * A fresh idempotency key for a submission made by script. Each click is its own change (quantity 3, then 4, then
 * 3 again), so it must not share a key with an earlier one, or the platform would replay the earlier answer.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a basket form needs of its fetcher: any fetcher, whatever its answer, can carry a basket change. */
export type BasketFetcher = Pick<FetcherWithComponents<unknown>, "submit">;

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/**
 * Submits through the fetcher. A newer click on the same fetcher (+ then − before the first answer) aborts the
 * earlier request, and the router rejects the earlier promise: that is the intended outcome, not an error.
 */
export function submitQuietly(fetcher: BasketFetcher, form: FormData, action: string): void {
  fetcher.submit(form, { method: "post", action }).catch((error: unknown) => {
    if (!isAbort(error)) throw error;
  });
}

export interface BasketFormProps {
  fetcher: BasketFetcher;
  intent: string;
  /** The key rendered into the page for a post without script (a resubmission then replays, never repeats). */
  idempotencyKey: string;
  redirectTo?: string;
  className?: string;
  /** Names the form for assistive technology when it holds more than one control. */
  label?: string;
  children: ReactNode;
}

/**
 * A form that changes the basket. Without script it is a plain post (303 back with a toast); with script the same
 * fields go through the fetcher with a fresh key and `_js=1`, and the action answers data instead of a redirect.
 */
export function BasketForm({
  fetcher,
  intent,
  idempotencyKey,
  redirectTo = href("/basket"),
  className,
  label,
  children,
}: BasketFormProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget, submitter);
    form.set("idempotencyKey", newIdempotencyKey());
    form.set("_js", "1");
    submitQuietly(fetcher, form, BASKET_ACTION);
  }
  return (
    <form method="post" action={BASKET_ACTION} className={className} onSubmit={onSubmit} aria-label={label}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {children}
    </form>
  );
}
