import { and, asc, desc, eq, ne } from "drizzle-orm";
import { CHECKOUT_MESSAGES, MEMBER_MESSAGES, type CheckoutAddress, type SavedAddress } from "../contract";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { memberAddresses, members } from "../db/schema";
import { ApiError } from "../errors";
import { getBusinessProfile } from "../business/profile";
import { checkAddress } from "../checkout/details";
import { requireMember } from "../auth/member-guard";

/*
 * Spec 2 §3 saved addresses: a member's own, delivery or billing, at most one default per type. Every statement is
 * scoped by the caller's member id, so another member's address id finds nothing and answers 404.
 */

type AddressType = CheckoutAddress["type"];
type AddressRow = typeof memberAddresses.$inferSelect;

const notFound = () =>
  new ApiError(404, MEMBER_MESSAGES.addressNotFound, {
    errorCode: "ADDRESS_NOT_FOUND",
    errorDisplay: MEMBER_MESSAGES.addressUpdateError,
  });

function savedAddressOf(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    type: row.type,
    isDefault: row.isDefault,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    telephone: row.telephone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    countryCode: row.countryCode,
  };
}

async function addressesOf(db: Db, memberId: number, type?: AddressType): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.memberId, memberId), type ? eq(memberAddresses.type, type) : undefined))
    .orderBy(asc(memberAddresses.type), desc(memberAddresses.isDefault), asc(memberAddresses.id));
  return rows.map(savedAddressOf);
}

/** The address checked as the checkout checks one; names, e-mail and phone default to the member's own. */
async function checkedAddress(
  ctx: RequestContext,
  memberId: number,
  input: unknown,
  type: AddressType,
): Promise<CheckoutAddress> {
  const [{ postcodeRules }, [member]] = await Promise.all([
    getBusinessProfile(ctx.db),
    ctx.db.select().from(members).where(eq(members.id, memberId)),
  ]);
  const contact = member
    ? { firstName: member.firstName, lastName: member.lastName, email: member.email, phoneNumber: member.mobile ?? "" }
    : null;
  const checked = checkAddress(input, type, { postcodeRules, contact });
  if (!checked) {
    throw new ApiError(400, CHECKOUT_MESSAGES.invalidAddressObject, {
      errorCode: "INVALID_ADDRESS_OBJECT",
      errorDisplay: CHECKOUT_MESSAGES.invalidAddressObject,
    });
  }
  if (!checked.ok) {
    throw new ApiError(400, checked.error.problem, {
      errorCode: "VALIDATION_ERROR",
      errorDisplay: checked.error.message,
      errorText: MEMBER_MESSAGES.addressUpdateError,
      details: { field: checked.error.field },
    });
  }
  return checked.value;
}

/** Locks and answers the caller's address, or 404 when it is not theirs (or not at all). */
async function ownAddress(tx: Db, memberId: number, id: number): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/** Makes `id` the only default of its type for the member (cleared first, so the unique index is never crossed). */
async function makeDefault(tx: Db, memberId: number, type: AddressType, id: number, now: Date): Promise<void> {
  await tx
    .update(memberAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(memberAddresses.memberId, memberId),
        eq(memberAddresses.type, type),
        eq(memberAddresses.isDefault, true),
        ne(memberAddresses.id, id),
      ),
    );
  await tx.update(memberAddresses).set({ isDefault: true, updatedAt: now }).where(eq(memberAddresses.id, id));
}

/** The member's row locked, so one member's address changes run one at a time (one default per type holds). */
async function lockMember(tx: Db, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
}

export async function listAddresses(
  ctx: RequestContext,
  input: { type?: AddressType },
): Promise<{ addresses: SavedAddress[] }> {
  const { memberId } = requireMember(ctx);
  return { addresses: await addressesOf(ctx.db, memberId, input.type) };
}

interface AddressInput {
  type: AddressType;
  address: unknown;
  isDefault?: boolean;
}

export async function addAddress(ctx: RequestContext, input: AddressInput) {
  const { memberId } = requireMember(ctx);
  const address = await checkedAddress(ctx, memberId, input.address, input.type);
  const saved = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockMember(tx, memberId);
    const [existingDefault] = await tx
      .select({ id: memberAddresses.id })
      .from(memberAddresses)
      .where(
        and(
          eq(memberAddresses.memberId, memberId),
          eq(memberAddresses.type, input.type),
          eq(memberAddresses.isDefault, true),
        ),
      );
    const [row] = await tx
      .insert(memberAddresses)
      .values({ ...address, memberId, isDefault: false, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("Saved address inserted but not read back");
    if (input.isDefault || !existingDefault) await makeDefault(tx, memberId, input.type, row.id, now);
    return row.id;
  });
  ctx.log.info("member.address_added", { memberId, addressId: saved, type: input.type });
  return answer(ctx, memberId, MEMBER_MESSAGES.addressAdded, saved);
}

export async function updateAddress(ctx: RequestContext, input: AddressInput & { id: number }) {
  const { memberId } = requireMember(ctx);
  const address = await checkedAddress(ctx, memberId, input.address, input.type);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockMember(tx, memberId);
    const row = await ownAddress(tx, memberId, input.id);
    const typeChanged = row.type !== input.type;
    // A default that changes type stops being the old type's default; the new type's default is decided below.
    await tx
      .update(memberAddresses)
      .set({ ...address, isDefault: typeChanged ? false : row.isDefault, updatedAt: now })
      .where(eq(memberAddresses.id, row.id));
    if (typeChanged && row.isDefault) await promoteOldest(tx, memberId, row.type, now);
    const [typeDefault] = await tx
      .select({ id: memberAddresses.id })
      .from(memberAddresses)
      .where(
        and(
          eq(memberAddresses.memberId, memberId),
          eq(memberAddresses.type, input.type),
          eq(memberAddresses.isDefault, true),
        ),
      );
    if (input.isDefault || !typeDefault) await makeDefault(tx, memberId, input.type, row.id, now);
  });
  ctx.log.info("member.address_updated", { memberId, addressId: input.id });
  return answer(ctx, memberId, MEMBER_MESSAGES.addressUpdated, input.id);
}

/** After a default leaves its type: the oldest address left of that type becomes the default, if there is one. */
async function promoteOldest(tx: Db, memberId: number, type: AddressType, now: Date): Promise<void> {
  const [oldest] = await tx
    .select({ id: memberAddresses.id })
    .from(memberAddresses)
    .where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.type, type)))
    .orderBy(asc(memberAddresses.id))
    .limit(1);
  if (oldest) await makeDefault(tx, memberId, type, oldest.id, now);
}

export async function removeAddress(ctx: RequestContext, input: { id: number }) {
  const { memberId } = requireMember(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const row = await ownAddress(tx, memberId, input.id);
    await tx.delete(memberAddresses).where(eq(memberAddresses.id, row.id));
    if (row.isDefault) await promoteOldest(tx, memberId, row.type, ctx.clock.now());
  });
  ctx.log.info("member.address_removed", { memberId, addressId: input.id });
  return answer(ctx, memberId, MEMBER_MESSAGES.addressRemoved);
}

export async function setDefaultAddress(ctx: RequestContext, input: { id: number }) {
  const { memberId } = requireMember(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const row = await ownAddress(tx, memberId, input.id);
    await makeDefault(tx, memberId, row.type, row.id, ctx.clock.now());
  });
  ctx.log.info("member.address_default", { memberId, addressId: input.id });
  return answer(ctx, memberId, MEMBER_MESSAGES.addressSetDefault);
}

async function answer(
  ctx: RequestContext,
  memberId: number,
  message: string,
): Promise<{ success: true; message: string; addresses: SavedAddress[] }>;
async function answer(
  ctx: RequestContext,
  memberId: number,
  message: string,
  id: number,
): Promise<{ success: true; message: string; addresses: SavedAddress[]; address: SavedAddress }>;
async function answer(ctx: RequestContext, memberId: number, message: string, id?: number) {
  const addresses = await addressesOf(ctx.db, memberId);
  if (id === undefined) return { success: true as const, message, addresses };
  const address = addresses.find((a) => a.id === id);
  if (!address) throw new Error(`Saved address ${id} not read back`);
  return { success: true as const, message, addresses, address };
}
