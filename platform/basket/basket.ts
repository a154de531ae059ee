import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { BASKET_MESSAGES, type Basket, type BasketCoupon, type BasketLine } from "../contract";
import type { Db } from "../db/open";
import { preparedOn } from "../db/prepared";
import { itemRowsById, offeredDeals } from "../catalogue/menu";
import { basketLines, baskets, coupons, slotHolds, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import type { AuthInfo, RequestContext } from "../context";
import { liveHoldOn, releaseHold, selectedSlotOf, type LiveHold } from "../slots/holds-store";
import { dbOf, sharedVersionColumn, sharedView, sharedViewAt, sharesReads, type SharedSource } from "../shared-reads";
import { storeDirectory, type MethodRow } from "../stores/directory";
import { distanceKm } from "../stores/geo";
import { loyaltyTotals } from "../loyalty/ledger";
import { getBusinessProfile } from "../business/profile";
import { creditBalance } from "../referrals/ledger";
import { priceBasket, type PricedItem, type PricingCoupon, type PricingLine } from "./pricing";

export type Method = "delivery" | "collection";
export type BasketRow = typeof baskets.$inferSelect;
export type BasketLineRow = typeof basketLines.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export const STORE_NOT_FOUND = "Store not found.";

/** Who is looking at the basket: members of a store with membership pricing see member prices. */
export interface Viewer {
  memberId: number | null;
}

/** 32 random bytes, base64url: unguessable, and safe in a cookie or a URL as it stands. */
export function newBasketToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A basket answers only to the session that made it, or to the member it belongs to: a token that leaked
 * (a shared link, a copied cookie) must not open someone else's basket.
 */
export function ownsBasket(
  basket: Pick<BasketRow, "ownerFamily" | "memberId">,
  auth: { family: string; memberId: number | null },
): boolean {
  if (basket.ownerFamily === auth.family) return true;
  return auth.memberId !== null && basket.memberId === auth.memberId;
}

/**
 * Whether a coupon can take money off at `now` for the store: switched on, inside its dates, and for every
 * store or this one.
 */
export function couponUsable(coupon: CouponRow, storeId: number, now: Date): boolean {
  if (!coupon.active) return false;
  if (coupon.validFrom && coupon.validFrom.getTime() > now.getTime()) return false;
  if (coupon.validUntil && coupon.validUntil.getTime() <= now.getTime()) return false;
  return coupon.storeIds === null || coupon.storeIds.includes(storeId);
}

/**
 * The coupon as the basket shows it. One that needs a signed-in member is flagged for re-application when
 * the viewer is not signed in (the storefront keeps it through a sign-in, spec 2 §4).
 */
export function basketCoupon(coupon: CouponRow, deductCost: number, viewer: Viewer): BasketCoupon {
  return {
    code: coupon.code,
    deductCost,
    name: coupon.name,
    registeredMemberRequirement: coupon.requirement,
    needsReAppliedAfterAuth: coupon.requirement !== "none" && viewer.memberId === null,
  };
}

type StoreForBasket = Pick<typeof stores.$inferSelect, "menuGroupId" | "hasMembership" | "lat" | "lng" | "loyalty">;

/** The basket's store and its row for the method (null when it has none); undefined for an unknown store. */
async function storeWithMethod(
  source: SharedSource,
  storeId: number,
  kind: "delivery" | "collection",
): Promise<{ store: StoreForBasket; method: MethodRow | null } | undefined> {
  if (sharesReads(source)) {
    const directory = await storeDirectory(source);
    const store = directory.byId.get(storeId);
    return store && { store, method: directory.methods.get(storeId)?.[kind] ?? null };
  }
  const [found] = await dbOf(source)
    .select({
      store: {
        menuGroupId: stores.menuGroupId,
        hasMembership: stores.hasMembership,
        lat: stores.lat,
        lng: stores.lng,
        loyalty: stores.loyalty,
      },
      method: storeOrderMethods,
    })
    .from(stores)
    .leftJoin(storeOrderMethods, and(eq(storeOrderMethods.storeId, stores.id), eq(storeOrderMethods.method, kind)))
    .where(eq(stores.id, storeId));
  return found;
}

export async function loadBasket(db: Db, token: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.token, token));
  return row;
}

/** A basket with what every page shows of it: its lines in the order they were added, and its live hold. */
export interface BasketState {
  basket: BasketRow;
  lines: BasketLineRow[];
  live: LiveHold | null;
  /** The shared data's version, read in the same statement (shared-reads.ts sharedVersionColumn). */
  sharedVersion: number | null;
}

const lineColumns = Object.entries(getTableColumns(basketLines));

/** A line as json_agg gives it (its SQL names), decoded as drizzle decodes the column itself. */
function lineFromJson(json: Record<string, unknown>): BasketLineRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of lineColumns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as BasketLineRow;
}

/**
 * The basket, its lines, its live hold and the shared data's version in one prepared statement (issue 40: a shopper's
 * page reads its basket once, not in four round trips; decision 0060). The lines come as one JSON array in the
 * basket's row: a join that gave a row per line cost as much CPU as the reads it replaced (2.1 ms on PGlite; this,
 * prepared, 1.4). The hold (one at most: its key is the basket) and its store's time zone are joined on the condition
 * liveHoldOf asks.
 */
export async function loadBasketState(db: Db, token: string, now: Date): Promise<BasketState | undefined> {
  const statement = preparedOn(db, "basket_state", (on) =>
    on
      .select({
        basket: baskets,
        hold: slotHolds,
        timeZone: stores.timeZone,
        sharedVersion: sharedVersionColumn,
        lines: sql<unknown>`(select coalesce(json_agg(l order by l.position), '[]'::json) from ${basketLines} l
          where l.basket_token = ${baskets.token})`,
      })
      .from(baskets)
      .leftJoin(
        slotHolds,
        liveHoldOn(
          { token: baskets.token, storeId: baskets.storeId, method: baskets.fulfilmentMethod },
          sql.placeholder("now"),
        ),
      )
      .leftJoin(stores, eq(stores.id, slotHolds.storeId))
      .where(eq(baskets.token, sql.placeholder("token")))
      .prepare("basket_state"),
  );
  const [row] = await statement.execute({ token, now });
  if (!row) return undefined;
  const json = typeof row.lines === "string" ? (JSON.parse(row.lines) as unknown) : row.lines;
  const lines = (Array.isArray(json) ? (json as Record<string, unknown>[]) : []).map(lineFromJson);
  const live = row.hold && row.timeZone !== null ? { hold: row.hold, timeZone: row.timeZone } : null;
  return { basket: row.basket, lines, live, sharedVersion: row.sharedVersion };
}

/** The basket's lines in the order they were added. */
export async function linesOf(db: Db, basketToken: string): Promise<BasketLineRow[]> {
  return db
    .select()
    .from(basketLines)
    .where(eq(basketLines.basketToken, basketToken))
    .orderBy(asc(basketLines.position));
}

const WITHDRAWN_NAME = "Item no longer available";

/**
 * The basket as the contract shows it at `now`: its lines priced against the store's menu as it is now (see
 * pricing.ts for every definition), its slot its live hold, and the method's time that slot's start.
 */
export async function renderBasket(
  db: Db,
  basket: BasketRow,
  now: Date,
  viewer: Viewer = basket,
  shared?: SharedSource,
  read?: Omit<BasketState, "basket">,
): Promise<Basket> {
  // Outside a transaction the store and its menu come from memory (decision record 0028) and the basket's own rows
  // are read together; in one (which runs one statement at a time) everything is read one after the other.
  const source = shared ?? (await sharedView(db));
  const found = await storeWithMethod(source, basket.storeId, basket.fulfilmentMethod);
  if (!found) throw new ApiError(404, STORE_NOT_FOUND);
  const { store } = found;
  const method = found.method ?? undefined;
  const readCoupon = async () =>
    basket.couponCode ? (await db.select().from(coupons).where(eq(coupons.code, basket.couponCode)))[0] : undefined;
  // A member's points count only where the store has a scheme.
  const readTotals = () => (store.loyalty && viewer.memberId !== null ? loyaltyTotals(db, viewer.memberId) : null);
  // A member's credit counts only while the referral scheme is offered (decision 0039).
  const readCredit = async () => {
    if (viewer.memberId === null || (await getBusinessProfile(source)).hideReferralUI) return 0;
    return creditBalance(db, viewer.memberId);
  };
  const [lineRows, couponRow, selectedSlot, totals, credit] = sharesReads(db)
    ? await Promise.all([
        read?.lines ?? linesOf(db, basket.token),
        readCoupon(),
        selectedSlotOf(db, basket, now, { ...(read ? { live: read.live } : {}), shared: source }),
        readTotals(),
        readCredit(),
      ])
    : [
        read?.lines ?? (await linesOf(db, basket.token)),
        await readCoupon(),
        await selectedSlotOf(db, basket, now, read ? { live: read.live } : {}),
        await readTotals(),
        await readCredit(),
      ];
  const items = await itemRowsById(
    source,
    store.menuGroupId,
    lineRows.map((l) => l.menuItemId),
  );
  const dealRows =
    store.menuGroupId === null || lineRows.length === 0
      ? []
      : await offeredDeals(source, store.menuGroupId, basket.fulfilmentMethod);

  const onMenu = (menuItemId: number): PricedItem | null => {
    const row = items.get(menuItemId);
    // An item that moved to another menu is as withdrawn, for this store, as one deleted.
    return row && row.item.menuGroupId === store.menuGroupId ? row.item : null;
  };
  const pricingLines: PricingLine[] = lineRows.map((l) => ({
    lineId: l.lineId,
    menuItemId: l.menuItemId,
    quantity: l.quantity,
    sizeId: l.sizeId,
    optionIds: l.optionIds,
    item: onMenu(l.menuItemId),
  }));
  const coupon: PricingCoupon | null = couponRow
    ? {
        kind: couponRow.kind,
        value: couponRow.value,
        minSpendPence: couponRow.minSpendPence,
        usable: couponUsable(couponRow, basket.storeId, now),
      }
    : null;
  const priced = priceBasket({
    method: basket.fulfilmentMethod,
    lines: pricingLines,
    deals: dealRows,
    methodRow: method,
    distanceKm:
      basket.lat !== null && basket.lng !== null ? distanceKm(store, { lat: basket.lat, lng: basket.lng }) : null,
    member: viewer.memberId !== null,
    membershipPricing: store.hasMembership,
    coupon,
    tipPence: basket.tipPence,
    acceptedAge: basket.acceptedAge,
    loyalty: {
      scheme: store.loyalty,
      member: totals
        ? { balance: totals.balance, spentPence: totals.spentPence, pointsToSpend: basket.loyaltyPointsSpend }
        : null,
    },
    creditBalance: credit,
  });

  const lines: BasketLine[] = lineRows.map((l, i) => {
    const money = priced.lines[i]!;
    const row = items.get(l.menuItemId);
    const name = row?.item.name ?? WITHDRAWN_NAME;
    return {
      basketLineId: l.lineId,
      menuItemId: l.menuItemId,
      quantity: l.quantity,
      name,
      price: money.price,
      unitPrice: money.unitPrice,
      variant: money.variant,
      sizeId: l.sizeId,
      options: money.options,
      isAlcohol: row?.item.isAlcohol ?? false,
      ageRestriction: row?.item.ageRestriction ?? null,
      menuItem: {
        name,
        slug: row ? `${row.item.slugText}-${row.item.id}` : "",
        image: row?.item.image ?? null,
        categorySlug: row ? `${row.categorySlugText}-${row.item.categoryId}` : "",
      },
      checkoutConflicts: money.checkoutConflicts,
    };
  });

  return {
    basketToken: basket.token,
    storeId: basket.storeId,
    items: lines,
    savings: priced.savings,
    promotions: priced.promotions,
    missedPromotions: priced.missedPromotions,
    missedMembershipPriceDiscount: priced.missedMembershipPriceDiscount,
    acceptedAge: basket.acceptedAge,
    maxBasketItems: method?.maxBasketItems ?? 0,
    loyaltyPoints: priced.loyaltyPoints,
    loyalty: priced.loyaltyTier,
    addresses: [],
    fulfilmentMethod: {
      type: basket.fulfilmentMethod,
      datetime: selectedSlot?.start ?? null,
      freeFrom: priced.fulfilment.freeFrom,
      minSpend: priced.fulfilment.minSpend,
      zoneFreeDeliveryMessage: method?.enabled ? method.freeFulfilmentMessage : null,
      cost: priced.fulfilment.cost,
    },
    fees: [priced.fee],
    orderSubtotal: priced.orderSubtotal,
    orderSubtotalAfterDiscounts: priced.orderSubtotalAfterDiscounts,
    orderTotal: priced.orderTotal,
    credit: priced.credit,
    totalItemsQuantity: priced.totalItemsQuantity,
    coupon: couponRow ? basketCoupon(couponRow, priced.couponDeduction ?? 0, viewer) : null,
    tips: { type: "driver", amount: priced.tip },
    selectedSlot,
  };
}

export interface RetrieveInput {
  storeId: number;
  fulfilmentMethod: Method;
  basketToken?: string | null;
}

export function requireAuth(ctx: RequestContext): AuthInfo {
  if (!ctx.auth) throw new ApiError(401, "A guest or member token is required");
  return ctx.auth;
}

/**
 * The caller's basket for the store, created on demand (spec 2 §4: with no basket token, one is initialised
 * before any basket action). A token that is unknown, belongs to another session or is for another store
 * gets a new basket rather than an error: the storefront then simply keeps the new token.
 */
export async function retrieveBasket(ctx: RequestContext, input: RetrieveInput): Promise<Basket> {
  const auth = requireAuth(ctx);
  const now = ctx.clock.now();
  // A shopper with a basket pays one statement for it and the shared data's version; a new one reads the version.
  const state = input.basketToken ? await loadBasketState(ctx.db, input.basketToken, now) : undefined;
  const shared = state ? sharedViewAt(ctx.db, state.sharedVersion) : await sharedView(ctx.db);
  const directory = await storeDirectory(shared);
  if (!directory.byId.has(input.storeId)) throw new ApiError(404, STORE_NOT_FOUND);

  const existing = state?.basket;
  if (existing && ownsBasket(existing, auth) && existing.storeId === input.storeId) {
    if (existing.fulfilmentMethod === input.fulfilmentMethod)
      return renderBasket(ctx.db, existing, now, auth, shared, state);
    const updated = await ctx.db.transaction((tx) => switchMethod(tx, existing, input.fulfilmentMethod, now));
    return renderBasket(ctx.db, updated, now, auth, shared);
  }

  // Only the creation needs the idempotency key: a retried create must not leave the shopper with two
  // baskets and the first one's token lost. The stored answer is the token; the basket is read afresh.
  const created = await withIdempotency(ctx, "basket.retrieve", input, async (tx) => {
    const now = ctx.clock.now();
    const token = newBasketToken();
    await tx.insert(baskets).values({
      token,
      storeId: input.storeId,
      fulfilmentMethod: input.fulfilmentMethod,
      ownerFamily: auth.family,
      memberId: auth.memberId,
      createdAt: now,
      updatedAt: now,
    });
    return { basketToken: token };
  });
  const basket = await loadBasket(ctx.db, created.basketToken);
  if (!basket) {
    throw new ApiError(409, "This basket is no longer available. Please try again.", { errorCode: "BASKET_GONE" });
  }
  return renderBasket(ctx.db, basket, ctx.clock.now(), auth, shared);
}

/**
 * Slots are per method: a basket that changes method gives its place back. Driver tips are for delivery
 * only, so a switch to collection also clears the tip (a switch back starts again from no tip).
 */
export async function switchMethod(db: Db, basket: BasketRow, fulfilmentMethod: Method, now: Date): Promise<BasketRow> {
  const tipPence = fulfilmentMethod === "collection" ? 0 : basket.tipPence;
  const [updated] = await db
    .update(baskets)
    .set({ fulfilmentMethod, tipPence, updatedAt: now })
    .where(eq(baskets.token, basket.token))
    .returning();
  await releaseHold(db, basket.token);
  return updated ?? { ...basket, fulfilmentMethod, tipPence, updatedAt: now };
}

/**
 * The caller's basket, locked for the rest of the transaction so that changes to one basket (lines, a method
 * switch, a slot choice, a coupon) happen one after another and none is lost. Unknown: 404; another
 * session's: 403.
 */
export async function lockOwnedBasket(
  db: Db,
  token: string,
  auth: Pick<AuthInfo, "family" | "memberId">,
): Promise<BasketRow> {
  const [basket] = await db.select().from(baskets).where(eq(baskets.token, token)).for("update");
  if (!basket) throw new ApiError(404, BASKET_MESSAGES.notFound);
  if (!ownsBasket(basket, auth)) throw new ApiError(403, BASKET_MESSAGES.otherSession);
  return basket;
}

/**
 * A basket row of a placed order's own, holding the order's place in its slot: the shopper's basket, which the
 * storefront may go on using, can then neither give the place back nor order in it again. Answers its token.
 */
export async function newOrderBasket(
  db: Db,
  order: { id: number; storeId: number; fulfilmentMethod: Method },
  now: Date,
): Promise<string> {
  const token = newBasketToken();
  await db.insert(baskets).values({
    token,
    storeId: order.storeId,
    fulfilmentMethod: order.fulfilmentMethod,
    ownerFamily: `order:${order.id}`,
    memberId: null,
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** Empties a basket that became an order (lines, coupon, tip), so the same basket cannot be ordered twice. */
export async function emptyBasket(db: Db, token: string, now: Date): Promise<void> {
  await db.delete(basketLines).where(eq(basketLines.basketToken, token));
  await db
    .update(baskets)
    .set({ couponCode: null, tipPence: 0, loyaltyPointsSpend: 0, updatedAt: now })
    .where(eq(baskets.token, token));
}

/** Writes changes to the basket row and returns the row as it now stands. */
export async function saveBasket(
  db: Db,
  basket: BasketRow,
  changes: Partial<Omit<BasketRow, "token">>,
  now: Date,
): Promise<BasketRow> {
  const [updated] = await db
    .update(baskets)
    .set({ ...changes, updatedAt: now })
    .where(eq(baskets.token, basket.token))
    .returning();
  return updated ?? { ...basket, ...changes, updatedAt: now };
}
