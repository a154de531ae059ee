import { sql } from "drizzle-orm";
import type { Tx } from "../open";
import { members } from "../schema";

export type SeedMember = Omit<typeof members.$inferInsert, "id" | "createdAt">;

/** The demo members' password (README, demo section). Only its hash is seeded. */
export const DEMO_MEMBER_PASSWORD = "Larder-demo-2025";

/** scrypt of DEMO_MEMBER_PASSWORD in auth/passwords.ts's format, made once: the seed cannot depend on the auth module. */
const DEMO_PASSWORD_HASH = "scrypt$16384$8$1$K2UIhBrl87jSRzknAkcYgw$4t1Z9e_qCh2I3Id3UZNXLXnhnT-vD8f5BzxodR2Ym90";

/**
 * A demo member, who can sign in with DEMO_MEMBER_PASSWORD and whom the member e-mail check (Larder & Co
 * Piccadilly has it) finds. The mobile is in Ofcom's range reserved for drama; the e-mail domain is reserved for
 * examples.
 */
export const demoMembers: SeedMember[] = [
  {
    email: "sam.patel@example.com",
    firstName: "Sam",
    lastName: "Patel",
    mobile: "+447700900982",
    mobileValidated: true,
    passwordHash: DEMO_PASSWORD_HASH,
    emailVerified: true,
    // Fixed, so the demo's referral link is known: /referral/larder/SAMPATEL/{storeId}.
    referFriendCode: "SAMPATEL",
  },
];

/**
 * Inserts the demo members. An account already using a demo address keeps its details; it only gains the demo
 * password when it had none (a demo member seeded before members had passwords).
 */
export async function seedMembers(tx: Tx, now: Date): Promise<void> {
  await tx
    .insert(members)
    .values(demoMembers.map((member) => ({ ...member, createdAt: now })))
    .onConflictDoUpdate({
      target: members.email,
      set: { passwordHash: sql`coalesce(${members.passwordHash}, excluded.password_hash)` },
    });
}
