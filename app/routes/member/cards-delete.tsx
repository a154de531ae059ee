import type { Route } from "./+types/cards-delete";
import { DeleteCardForm } from "~/components/member/Cards";
import { MemberPage } from "~/components/member/MemberArea";
import { deleteCard, ownCard } from "./cards.server";

/** The delete confirmation as a page (without script; the list opens it as a dialog with script). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { card: await ownCard(context, request, params.cardId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return deleteCard(context, request, params.cardId);
}

export default function DeleteCard({ loaderData }: Route.ComponentProps) {
  return (
    <MemberPage title="Delete this card?">
      <DeleteCardForm card={loaderData.card} />
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Delete this card?" }];
}
