import { describe, expect, it, vi } from "vitest";
import { api, type Basket } from "#contract";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { couponStanding } from "./basket.server";

function fakeShopper(member: boolean, profile: () => unknown) {
  const session = new Map<string, unknown>(member ? [["auth", { strategy: "member" }]] : []);
  const call = vi.fn(async () => profile());
  return {
    shopper: { session: { get: (key: string) => session.get(key) }, api: { call } } as unknown as Shopper,
    call,
  };
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const withCoupon = (requirement: "none" | "registered" | "registered_with_verification") =>
  ({ coupon: { registeredMemberRequirement: requirement } }) as unknown as Basket;

describe("couponStanding", () => {
  it("counts a guest as neither signed in nor verified, asking nothing", async () => {
    const { shopper, call } = fakeShopper(false, () => ({ mobileValidated: true }));
    expect(await couponStanding(shopper, withCoupon("registered_with_verification"), log())).toEqual({
      signedIn: false,
      mobileVerified: false,
    });
    expect(call).not.toHaveBeenCalled();
  });
  it("reads the member's profile only when the coupon needs a verified mobile", async () => {
    const { shopper, call } = fakeShopper(true, () => ({ mobileValidated: true }));
    expect(await couponStanding(shopper, withCoupon("registered"), log())).toEqual({
      signedIn: true,
      mobileVerified: false,
    });
    expect(await couponStanding(shopper, null, log())).toEqual({ signedIn: true, mobileVerified: false });
    expect(call).not.toHaveBeenCalled();
    expect(await couponStanding(shopper, withCoupon("registered_with_verification"), log())).toEqual({
      signedIn: true,
      mobileVerified: true,
    });
    expect(call).toHaveBeenCalledWith(api.memberProfileGet, {});
  });
  it("counts a member whose mobile is not verified as not verified", async () => {
    const { shopper } = fakeShopper(true, () => ({ mobileValidated: false }));
    expect(await couponStanding(shopper, withCoupon("registered_with_verification"), log())).toEqual({
      signedIn: true,
      mobileVerified: false,
    });
  });
  it("counts an unreadable profile as not verified, logged", async () => {
    const logger = log();
    const { shopper } = fakeShopper(true, () => {
      throw new PlatformError(503, "down");
    });
    expect(await couponStanding(shopper, withCoupon("registered_with_verification"), logger)).toEqual({
      signedIn: true,
      mobileVerified: false,
    });
    expect(logger.warn).toHaveBeenCalledWith("basket.member_profile_failed", { status: 503, message: "down" });
  });
});
