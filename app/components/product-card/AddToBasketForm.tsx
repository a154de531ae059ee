import { lazy, Suspense, useState, type FormEvent, type FormEventHandler, type ReactNode } from "react";
import { href, type Fetcher, type useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { submitQuietly } from "~/components/basket-summary/BasketForm";
import { ADD_FIELDS, ADD_TO_BASKET_ACTION } from "~/models/add-to-basket-form";
import { visuallyHidden } from "~/styles/global.css";
import type { AddResult } from "~/models/add-result";
import { rememberAddPrice } from "./optimistic";

// The age question comes only with an answer to an add made with script, and seldom: its script is fetched then.
const AgeCheckDialog = lazy(() =>
  import("~/components/age-check/AgeCheckDialog").then((module) => ({ default: module.AgeCheckDialog })),
);

/** The fetcher an item's adds go through: its card's stepper and its age question use the same one. */
export type AddFetcher = ReturnType<typeof useFetcher<AddResult>>;

export interface AddToBasketFormProps {
  fetcher: AddFetcher;
  menuItemId: number;
  /**
   * Pence for one, as the page shows it, so the totals elsewhere on the page count the add before its answer. Never
   * posted: the platform prices the line.
   */
  unitPrice: number;
  /** Rendered into the page: a post resubmitted without script, or a second click before the answer, adds once. */
  basketLineId: string;
  idempotencyKey: string;
  /** The page a post without script comes back to. */
  redirectTo: string;
  /** The banner whose page the add is made on: the add is credited to it. */
  bannerAdvertId?: number;
  /** How many, for a form with no quantity field of its own (a card's Add adds one). */
  quantity?: number;
  /** The item page's form: a choice the add refuses goes back to that page with its messages. */
  itemPage?: boolean;
  id?: string;
  className?: string;
  onChange?: FormEventHandler<HTMLFormElement>;
  /** The form's own fields (the item page's choices) and its button. */
  children: ReactNode;
}

/**
 * The one add-to-basket form (spec 2 §7 basket/item/add): a product card's and a recommended item's Add, and the item
 * page's choices. Its fields are the add action's, by the names in models/add-to-basket-form. Without script it is a
 * plain post (303 back with a toast, or on to the age question); with script it goes through the item's fetcher with
 * `_js=1`, the answer is data, and an age-restricted item asks its question in a dialog over the page.
 */
export function AddToBasketForm({
  fetcher,
  menuItemId,
  unitPrice,
  basketLineId,
  idempotencyKey,
  redirectTo,
  bannerAdvertId,
  quantity,
  itemPage = false,
  id,
  className,
  onChange,
  children,
}: AddToBasketFormProps) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  const answer = fetcher.data;
  const ageRecord =
    fetcher.state === "idle" && answer && "ageCheck" in answer && answer !== dismissed ? answer.ageCheck : null;
  // Once asked, the dialog stays mounted, so a yes or a no closes it (focus goes back to the page) rather than removes it.
  const [asked, setAsked] = useState(false);
  if (ageRecord && !asked) setAsked(true);

  // A second click on Add while the first is on its way supersedes it (same key: the platform adds once); the
  // router rejects the superseded submission with an AbortError, which is the intended outcome, not a fault.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget, submitter);
    form.set(ADD_FIELDS.js, "1");
    rememberAddPrice(idempotencyKey, unitPrice);
    submitQuietly(fetcher, form, ADD_TO_BASKET_ACTION);
  }

  return (
    <>
      <fetcher.Form
        method="post"
        action={ADD_TO_BASKET_ACTION}
        id={id}
        className={className}
        noValidate
        onChange={onChange}
        onSubmit={onSubmit}
      >
        <AuthenticityTokenInput />
        {itemPage ? <input type="hidden" name={ADD_FIELDS.itemPage} value="1" /> : null}
        <input type="hidden" name={ADD_FIELDS.menuItemId} value={menuItemId} />
        {quantity !== undefined ? <input type="hidden" name={ADD_FIELDS.quantity} value={quantity} /> : null}
        <input type="hidden" name={ADD_FIELDS.basketLineId} value={basketLineId} />
        <input type="hidden" name={ADD_FIELDS.idempotencyKey} value={idempotencyKey} />
        {bannerAdvertId ? <input type="hidden" name={ADD_FIELDS.bannerAdvertId} value={bannerAdvertId} /> : null}
        <input type="hidden" name={ADD_FIELDS.redirectTo} value={redirectTo} />
        {children}
      </fetcher.Form>
      {asked ? (
        <Suspense fallback={null}>
          <AgeCheckDialog record={ageRecord} fetcher={fetcher} onClose={() => setDismissed(answer)} />
        </Suspense>
      ) : null}
    </>
  );
}

const AGE_CHECK_ACTION = href("/basket/age-check");

/** Whether this fetcher has an add on its way: the Add's post, or the age question's yes, which adds. */
export function isAdding(fetcher: Pick<Fetcher, "state" | "formAction">): boolean {
  const action = fetcher.formAction?.split("?")[0];
  return fetcher.state !== "idle" && (action === ADD_TO_BASKET_ACTION || action === AGE_CHECK_ACTION);
}

/** A card's Add button: it names the item for a screen reader, and says "Adding…" while the add is on its way. */
export function AddButton({ itemName, adding, className }: { itemName: string; adding: boolean; className: string }) {
  return (
    <button type="submit" className={className} aria-disabled={adding || undefined}>
      {adding ? (
        "Adding…"
      ) : (
        <>
          Add<span className={visuallyHidden}> {itemName} to basket</span>
        </>
      )}
    </button>
  );
}
