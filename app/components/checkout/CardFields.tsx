import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from "react";
import { href, useFetcher } from "react-router";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import {
  beginPayment,
  IDLE_PAYMENT_PROGRESS,
  PAYMENT_TEXT,
  settlePayment,
  type PaymentProgress,
} from "~/models/payment-options";
import * as forms from "~/styles/forms.css";
import { CardFrameGroups, useCardFrames, type CardFieldErrorItem } from "./card-frames";
import * as styles from "./Checkout.css";

type ActionReply = { error?: Record<string, string[] | null> | null } | undefined;

/** A member's "Save this card for next time" (makePayment saveCard); posted as `saveCard=on` when ticked. */
export function SaveCardCheckbox({ id = "save-card" }: { id?: string }) {
  return (
    <div className={forms.formGroup}>
      <label className={styles.choice} htmlFor={id}>
        <input className={styles.choiceInput} type="checkbox" id={id} name="saveCard" />
        <span>Save this card for next time</span>
      </label>
    </div>
  );
}

/**
 * The card step with script (spec 2 §4 card flow; decision 0024): the three card fields are the gateway's own
 * frames, so card data never reaches this site. The gateway's script gets 15 seconds (spec 2 §9) to load and show
 * them; then the shopper is offered the gateway's hosted page (`hostedPage`, the way without script) instead. On
 * Pay the fields are checked, the card is tokenised in the gateway's frames, and only the token is posted to the
 * card step, which makes the order and pays. An error clears the fields, the card step and the payment marker.
 */
export function CardFields(props: {
  scriptUrl: string;
  publicKey: string;
  total: string;
  /** Why paying is off now (store closed, slot invalid), or null. */
  blocked: string | null;
  /** A member may keep the card (decision 0023): the save tick goes along with the token. */
  canSaveCard?: boolean;
  hostedPage: (failed: boolean) => ReactNode;
}) {
  const { total, blocked } = props;
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<ActionReply>();
  const card = useCardFrames(props);
  const { load } = card;
  const [summary, setSummary] = useState<CardFieldErrorItem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<PaymentProgress>(IDLE_PAYMENT_PROGRESS);
  const sent = useRef<unknown>(null);

  /** An error: say so, and start the card step again with empty fields and no payment under way. */
  function fail(text: string) {
    setProgress(settlePayment("error"));
    setMessage(text);
    setSummary([]);
    card.reset();
  }
  const failFromEffect = useEffectEvent(fail);

  // The card step's answer to the token: a redirect leaves the page (success, or the 3-D Secure challenge); a reply
  // is a refusal (declined, or the order could not be made).
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === sent.current) return;
    sent.current = fetcher.data;
    failFromEffect(fetcher.data?.error?.[""]?.[0] ?? PAYMENT_TEXT.paymentIssue);
  }, [fetcher.state, fetcher.data]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (load !== "ready" || blocked) return;
    const saveCard = props.canSaveCard && new FormData(event.currentTarget).get("saveCard") === "on";
    const checked = card.check();
    if (!checked.ok) {
      setMessage(null);
      setSummary(checked.errors);
      return;
    }
    const started = beginPayment(progress, "card");
    if (!started) return;
    setProgress(started);
    setMessage(null);
    setSummary([]);
    let token: string;
    try {
      token = await card.tokenise();
    } catch {
      fail(PAYMENT_TEXT.cardDetails);
      return;
    }
    sent.current = fetcher.data;
    void fetcher.submit(
      { csrf, idempotencyKey: crypto.randomUUID(), token, ...(saveCard ? { saveCard: "on" } : {}) },
      { method: "post", action: href("/checkout/payment/card-form") },
    );
  }

  const paying = progress.inProgress !== null || fetcher.state !== "idle";
  return (
    <>
      <ErrorSummary
        id="card-error-summary"
        errors={summary.map((e) => ({ field: `${e.element}-group`, message: e.message }))}
      />
      {message ? (
        <div className={styles.notice} role="alert">
          <p>{message}</p>
        </div>
      ) : null}
      {load === "failed" ? (
        <div className={styles.notice} role="alert">
          <p>{PAYMENT_TEXT.cardFormLoad}</p>
        </div>
      ) : (
        <form method="post" onSubmit={pay} noValidate aria-label="Card details">
          {load === "loading" ? <p role="status">Loading the card form…</p> : null}
          <CardFrameGroups fields={card.fields} generation={card.generation} />
          {props.canSaveCard ? <SaveCardCheckbox /> : null}
          <button
            type="submit"
            id="pay"
            className={forms.button.primary}
            disabled={blocked !== null || load !== "ready" || paying}
            aria-disabled={blocked !== null || undefined}
          >
            {paying ? "Please wait…" : `Pay ${total}`}
          </button>
        </form>
      )}
      <div className={load === "failed" ? undefined : styles.alternative}>{props.hostedPage(load === "failed")}</div>
    </>
  );
}
