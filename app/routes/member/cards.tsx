import { useCallback, useState } from "react";
import type { Route } from "./+types/cards";
import type { SavedCard } from "#contract";
import { ADD_CARD_TITLE, AddCardDialog, CARDS_PATH, CardLines, DeleteCardDialog } from "~/components/member/Cards";
import { MemberPage } from "~/components/member/MemberArea";
import { cardDescription } from "~/models/saved-cards";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { cardFieldsFor, savedCards, setDefaultCard } from "./cards.server";
import * as s from "~/components/member/Address.css";
import { DialogLink, SetDefaultForm } from "~/components/member/SavedItemActions";

/** The member's saved cards (spec 2 §2): each card's brand, last four digits and expiry, the default marked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [cards, cardFields] = await Promise.all([savedCards(context, request), cardFieldsFor(context)]);
  return { cards, cardFields };
}

/** 'Set as default' posts here; deleting and adding have pages of their own. */
export async function action({ request, context }: Route.ActionArgs) {
  return setDefaultCard(context, request);
}

export default function Cards({ loaderData }: Route.ComponentProps) {
  const { cards, cardFields } = loaderData;
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const [adding, setAdding] = useState(false);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const closeAdd = useCallback(() => setAdding(false), []);
  return (
    <MemberPage
      title="Saved cards"
      lead="The cards you keep for paying. We keep only the brand, the last four digits and the expiry date."
    >
      {cards.length === 0 ? (
        <p className={s.empty}>You have no saved cards yet. You can save a card when you pay, or add one here.</p>
      ) : (
        <ul className={s.list} aria-label="Your saved cards">
          {cards.map((card) => (
            <CardItem key={card.id} card={card} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {/* With script the card fields open over the list; without it, the link leads to its page. */}
      <DialogLink className={forms.button.secondary} to={`${CARDS_PATH}/new`} onOpen={() => setAdding(true)}>
        {ADD_CARD_TITLE}
      </DialogLink>
      <AddCardDialog open={adding} cardFields={cardFields} onClose={closeAdd} />
      <DeleteCardDialog card={deleting} onClose={closeDelete} />
    </MemberPage>
  );
}

function CardItem({ card, onDelete }: { card: SavedCard; onDelete: (card: SavedCard) => void }) {
  const which = <span className={visuallyHidden}> {cardDescription(card)}</span>;
  return (
    <li className={s.card}>
      {card.isDefault ? <span className={s.defaultTag}>Default</span> : null}
      <CardLines card={card} />
      <div className={s.actions}>
        <DialogLink to={`${CARDS_PATH}/${card.id}/delete`} onOpen={() => onDelete(card)}>
          Delete{which}
        </DialogLink>
        {card.isDefault ? null : <SetDefaultForm name="cardId" id={card.id} which={which} />}
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: "Saved cards" }];
}
