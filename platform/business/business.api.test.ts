import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiErrorSchema,
  matchesPostcodeRules,
  whiteLabelSettingsFromList,
  whiteLabelSettingsSchema,
} from "../contract";
import { createTestPlatform, type TestPlatform } from "../testing";
import { DEFAULT_BUSINESS_PROFILE, saveBusinessProfileOverrides } from "./profile";
import { getWhiteLabelSettings, saveWhiteLabelOverrides } from "./white-label";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await createTestPlatform();
  token = await t.guestToken();
});
afterAll(() => t.close());

const getProfile = (auth: string | null = token) => t.call("GET", "/api/business/profile", undefined, { token: auth });
const postSettings = (body: Record<string, unknown> = { screenScale: 3.0 }, auth: string | null = token) =>
  t.call("POST", "/api/whiteLabel/settings", body, { token: auth });

describe("GET /api/business/profile", () => {
  it("needs a token", async () => {
    const res = await getProfile(null);
    expect(res.status).toBe(401);
    apiErrorSchema.parse(res.body);
  });

  it("answers the defaults when the business has set nothing", async () => {
    const res = await getProfile();
    expect(res.status).toBe(200);
    const profile = api.businessProfile.response.parse(res.body);
    expect(profile).toEqual(DEFAULT_BUSINESS_PROFILE);
    expect(profile).toMatchObject({
      tipLimitLevels: [0, 100, 200, 300],
      driverTipIncrement: 50,
      defaultTimeZone: "Europe/London",
      secondHeroBannerThreshold: 5,
      iterableMobileApiKey: null,
      recaptcha: { siteKeys: { ios: null, android: null, web: null } },
    });
    expect(profile.paymentGateways[0]!.name).toBe("checkoutcom");
  });

  it("answers postcode rules that accept UK postcodes and refuse others", async () => {
    const { postcodeRules } = api.businessProfile.response.parse((await getProfile()).body);
    for (const ok of [
      "SW1A 1AA",
      "e1 6an",
      "M1 1AE",
      "LS1 4DY",
      "EH1 1YZ",
      "IV27 4AA",
      "GIR 0AA",
      "W1A 0AX",
      "CR2 6XH",
      "DN55 1PT",
    ]) {
      expect(matchesPostcodeRules(ok, postcodeRules), ok).toBe(true);
    }
    for (const bad of ["", "SW1A", "12345", "SW1A 1AAA", "QQ1 1AA", "SW1A 1AC", "GIR 0AB", "90210"]) {
      expect(matchesPostcodeRules(bad, postcodeRules), bad).toBe(false);
    }
  });

  it("lays the stored overrides over the defaults", async () => {
    await saveBusinessProfileOverrides(t.db, t.clock, { secondHeroBannerThreshold: 8, tipLimitLevels: [0, 150, 300] });
    const profile = api.businessProfile.response.parse((await getProfile()).body);
    expect(profile.secondHeroBannerThreshold).toBe(8);
    expect(profile.tipLimitLevels).toEqual([0, 150, 300]);
    expect(profile.defaultTimeZone).toBe("Europe/London");
    await saveBusinessProfileOverrides(t.db, t.clock, {});
    expect(api.businessProfile.response.parse((await getProfile()).body)).toEqual(DEFAULT_BUSINESS_PROFILE);
  });

  it("refuses overrides that do not fit the contract", async () => {
    await expect(saveBusinessProfileOverrides(t.db, t.clock, { postcodeRules: ["(unclosed"] })).rejects.toThrow();
    await expect(saveBusinessProfileOverrides(t.db, t.clock, { defaultTimeZone: "Mars/Olympus" })).rejects.toThrow();
    await expect(saveBusinessProfileOverrides(t.db, t.clock, { driverTipIncrement: 12.5 })).rejects.toThrow();
  });
});

describe("POST /api/whiteLabel/settings", () => {
  it("needs a token", async () => {
    const res = await postSettings({}, null);
    expect(res.status).toBe(401);
    apiErrorSchema.parse(res.body);
  });

  it("answers the typed list with every default", async () => {
    const res = await postSettings();
    expect(res.status).toBe(200);
    const { settings } = api.whiteLabelSettings.response.parse(res.body);
    expect(settings).toEqual([
      { key: "storeSearchMode", value: "postcode" },
      { key: "deviceLocationLookup", value: "postcode" },
      { key: "autoSelectClosestStore", value: false },
      { key: "showRecommendedItemsBeforeResults", value: false },
      { key: "recommendedItemsEnabled", value: true },
      { key: "searchTabEnabled", value: true },
      { key: "collectionSearchRadiusKm", value: 25 },
      { key: "storeSearchButtonColor", value: null },
      { key: "storeSearchButtonTextColor", value: null },
    ]);
    expect(whiteLabelSettingsFromList(settings)).toEqual(whiteLabelSettingsSchema.parse({}));
  });

  it("takes screenScale as optional and refuses a bad one", async () => {
    expect((await postSettings({})).status).toBe(200);
    for (const screenScale of [-1, 0, "big"]) {
      const res = await postSettings({ screenScale });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).message).toMatch(/screenScale/);
    }
  });

  it("answers the business's overrides, and platform code reads them typed", async () => {
    await saveWhiteLabelOverrides(t.db, t.clock, { storeSearchMode: "address", collectionSearchRadiusKm: 40 });
    const { settings } = api.whiteLabelSettings.response.parse((await postSettings()).body);
    const typed = whiteLabelSettingsFromList(settings);
    expect(typed.storeSearchMode).toBe("address");
    expect(typed.collectionSearchRadiusKm).toBe(40);
    expect(typed.searchTabEnabled).toBe(true);
    expect(await getWhiteLabelSettings(t.db)).toEqual(typed);
    await saveWhiteLabelOverrides(t.db, t.clock, {});
  });

  it("refuses overrides with unknown keys or wrong types", async () => {
    await expect(saveWhiteLabelOverrides(t.db, t.clock, { storeSearchMode: "map" } as never)).rejects.toThrow();
    await expect(saveWhiteLabelOverrides(t.db, t.clock, { noSuchSetting: true } as never)).rejects.toThrow();
  });

  it("is a POST endpoint", async () => {
    const res = await t.call("GET", "/api/whiteLabel/settings", undefined, { token });
    expect(res.status).toBe(405);
    apiErrorSchema.parse(res.body);
  });
});
