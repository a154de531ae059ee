import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { href, useFetcher } from "react-router";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { useNonce } from "~/components/nonce";
import { CARD_FIELD_ELEMENTS, CARD_FIELD_TEXT, cardFieldError, cardFieldErrors, EMPTY_CARD_FIELDS, type CardFieldElement } from "~/models/card-fields";
import { beginPayment, CARD_SCRIPT_TIMEOUT_MS, IDLE_PAYMENT_PROGRESS, PAYMENT_TEXT, settlePayment, type PaymentProgress } from "~/models/payment-options";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./Checkout.css";

/** checkout.com Frames, as far as the card step uses it (the embedded test gateway's stand-in has the same API). */
interface FramesApi {
  Events: Record<"READY" | "FRAME_BLUR" | "FRAME_VALIDATION_CHANGED" | "CARD_TOKENIZATION_FAILED", string>;
  init(config: { publicKey: string }): void;
  addEventHandler(event: string, handler: (data: never) => void): void;
  removeAllEventHandlers(event: string): void;
  isCardValid(): boolean;
  submitCard(): Promise<{ token: string }>;
  enableSubmitForm(): void;
}

declare global {
  interface Window {
    Frames?: FramesApi;
  }
}

const CONTAINERS: Record<CardFieldElement, string> = { "card-number": "card-number-frame", "expiry-date": "expiry-date-frame", cvv: "cvv-frame" };

let scriptLoad: { src: string; promise: Promise<FramesApi> } | null = null;

/** The gateway's script, added once per page; resolves with its global `Frames`. */
function loadFrames(src: string, nonce: string): Promise<FramesApi> {
  if (window.Frames) return Promise.resolve(window.Frames);
  if (scriptLoad?.src === src) return scriptLoad.promise;
  const promise = new Promise<FramesApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => (window.Frames ? resolve(window.Frames) : reject(new Error("no Frames")));
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error("card script failed"));
    };
    document.head.appendChild(script);
  });
  scriptLoad = { src, promise };
  return promise;
}

type ActionReply = { error?: Record<string, string[] | null> | null } | undefined;

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
  hostedPage: (failed: boolean) => ReactNode;
}) {
  const { scriptUrl, publicKey, total, blocked } = props;
  const nonce = useNonce();
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<ActionReply>();
  const [load, setLoad] = useState<"loading" | "ready" | "failed">("loading");
  const [fields, setFields] = useState(EMPTY_CARD_FIELDS);
  const [summary, setSummary] = useState<{ element: CardFieldElement; message: string }[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<PaymentProgress>(IDLE_PAYMENT_PROGRESS);
  const [generation, setGeneration] = useState(0);
  const frames = useRef<FramesApi | null>(null);
  const sent = useRef<unknown>(null);

  useEffect(() => {
    let current = true;
    setLoad((state) => (state === "failed" ? state : "loading"));
    setFields(EMPTY_CARD_FIELDS);
    const timer = window.setTimeout(() => current && setLoad((state) => (state === "ready" ? state : "failed")), CARD_SCRIPT_TIMEOUT_MS);
    loadFrames(scriptUrl, nonce).then(
      (Frames) => {
        if (!current) return;
        frames.current = Frames;
        const { Events } = Frames;
        for (const event of Object.values(Events)) Frames.removeAllEventHandlers(event);
        Frames.addEventHandler(Events.READY, () => {
          if (!current) return;
          window.clearTimeout(timer);
          setLoad((state) => (state === "failed" ? state : "ready"));
        });
        Frames.addEventHandler(Events.FRAME_VALIDATION_CHANGED, (e: { element: CardFieldElement; isValid: boolean; isEmpty: boolean }) => {
          if (current && e.element in CONTAINERS) setFields((f) => ({ ...f, [e.element]: { ...f[e.element], isValid: e.isValid, isEmpty: e.isEmpty } }));
        });
        Frames.addEventHandler(Events.FRAME_BLUR, (e: { element: CardFieldElement }) => {
          if (current && e.element in CONTAINERS) setFields((f) => ({ ...f, [e.element]: { ...f[e.element], touched: true } }));
        });
        Frames.init({ publicKey });
      },
      () => {
        if (!current) return;
        window.clearTimeout(timer);
        setLoad("failed");
      },
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [scriptUrl, publicKey, nonce, generation]);

  /** An error: say so, and start the card step again with empty fields and no payment under way. */
  function fail(text: string) {
    setProgress(settlePayment("error"));
    setMessage(text);
    setSummary([]);
    setGeneration((g) => g + 1);
  }

  // The card step's answer to the token: a redirect leaves the page (success, or the 3-D Secure challenge); a reply
  // is a refusal (declined, or the order could not be made).
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === sent.current) return;
    sent.current = fetcher.data;
    fail(fetcher.data?.error?.[""]?.[0] ?? PAYMENT_TEXT.paymentIssue);
  }, [fetcher.state, fetcher.data]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const Frames = frames.current;
    if (!Frames || load !== "ready" || blocked) return;
    const errors = cardFieldErrors(fields);
    if (errors.length > 0 || !Frames.isCardValid()) {
      setMessage(null);
      setSummary(errors);
      setFields((f) => Object.fromEntries(CARD_FIELD_ELEMENTS.map((e) => [e, { ...f[e], touched: true }])) as typeof f);
      return;
    }
    const started = beginPayment(progress, "card");
    if (!started) return;
    setProgress(started);
    setMessage(null);
    setSummary([]);
    let token: string;
    try {
      token = (await Frames.submitCard()).token;
    } catch {
      fail(PAYMENT_TEXT.cardDetails);
      return;
    }
    sent.current = fetcher.data;
    fetcher.submit({ csrf, idempotencyKey: crypto.randomUUID(), token }, { method: "post", action: href("/checkout/payment/card-form") });
  }

  const paying = progress.inProgress !== null || fetcher.state !== "idle";
  return (
    <>
      <ErrorSummary id="card-error-summary" errors={summary.map((e) => ({ field: `${e.element}-group`, message: e.message }))} />
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
          {CARD_FIELD_ELEMENTS.map((element) => {
            const text = CARD_FIELD_TEXT[element];
            const error = cardFieldError(element, fields[element]);
            return (
              <div key={element} id={`${element}-group`} tabIndex={-1} className={error ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
                <p className={forms.label} id={`${element}-label`}>
                  {text.label}
                </p>
                <p className={forms.hint}>{text.hint}</p>
                <p className={error ? forms.errorMessage : undefined} aria-live="polite">
                  {error ? (
                    <>
                      <span className={visuallyHidden}>Error:</span> {error}
                    </>
                  ) : null}
                </p>
                <div key={generation} className={`${styles.cardFrame} ${element === "card-number" ? "" : styles.cardFrameShort} ${CONTAINERS[element]}`} />
              </div>
            );
          })}
          <button type="submit" id="pay" className={forms.button.primary} disabled={blocked !== null || load !== "ready" || paying} aria-disabled={blocked !== null || undefined}>
            {paying ? "Please wait…" : `Pay ${total}`}
          </button>
        </form>
      )}
      <div className={load === "failed" ? undefined : styles.alternative}>{props.hostedPage(load === "failed")}</div>
    </>
  );
}
