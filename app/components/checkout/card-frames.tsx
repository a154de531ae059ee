import { useCallback, useEffect, useRef, useState } from "react";
import { useNonce } from "~/components/nonce";
import {
  CARD_FIELD_ELEMENTS,
  CARD_FIELD_TEXT,
  cardFieldError,
  cardFieldErrors,
  EMPTY_CARD_FIELDS,
  type CardFieldElement,
} from "~/models/card-fields";
import { CARD_SCRIPT_TIMEOUT_MS } from "~/models/payment-options";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./Checkout.css";

/*
 * The gateway's card fields (decision 0024), shared by the card step and the member area's "add new payment card":
 * the script, loaded once and given 15 seconds (spec 2 §9); the three frames; what they say about each field (valid,
 * empty — never its value); and tokenising the card in them. Card data never reaches this site.
 */

/** checkout.com Frames, as far as this site uses it (the embedded test gateway's stand-in has the same API). */
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

const CONTAINERS: Record<CardFieldElement, string> = {
  "card-number": "card-number-frame",
  "expiry-date": "expiry-date-frame",
  cvv: "cvv-frame",
};

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

export type CardFieldErrorItem = { element: CardFieldElement; message: string };

/**
 * The gateway's frames on this page: `load` is loading, ready or failed (the script did not load and report READY
 * within 15 seconds); `check` says whether the card may be tokenised, else marks every field touched and answers
 * their messages; `tokenise` answers the gateway's token or throws; `reset` starts again with empty fields.
 */
export function useCardFrames({ scriptUrl, publicKey }: { scriptUrl: string; publicKey: string }) {
  const nonce = useNonce();
  const [load, setLoad] = useState<"loading" | "ready" | "failed">("loading");
  const [fields, setFields] = useState(EMPTY_CARD_FIELDS);
  const [generation, setGeneration] = useState(0);
  const frames = useRef<FramesApi | null>(null);

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(
      () => current && setLoad((state) => (state === "ready" ? state : "failed")),
      CARD_SCRIPT_TIMEOUT_MS,
    );
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
        Frames.addEventHandler(
          Events.FRAME_VALIDATION_CHANGED,
          (e: { element: CardFieldElement; isValid: boolean; isEmpty: boolean }) => {
            if (current && e.element in CONTAINERS)
              setFields((f) => ({ ...f, [e.element]: { ...f[e.element], isValid: e.isValid, isEmpty: e.isEmpty } }));
          },
        );
        Frames.addEventHandler(Events.FRAME_BLUR, (e: { element: CardFieldElement }) => {
          if (current && e.element in CONTAINERS)
            setFields((f) => ({ ...f, [e.element]: { ...f[e.element], touched: true } }));
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

  const check = useCallback((): { ok: boolean; errors: CardFieldErrorItem[] } => {
    const Frames = frames.current;
    if (!Frames || load !== "ready") return { ok: false, errors: [] };
    const errors = cardFieldErrors(fields);
    if (errors.length === 0 && Frames.isCardValid()) return { ok: true, errors };
    setFields((f) => Object.fromEntries(CARD_FIELD_ELEMENTS.map((e) => [e, { ...f[e], touched: true }])) as typeof f);
    return { ok: false, errors };
  }, [fields, load]);

  const tokenise = useCallback(async (): Promise<string> => {
    if (!frames.current) throw new Error("no card fields");
    return (await frames.current.submitCard()).token;
  }, []);

  // New frames start empty, loading again unless the script itself failed.
  const reset = useCallback(() => {
    setLoad((state) => (state === "failed" ? state : "loading"));
    setFields(EMPTY_CARD_FIELDS);
    setGeneration((g) => g + 1);
  }, []);

  return { load, fields, generation, check, tokenise, reset };
}

/** The three fields' groups: label, hint, the field's message and the gateway's frame. */
export function CardFrameGroups({
  fields,
  generation,
}: Pick<ReturnType<typeof useCardFrames>, "fields" | "generation">) {
  return CARD_FIELD_ELEMENTS.map((element) => {
    const text = CARD_FIELD_TEXT[element];
    const error = cardFieldError(element, fields[element]);
    return (
      <div
        key={element}
        id={`${element}-group`}
        tabIndex={-1}
        className={error ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}
      >
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
        <div
          key={generation}
          className={`${styles.cardFrame} ${element === "card-number" ? "" : styles.cardFrameShort} ${CONTAINERS[element]}`}
        />
      </div>
    );
  });
}
