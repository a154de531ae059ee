import type { Tx } from "../open";
import { members } from "../schema";

export type SeedMember = Omit<typeof members.$inferInsert, "id" | "createdAt">;

/**
 * A demo member, so the member e-mail check (Larder & Co Piccadilly has it) has someone to find. The mobile is in
 * Ofcom's range reserved for drama; the e-mail domain is reserved for examples.
 */
export const demoMembers: SeedMember[] = [
  { email: "sam.patel@example.com", firstName: "Sam", lastName: "Patel", mobile: "07700900982", mobileValidated: true },
];

/** Inserts the demo members, leaving alone any account already using their e-mail addresses. */
export async function seedMembers(tx: Tx, now: Date): Promise<void> {
  await tx
    .insert(members)
    .values(demoMembers.map((member) => ({ ...member, createdAt: now })))
    .onConflictDoNothing({ target: members.email });
}
