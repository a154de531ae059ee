import { Link } from "react-router";
import type { Route } from "./+types/cards-new";
import { ADD_CARD_TITLE, AddCard, CARDS_PATH } from "~/components/member/Cards";
import { MemberPage } from "~/components/member/MemberArea";
import { addCard, cardFieldsFor } from "./cards.server";
import { requireMember } from "../auth/guards.server";
import * as forms from "~/styles/forms.css";

/**
 * Adding a card (spec 2 §2 modal "add new payment card"; decision 0023): the gateway's card fields tokenise the card
 * in the browser and only the token is posted here. Without script there are no card fields, so the page says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireMember(context, request);
  return { cardFields: await cardFieldsFor(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return addCard(context, request);
}

export default function NewCard({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MemberPage title={ADD_CARD_TITLE}>
      {/* A post of this page itself (the card fields post by a fetcher, which says its own refusals): its refusal. */}
      {actionData?.error ? (
        <p className={forms.errorMessage} role="alert">
          {actionData.error}
        </p>
      ) : null}
      <AddCard cardFields={loaderData.cardFields} />
      <p>
        <Link to={CARDS_PATH}>Back to your saved cards</Link>
      </p>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: ADD_CARD_TITLE }];
}
