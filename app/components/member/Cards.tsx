import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { ClientOnly } from "remix-utils/client-only";
import type { SavedCard } from "#contract";
import { CardFrameGroups, useCardFrames, type CardFieldErrorItem } from "~/components/checkout/card-frames";
import { Dialog } from "~/components/dialog/Dialog";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PAYMENT_TEXT } from "~/models/payment-options";
import { cardExpiry, cardName, type CardFacts } from "~/models/saved-cards";
import * as forms from "~/styles/forms.css";
import * as s from "./Address.css";
import { ConfirmButtons } from "./SavedItemActions";

/*
 * The member's saved cards (spec 2 §2 saved cards with add and delete confirmation; modal "add new payment card"):
 * what a card shows, the delete confirmation and the add form. Dialogs are for pages with script; each has a page
 * doing the same without (the add page says plainly what it cannot do without script).
 */

export const CARDS_PATH = "/member/cards";
export const ADD_CARD_TITLE = "Add new payment card";

/** Without script the gateway's card fields cannot run, and its hosted page takes payments, not cards to keep. */
export const ADD_CARD_NEEDS_SCRIPT = "Adding a card needs JavaScript; you can save a card when you pay.";

/** A card as printed: brand and last four digits, then the expiry. */
export function CardLines({ card }: { card: CardFacts }) {
  return (
    <p className={s.lines}>
      <span className={s.line}>
        <strong>{cardName(card)}</strong>
      </span>
      <span className={s.line}>Expires {cardExpiry(card)}</span>
    </p>
  );
}

/** The delete confirmation's form: the page's own, or posted by a fetcher from the dialog. */
function DeleteForm({ card, onCancel }: { card: SavedCard; onCancel?: () => void }) {
  const fetcher = useFetcher();
  const Form = fetcher.Form;
  return (
    <>
      <div className={s.confirm}>
        <CardLines card={card} />
      </div>
      <Form method="post" action={`${CARDS_PATH}/${card.id}/delete`}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete" />
        <ConfirmButtons label="Delete" busy={fetcher.state !== "idle"} onCancel={onCancel} cancelTo={CARDS_PATH} />
      </Form>
    </>
  );
}

export { DeleteForm as DeleteCardForm };

/** The delete confirmation over the list (script only): posts to the delete page's action, which leads back. */
export function DeleteCardDialog({ card, onClose }: { card: SavedCard | null; onClose: () => void }) {
  return (
    <Dialog open={card !== null} title="Delete this card?" onClose={onClose}>
      {card ? <DeleteForm key={card.id} card={card} onCancel={onClose} /> : null}
    </Dialog>
  );
}

/** "Add new payment card" over the list (script only): the add page's form. */
export function AddCardDialog({
  open,
  cardFields,
  onClose,
}: {
  open: boolean;
  cardFields: CardFieldsSource | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={ADD_CARD_TITLE} onClose={onClose}>
      {open ? <AddCard cardFields={cardFields} onCancel={onClose} /> : null}
    </Dialog>
  );
}

export type CardFieldsSource = { scriptUrl: string; publicKey: string };

/**
 * Adding a card: with script, the gateway's card fields tokenise it and only the token is posted to the add page's
 * action; without script (or without the gateway's fields) the page says how a card can be saved instead.
 */
export function AddCard({ cardFields, onCancel }: { cardFields: CardFieldsSource | null; onCancel?: () => void }) {
  const noFields = <p>{ADD_CARD_NEEDS_SCRIPT}</p>;
  if (!cardFields) return <p>Adding a card is not available here; you can save a card when you pay.</p>;
  return <ClientOnly fallback={noFields}>{() => <AddCardFields {...cardFields} onCancel={onCancel} />}</ClientOnly>;
}

function AddCardFields({ scriptUrl, publicKey, onCancel }: CardFieldsSource & { onCancel?: () => void }) {
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<{ error: string }>();
  const card = useCardFrames({ scriptUrl, publicKey });
  const [summary, setSummary] = useState<CardFieldErrorItem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [tokenising, setTokenising] = useState(false);
  const seen = useRef<unknown>(undefined);

  // A refusal (the card is already kept, or the gateway refused the token): said on the form, the fields empty.
  const refused = useEffectEvent((error: string) => {
    setMessage(error);
    card.reset();
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    refused(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = card.check();
    setMessage(null);
    setSummary(checked.errors);
    if (!checked.ok) return;
    setTokenising(true);
    let token: string;
    try {
      token = await card.tokenise();
    } catch {
      setMessage(PAYMENT_TEXT.cardDetails);
      card.reset();
      return;
    } finally {
      setTokenising(false);
    }
    void fetcher.submit({ csrf, token }, { method: "post", action: `${CARDS_PATH}/new` });
  }

  if (card.load === "failed") {
    return (
      <div role="alert">
        <p>{PAYMENT_TEXT.cardFormLoad}</p>
        <p>You can save a card when you pay.</p>
      </div>
    );
  }
  const busy = tokenising || fetcher.state !== "idle";
  return (
    <>
      <ErrorSummary
        id="add-card-error-summary"
        errors={summary.map((e) => ({ field: `${e.element}-group`, message: e.message }))}
      />
      {message ? (
        <p className={forms.errorMessage} role="alert">
          {message}
        </p>
      ) : null}
      <form method="post" onSubmit={add} noValidate aria-label="Card details">
        {card.load === "loading" ? <p role="status">Loading the card form…</p> : null}
        <CardFrameGroups fields={card.fields} generation={card.generation} />
        <div className={s.formActions}>
          <button type="submit" className={forms.button.primary} disabled={card.load !== "ready" || busy}>
            {busy ? "Please wait…" : "Add card"}
          </button>
          {onCancel ? (
            <button type="button" className={forms.button.secondary} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}
