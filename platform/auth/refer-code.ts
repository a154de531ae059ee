import { randomBytes } from "node:crypto";

/** Letters and digits that cannot be mistaken for one another when read out or copied: no 0, O, 1, I. */
export const REFER_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFER_CODE_LENGTH = 8;

/**
 * A member's referFriendCode (decision 0039): 8 random characters of the alphabet. 32 letters divide 256, so each byte
 * picks one without bias; 32^8 (about 10^12) codes make a clash rare, and createMember tries again on one.
 */
export function newReferFriendCode(): string {
  const bytes = randomBytes(REFER_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += REFER_CODE_ALPHABET[byte % REFER_CODE_ALPHABET.length];
  return code;
}
