import { describe, expect, it, vi } from "vitest";
import { api, LOYALTY_MESSAGES } from "#contract";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import { parsePoints, POINTS_NUMBER_MESSAGE, spendPoints } from "./basket.server";

function fakeShopper(answer: () => unknown) {
  const session = new Map<string, unknown>([
    ["store", { id: 1 }],
    ["basketToken", "token-1"],
  ]);
  const call = vi.fn(async () => answer());
  const shopper = {
    session: { get: (key: string) => session.get(key), set: (key: string, value: unknown) => session.set(key, value) },
    api: { call },
  };
  return { shopper: shopper as unknown as Shopper, call, session };
}
const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as Logger;

describe("parsePoints", () => {
  it("reads whole numbers, with or without a thousands comma", () => {
    expect(parsePoints(" 100 ")).toBe(100);
    expect(parsePoints("1,000")).toBe(1000);
    expect(parsePoints("0")).toBe(0);
  });
  it("refuses anything else", () => {
    for (const raw of ["", "1.5", "-3", "ten", "99999999"]) expect(parsePoints(raw)).toBeNull();
  });
});

describe("spendPoints", () => {
  it("spends the points and says so in the platform's words, keeping a new basket token", async () => {
    const { shopper, call, session } = fakeShopper(() => ({
      message: "100 Larder points will be taken off this order.",
      basket: { basketToken: "token-2" },
    }));
    const outcome = await spendPoints(shopper, log(), "100", "key-1");
    expect(call).toHaveBeenCalledWith(
      api.basketLoyaltySpend,
      { basketToken: "token-1", points: 100 },
      { idempotencyKey: "key-1" },
    );
    expect(outcome.toast).toEqual({ kind: "success", message: "100 Larder points will be taken off this order." });
    expect(outcome.pointsError ?? null).toBeNull();
    expect(session.get("basketToken")).toBe("token-2");
  });
  it("puts a malformed number on the field without asking the platform", async () => {
    const { shopper, call } = fakeShopper(() => ({}));
    expect((await spendPoints(shopper, log(), "lots")).pointsError).toEqual({
      message: POINTS_NUMBER_MESSAGE,
      value: "lots",
    });
    expect(call).not.toHaveBeenCalled();
  });
  it("puts the platform's refusal on the field", async () => {
    const { shopper } = fakeShopper(() => {
      throw new PlatformError(400, LOYALTY_MESSAGES.notEnoughPoints);
    });
    const outcome = await spendPoints(shopper, log(), "500");
    expect(outcome.pointsError).toEqual({ message: LOYALTY_MESSAGES.notEnoughPoints, value: "500" });
    expect(outcome.toast).toBeNull();
  });
});
