import { describe, expect, it, vi } from "vitest";
import { api, MEMBER_MESSAGES, type CheckoutContent } from "#contract";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { memberMarketingChange, memberMarketingChoices, saveMemberMarketing } from "./checkout.server";

function fakeShopper(call: (endpoint: { path: string }, input: unknown) => unknown) {
  return {
    api: { call: vi.fn(async (endpoint: { path: string }, input: unknown) => call(endpoint, input)) },
  } as unknown as Shopper & {
    api: { call: ReturnType<typeof vi.fn> };
  };
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

const WORDS = [
  { type: "email", text: "Email me offers and news" },
  { type: "sms", text: "Text me offers" },
];
const content = { marketing: { intro: null, secondaryIntro: null, options: WORDS } } as unknown as CheckoutContent;

describe("memberMarketingChoices", () => {
  it("offers the member's own choices in the checkout's words", async () => {
    const shopper = fakeShopper(() => ({
      marketingChannelId: 1,
      options: [
        { type: "email", opted: "in", text: "Email" },
        { type: "sms", opted: "out", text: "SMS" },
        { type: "post", opted: "in", text: "Post" },
      ],
    }));
    expect(await memberMarketingChoices(shopper, content, log())).toEqual({
      offered: [
        { type: "email", text: "Email me offers and news" },
        { type: "sms", text: "Text me offers" },
        { type: "post", text: "Post" },
      ],
      optedIn: ["email", "post"],
    });
    expect(shopper.api.call).toHaveBeenCalledWith(api.memberMarketingPreferencesGet, {});
  });
  it("offers nothing, logged, when the choices cannot be read", async () => {
    const logger = log();
    const shopper = fakeShopper(() => {
      throw new PlatformError(500, "down");
    });
    expect(await memberMarketingChoices(shopper, content, logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith("checkout.member_marketing_failed", { status: 500, message: "down" });
  });
});

describe("memberMarketingChange", () => {
  it("is null when every shown option is as it was", () => {
    expect(memberMarketingChange(["email", "sms"], ["email"], ["email"], WORDS)).toBeNull();
    expect(memberMarketingChange([], [], [], WORDS)).toBeNull();
  });
  it("names each option ticked or unticked since, in the checkout's words", () => {
    expect(memberMarketingChange(["email", "sms"], ["email"], ["sms"], WORDS)).toEqual([
      { type: "email", opted: "out", text: "Email me offers and news" },
      { type: "sms", opted: "in", text: "Text me offers" },
    ]);
  });
  it("leaves options the page did not show alone", () => {
    expect(memberMarketingChange(["email"], [], ["email", "sms"], WORDS)).toEqual([
      { type: "email", opted: "in", text: "Email me offers and news" },
    ]);
    // Nothing shown (the choices could not be read): nothing changes, whatever was sent.
    expect(memberMarketingChange([], ["email"], [], WORDS)).toBeNull();
  });
});

describe("saveMemberMarketing", () => {
  const changes = [{ type: "sms", opted: "in" as const, text: "Text me offers" }];
  it("asks nothing when nothing changed", async () => {
    const shopper = fakeShopper(() => ({}));
    expect(await saveMemberMarketing(shopper, null, 1, log())).toBeNull();
    expect(shopper.api.call).not.toHaveBeenCalled();
  });
  it("stores the changes on the member and says so", async () => {
    const shopper = fakeShopper(() => ({ success: true, message: "ok" }));
    expect(await saveMemberMarketing(shopper, changes, 1, log())).toEqual({
      kind: "success",
      message: MEMBER_MESSAGES.marketingUpdated,
    });
    expect(shopper.api.call).toHaveBeenCalledWith(api.updateMarketingPreferences, {
      marketingOptions: changes,
      marketingChannelId: 1,
    });
  });
  it("says the update failed, logged, without stopping the checkout", async () => {
    const logger = log();
    const shopper = fakeShopper(() => {
      throw new PlatformError(400, "not a channel");
    });
    expect(await saveMemberMarketing(shopper, changes, 1, logger)).toEqual({
      kind: "error",
      message: MEMBER_MESSAGES.marketingUpdateError,
    });
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
