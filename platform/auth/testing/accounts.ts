import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { api, type OauthTokenResponse } from "../../contract";
import { outbox } from "../../db/schema";
import type { Db } from "../../db/open";

/** The test platform as these helpers use it (testing/ imports auth, so not its type). */
interface Platform {
  db: Db;
  call(
    method: string,
    path: string,
    body?: Record<string, unknown>,
    options?: { token?: string | null },
  ): Promise<{ status: number; body: unknown }>;
}

/** A registration body that passes every rule; override what the test is about. */
export function newMember(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Alex",
    lastName: "Member",
    email: "alex.member@example.com",
    mobile: "07700 900 456",
    password: "plum-kettle-harbour",
    marketing: { email: true, sms: false },
    ...overrides,
  };
}

/** Registers (as the guest `token`, when given) and answers the new member's tokens. */
export async function registerMember(
  t: Platform,
  overrides: Record<string, unknown> = {},
  token?: string,
): Promise<OauthTokenResponse> {
  const res = await t.call("POST", "/api/auth/register", newMember(overrides), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.register.response.parse(res.body);
}

/**
 * New members for one test file, each with an e-mail (`<prefix><n>@example.com`) and a mobile (07700 900 and
 * `firstMobile + n`) of its own: `await next(t)` registers the next one and answers their tokens and e-mail.
 */
export function memberSeries(prefix: string, firstMobile: number) {
  let n = 0;
  return async (t: Platform, overrides: Record<string, unknown> = {}) => {
    n++;
    const email = `${prefix}${n}@example.com`;
    const tokens = await registerMember(t, {
      email,
      mobile: `07700 900${String(firstMobile + n).padStart(3, "0")}`,
      ...overrides,
    });
    return { token: tokens.access_token, refresh: tokens.refresh_token, email };
  };
}

/** The messages queued for a recipient, newest first. */
export async function messagesTo(t: Platform, recipient: string, kind?: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(desc(outbox.id));
}

/** The code in the newest sign-in code message to the recipient. */
export async function latestCode(t: Platform, recipient: string): Promise<string> {
  const [message] = await messagesTo(t, recipient, "otp");
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No sign-in code sent to ${recipient}`);
  return code;
}

/** The reset token in the newest reset e-mail to the address. */
export async function latestResetToken(t: Platform, email: string): Promise<{ link: string; token: string }> {
  const [message] = await messagesTo(t, email, "password_reset");
  const link = message?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No reset link sent to ${email}`);
  return { link, token: link.slice(link.lastIndexOf("/") + 1) };
}
