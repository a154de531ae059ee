import type { Clock } from "../../contract";
import type { Db } from "../../db/open";
import { issueTokens } from "../tokens";

/** A member's access token, issued as a sign-in would (an hour long). `t` is anything with the database and clock. */
export async function memberToken(t: { db: Db; clock: Clock }, memberId: number): Promise<string> {
  return (
    await issueTokens(
      t.db,
      t.clock,
      { accessTokenSeconds: 3600, refreshTokenSeconds: 3600 },
      { strategy: "member", memberId },
    )
  ).access_token;
}
