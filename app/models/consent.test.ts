import { describe, expect, it } from "vitest";
import { consentFrom, consentSettingsHref, NO_CONSENT } from "./consent";

describe("consentFrom", () => {
  it("is no consent until cookieConsent is true, whatever the switches say", () => {
    expect(consentFrom({})).toEqual(NO_CONSENT);
    expect(consentFrom({ performanceCookies: "true", targetingCookies: "true" })).toEqual(NO_CONSENT);
    expect(consentFrom({ cookieConsent: "yes", performanceCookies: "true" })).toEqual(NO_CONSENT);
  });

  it("reads each switch as on only when it is exactly true", () => {
    expect(consentFrom({ cookieConsent: "true", performanceCookies: "true", targetingCookies: "false" })).toEqual({
      given: true,
      performance: true,
      targeting: false,
    });
    expect(consentFrom({ cookieConsent: "true", performanceCookies: "TRUE", targetingCookies: "1" })).toEqual({
      given: true,
      performance: false,
      targeting: false,
    });
  });
});

describe("consentSettingsHref", () => {
  it("comes back to the page it was opened from, but not to the home page or the settings page itself", () => {
    expect(consentSettingsHref("/stores?sort=name")).toBe("/cookies?redirectTo=%2Fstores%3Fsort%3Dname");
    expect(consentSettingsHref("/")).toBe("/cookies");
    expect(consentSettingsHref("/cookies?redirectTo=%2Fstores")).toBe("/cookies");
  });
});
