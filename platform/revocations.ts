/**
 * Counts the token revocations this process has made (sign-out, password change or reset, a replayed refresh
 * token; platform/auth/tokens.ts counts them). A token verified once for a storefront request is trusted again
 * within that request only while this count has not moved (router.ts, decision 0031), so a request that ends a
 * session never goes on acting with it. A file of its own so the router and auth need not import each other.
 */
let revocations = 0;

export const revocationCount = (): number => revocations;

export function countRevocation(): void {
  revocations++;
}
