import { and, eq } from "drizzle-orm";
import { internationalUkMobile, type MemberProfile } from "../contract";
import type { Db } from "../db/open";
import { memberIdentities, members, type MemberMarketing } from "../db/schema";
import { newReferFriendCode } from "./refer-code";

export type MemberRow = typeof members.$inferSelect;
export type SocialProvider = (typeof memberIdentities.$inferSelect)["provider"];

export async function memberById(db: Db, id: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row ?? null;
}

export async function memberByEmail(db: Db, email: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.email, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * The member a sign-in name means: an e-mail address, or a UK mobile in any of the ways people write one. Two
 * accounts may give one mobile; the oldest is taken, the same one every time.
 */
export async function memberByLogin(db: Db, login: string): Promise<MemberRow | null> {
  if (login.includes("@")) return memberByEmail(db, login);
  const mobile = internationalUkMobile(login);
  if (!mobile) return null;
  const [row] = await db.select().from(members).where(eq(members.mobile, mobile)).orderBy(members.id).limit(1);
  return row ?? null;
}

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  marketing: MemberMarketing;
}

/**
 * Creates the member, with a referFriendCode of their own; null when the e-mail address already has an account (the
 * unique index decides, race-free). A code another member has already is replaced by a new one and tried again.
 */
export async function createMember(db: Db, member: NewMember, now: Date): Promise<MemberRow | null> {
  const email = member.email.trim().toLowerCase();
  for (let tries = 0; tries < 5; tries++) {
    const [row] = await db
      .insert(members)
      .values({ ...member, email, referFriendCode: newReferFriendCode(), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (await memberByEmail(db, email)) return null;
  }
  throw new Error("No free referFriendCode after 5 tries");
}

export async function setPassword(
  db: Db,
  memberId: number,
  passwordHash: string,
  options: { emailVerified?: boolean } = {},
): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash, ...(options.emailVerified ? { emailVerified: true } : {}) })
    .where(eq(members.id, memberId));
}

export interface SocialAccount {
  provider: SocialProvider;
  /** The provider's stable id for the person. */
  subject: string;
  /** An address the provider says the person has verified, lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The member a social sign-in belongs to: the one already linked to this provider account; else the member with
 * the verified e-mail address, now linked (the provider vouches the person reads that inbox, as a reset link
 * would); else a new member made from the provider's details. Runs in the sign-in's transaction.
 */
export async function memberForSocialAccount(
  tx: Db,
  account: SocialAccount,
  now: Date,
): Promise<{ member: MemberRow; created: boolean }> {
  const [linked] = await tx
    .select({ member: members })
    .from(memberIdentities)
    .innerJoin(members, eq(members.id, memberIdentities.memberId))
    .where(and(eq(memberIdentities.provider, account.provider), eq(memberIdentities.subject, account.subject)));
  if (linked) return { member: linked.member, created: false };

  let member = await memberByEmail(tx, account.email);
  let created = false;
  if (!member) {
    member = await createMember(
      tx,
      {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        mobile: null,
        passwordHash: null,
        emailVerified: true,
        marketing: { email: false, sms: false },
      },
      now,
    );
    // Created by a racing sign-in for the same address a moment ago: take that one.
    member ??= await memberByEmail(tx, account.email);
    if (!member) throw new Error(`Member for a ${account.provider} sign-in neither created nor found`);
    created = true;
  } else if (!member.emailVerified) {
    await tx.update(members).set({ emailVerified: true }).where(eq(members.id, member.id));
  }
  await tx
    .insert(memberIdentities)
    .values({ provider: account.provider, subject: account.subject, memberId: member.id, createdAt: now })
    .onConflictDoNothing();
  return { member, created };
}

export function profileOf(member: MemberRow): MemberProfile {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobile: member.mobile,
    mobileValidated: member.mobileValidated,
    referFriendCode: member.referFriendCode,
    marketing: member.marketing,
  };
}
