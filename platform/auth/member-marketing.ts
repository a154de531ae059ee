import { eq } from "drizzle-orm";
import {
  AUTH_MESSAGES,
  MARKETING_CHANNELS,
  MEMBER_MESSAGES,
  type MarketingChannelType,
  type MarketingOption,
} from "../contract";
import type { RequestContext } from "../context";
import { members } from "../db/schema";
import { ApiError } from "../errors";
import { requireMember } from "./member-guard";
import { markBasketIdentity } from "../basket/marketing";

/*
 * Spec 2 §3 marketing options for members: one per allowed marketing channel (email, SMS), kept on the member with
 * the channel id they were last given through. Guests' consents stay with their basket (checkout/service.ts).
 */

const refused = (problem: string) =>
  new ApiError(400, problem, { errorCode: "VALIDATION_ERROR", errorDisplay: MEMBER_MESSAGES.marketingUpdateError });

export async function getMarketingPreferences(
  ctx: RequestContext,
): Promise<{ marketingChannelId: number | null; options: MarketingOption[] }> {
  const { memberId } = requireMember(ctx);
  const [member] = await ctx.db
    .select({ marketing: members.marketing, channel: members.marketingChannelId })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member)
    throw new ApiError(401, AUTH_MESSAGES.sessionExpired, { errorDisplay: MEMBER_MESSAGES.marketingGetError });
  return {
    marketingChannelId: member.channel,
    options: MARKETING_CHANNELS.map((c) => ({
      type: c.type,
      text: c.web,
      opted: member.marketing[c.type] ? ("in" as const) : ("out" as const),
    })),
  };
}

/**
 * Stores the member's choices. Each option's type must be an allowed channel's (compared without case); channels
 * left out keep their choice; a marketingChannelId must be an allowed channel's id.
 */
export async function updateMemberMarketing(
  ctx: RequestContext,
  input: { marketingOptions: MarketingOption[]; marketingChannelId?: number | null },
): Promise<{ success: true; message: string }> {
  const { memberId } = requireMember(ctx);
  const changes: Partial<Record<MarketingChannelType, boolean>> = {};
  for (const option of input.marketingOptions) {
    const channel = MARKETING_CHANNELS.find((c) => c.type === option.type.trim().toLowerCase());
    if (!channel) throw refused(`marketing option type ${option.type} is not an allowed marketing channel`);
    changes[channel.type] = option.opted === "in";
  }
  const channelId = input.marketingChannelId ?? null;
  if (channelId !== null && !MARKETING_CHANNELS.some((c) => c.id === channelId))
    throw refused("marketingChannelId is not an allowed marketing channel");

  const updated = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ marketing: members.marketing })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!member) return false;
    await tx
      .update(members)
      .set({
        marketing: { ...member.marketing, ...changes },
        ...(input.marketingChannelId !== undefined ? { marketingChannelId: channelId } : {}),
      })
      .where(eq(members.id, memberId));
    return true;
  });
  if (!updated)
    throw new ApiError(401, AUTH_MESSAGES.sessionExpired, { errorDisplay: MEMBER_MESSAGES.marketingUpdateError });
  ctx.log.info("member.marketing_updated", { memberId, ...changes });
  return { success: true, message: MEMBER_MESSAGES.marketingUpdated };
}

/**
 * POST /api/iterable/identifier (spec 2 §7; issue 20): the marketing tool's identity for the shopper, kept with the
 * caller's basket (when it names one of theirs) and with a signed-in member's account, so orders can be attributed.
 */
export async function linkMarketingIdentity(
  ctx: RequestContext,
  input: { sessionToken: string; basketToken?: string | null },
): Promise<{ linked: boolean }> {
  if (!ctx.auth) throw new ApiError(401, "A guest or member token is required");
  let linked = input.basketToken ? await markBasketIdentity(ctx, input.basketToken, input.sessionToken) : false;
  if (ctx.auth.memberId !== null) {
    await ctx.db
      .update(members)
      .set({ marketingIdentity: input.sessionToken })
      .where(eq(members.id, ctx.auth.memberId));
    linked = true;
  }
  return { linked };
}
