import { api } from "../contract";
import type { Router } from "../router";
import { memberCredit } from "./service";

/** The member's credit and referral call (contract/referral.ts); linking is registration's, spending the basket's. */
export function registerReferrals(router: Router): void {
  router.on(api.memberCreditGet, (_input, ctx) => memberCredit(ctx));
}
