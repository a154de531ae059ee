import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, SAVED_CARD_MESSAGES, type SavedCard } from "#contract";
import { notFoundMessage } from "~/models/error-page";
import { getBusinessProfile } from "~/services/business.server";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { CARDS_PATH } from "~/components/member/Cards";
import { requireMember } from "../auth/guards.server";
import { memberCall } from "./member.server";

/*
 * The member's saved cards (spec 2 §2 saved cards with add and delete confirmation, §7 member/cards/*; decision
 * 0023). The platform only ever shows or changes the caller's own cards: any other id is 404, here the 404 page.
 */

type RequestContext = Readonly<RouterContextProvider>;

export async function savedCards(context: RequestContext, request: Request): Promise<SavedCard[]> {
  const { cards } = await memberCall(context, request, (shopper) => shopper.api.call(api.memberCardsList, {}));
  return cards;
}

/** One of the member's own cards by the id in the path; anything else is the 404 page, whoever's it is. */
export async function ownCard(
  context: RequestContext,
  request: Request,
  cardId: string | undefined,
): Promise<SavedCard> {
  const card = cardId ? (await savedCards(context, request)).find((c) => c.id === cardId) : undefined;
  if (!card) throw data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  return card;
}

/** Back to the list saying the card was not found: another member's id, or one already gone. */
function cardNotFound(context: RequestContext): Promise<Response> {
  return redirectWithToast(context, CARDS_PATH, { kind: "error", message: SAVED_CARD_MESSAGES.notFound });
}

const cardIdField = z.string().trim().min(1).max(80);
export const setDefaultCardSchema = z.object({ intent: z.literal("setDefault"), cardId: cardIdField });
export const deleteCardSchema = z.object({ intent: z.literal("delete") });

/** The list's 'Set as default' post. */
export async function setDefaultCard(context: RequestContext, request: Request): Promise<Response> {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: setDefaultCardSchema });
  if (submission.status !== "success") return cardNotFound(context);
  const { cardId } = submission.value;
  try {
    await memberCall(context, request, (s) => s.api.call(api.memberCardsSetDefault, { cardId }));
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return cardNotFound(context);
    throw error;
  }
  return redirectWithToast(context, CARDS_PATH, { kind: "success", message: SAVED_CARD_MESSAGES.defaultSet });
}

/** The delete confirmation's post (page or dialog): back to the list with 'Card deleted successfully'. */
export async function deleteCard(
  context: RequestContext,
  request: Request,
  cardId: string | undefined,
): Promise<Response> {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: deleteCardSchema });
  if (!cardId || submission.status !== "success") return cardNotFound(context);
  try {
    await memberCall(context, request, (s) => s.api.call(api.memberCardsDelete, { cardId }));
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return cardNotFound(context);
    throw error;
  }
  return redirectWithToast(context, CARDS_PATH, { kind: "success", message: SAVED_CARD_MESSAGES.deleted });
}

/** The gateway's card fields, when this site has them (decision 0024): the script and the public key. */
export async function cardFieldsFor(context: RequestContext): Promise<{ scriptUrl: string; publicKey: string } | null> {
  const { config, platform } = context.get(appContext);
  const profile = await getBusinessProfile(platform);
  const publicKey = profile.paymentGateways.find((g) => g.name === "checkoutcom")?.fields.publicKey ?? "";
  return config.cardFieldsScript && publicKey ? { scriptUrl: config.cardFieldsScript, publicKey } : null;
}

/** The add form's post: only a token from the gateway's card fields, never card data. */
export const addCardSchema = z.object({ token: z.string().trim().min(1).max(400) });

export type AddCardReply = { error: string };

/** Keeps the card behind the token: 'Card added successfully!' on the list; 'Card already exists!' on the form. */
export async function addCard(context: RequestContext, request: Request) {
  requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: addCardSchema });
  if (submission.status !== "success")
    return data<AddCardReply>({ error: SAVED_CARD_MESSAGES.cardDetails }, { status: 400 });
  const { token } = submission.value;
  try {
    await memberCall(context, request, (s) => s.api.call(api.memberCardsAdd, { token }));
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 409 || error.status === 422)) {
      return data<AddCardReply>(
        { error: error.status === 409 ? SAVED_CARD_MESSAGES.exists : SAVED_CARD_MESSAGES.cardDetails },
        { status: error.status },
      );
    }
    throw error;
  }
  return redirectWithToast(context, CARDS_PATH, { kind: "success", message: SAVED_CARD_MESSAGES.added });
}
