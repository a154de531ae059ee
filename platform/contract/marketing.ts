import { z } from "zod";
import { endpoint } from "./endpoint";
import { basketSchema } from "./basket";

export { DEEP_LINK_ERRORS } from "./marketing-rules";

/*
 * The marketing tool's calls (spec 2 §7: `/api/iterable/identifier`, `/api/iterable/deepLinkAction`; §8 deep-link
 * errors; issue 20 item 3). A marketing e-mail's link names a store and what to put in the basket; these calls tie the
 * shopper's session to the tool's identity for them, and prepare the basket the link fills, so orders can be
 * attributed to the campaign that brought them.
 */

const id = z.number().int().positive().max(2_147_483_647);
/** The tool's names for a subscriber and a campaign: letters, digits and a few marks, as the deep link carries them. */
const marketingName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.@+-]{1,128}$/);

/**
 * Links the caller's session to the marketing tool's identity for the shopper (`sessionToken`): it is kept with the
 * basket named (the caller's own) and, for a signed-in member, with their account, and every order placed from that
 * basket carries it.
 */
export const iterableIdentifier = endpoint({
  method: "POST",
  path: "/api/iterable/identifier",
  auth: "token",
  request: z.object({
    sessionToken: marketingName,
    basketToken: z.string().max(128).nullish(),
  }),
  response: z.object({ linked: z.boolean() }),
});

/**
 * Prepares the basket a deep link fills, at the link's store: the caller's basket there (or a new one), emptied when
 * `clearStore` is set, with the link's campaign kept on it for its orders. Refused with STORE_SEARCH_REQUIRED when no
 * location is given, INCOMPATIBLE_STORE when the store serves neither method there or the caller's basket holds items
 * at another store and `clearStore` is not set (with it, that basket is emptied), and UNRECOVERABLE_ERROR for a store
 * that does not exist.
 */
export const iterableDeepLinkAction = endpoint({
  method: "POST",
  path: "/api/iterable/deepLinkAction",
  auth: "token",
  request: z.object({
    storeId: id,
    basketToken: z.string().max(128).nullish(),
    clearStore: z.boolean().default(false),
    /** The method the link asks for; without it, the one the store serves at the location (delivery first). */
    fulfilmentMethod: z.enum(["delivery", "collection"]).nullish(),
    postcode: z.string().trim().max(10).nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
    campaign: marketingName.nullish(),
  }),
  response: z.object({ basket: basketSchema }),
});
