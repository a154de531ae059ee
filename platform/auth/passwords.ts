import { dictionary } from "@zxcvbn-ts/language-common";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "../contract";
import { ApiError } from "../errors";

/*
 * Passwords are hashed with scrypt (memory-hard, built into Node, nothing to compile). The parameters are stored
 * with each hash, so raising the cost later leaves existing hashes readable: format scrypt$N$r$p$salt$key.
 */

const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // 128·N·r bytes of memory; the default ceiling (32 MiB) is too tight above N=16384.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether the password matches the stored hash; a hash it cannot read matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one password check on a hash no password matches, so a sign-in for an unknown e-mail (or a
 * member without a password) takes as long as a wrong password for a real one and tells nothing by its timing.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString("base64url"));
  await verifyPassword(password, await decoy);
  return false;
}

// The most common passwords first (zxcvbn-ts's list, ~49,000 from public breach corpora), compared without case.
const COMMON = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** The refusal for a password that breaks the rules, or null when it keeps them. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordTooCommon;
  return null;
}

/** Throws the 400 a form shows beside its password field. */
export function requireGoodPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem)
    throw new ApiError(400, problem, {
      errorCode: "VALIDATION_ERROR",
      errorDisplay: problem,
      details: { field: "password" },
    });
}
