import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, type TestPlatform } from "../platform/testing";
import { runSettingsCommand, SETTINGS_USAGE } from "./settings-command";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await createTestPlatform();
  token = await t.guestToken();
});
afterAll(() => t.close());

const run = (...args: string[]) => runSettingsCommand(t.db, t.clock, args);
const whiteLabel = async () => {
  const answer = await t.call("POST", "/api/whiteLabel/settings", { screenScale: 3.0 }, { token });
  return Object.fromEntries(
    (answer.body as { settings: { key: string; value: unknown }[] }).settings.map(({ key, value }) => [key, value]),
  );
};

describe("npm run settings", () => {
  it("merges a white-label change that the platform then serves, and clears it again", async () => {
    expect(await run("white-label", '{"collectionSearchRadiusKm":8}')).toMatchObject({ code: 0 });
    expect(await run("white-label", '{"storeSearchMode":"address"}')).toMatchObject({ code: 0 });
    expect(await whiteLabel()).toMatchObject({ collectionSearchRadiusKm: 8, storeSearchMode: "address" });
    expect((await run()).output).toContain('"collectionSearchRadiusKm": 8');

    expect(await run("white-label", "--clear")).toMatchObject({ code: 0 });
    expect((await whiteLabel()).storeSearchMode).not.toBe("address");
  });

  it("changes the business profile the platform serves", async () => {
    expect(await run("business-profile", '{"hideReferralUI":true}')).toMatchObject({ code: 0 });
    const profile = await t.call("GET", "/api/business/profile", undefined, { token });
    expect((profile.body as { hideReferralUI: boolean }).hideReferralUI).toBe(true);
    await run("business-profile", "--clear");
  });

  it("refuses an unknown key or a wrong type, names it, and writes nothing", async () => {
    await run("white-label", '{"collectionSearchRadiusKm":8}');
    const refused = await run("white-label", '{"collectionSearchRadiusKm":"far","noSuchSetting":1}');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("nothing was changed");
    expect(refused.output).toContain("collectionSearchRadiusKm");
    expect((await whiteLabel()).collectionSearchRadiusKm).toBe(8);
    await run("white-label", "--clear");
  });

  it("answers usage for an unknown set, and a clear message for text that is not a JSON object", async () => {
    expect(await run("colours", "{}")).toEqual({ code: 2, output: SETTINGS_USAGE });
    expect((await run("white-label", "{oops")).output).toContain("must be a JSON object");
    expect((await run("white-label", "[1]")).code).toBe(2);
  });
});
