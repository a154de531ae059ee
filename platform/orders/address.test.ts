import { describe, expect, it } from "vitest";
import { publicAddress } from "./address";

describe("publicAddress", () => {
  it("leaves out the point the address geocoded to", () => {
    const stored = {
      type: "delivery" as const,
      firstName: "",
      lastName: "",
      email: "",
      telephone: "",
      addressLine1: "1",
      addressLine2: "",
      town: "T",
      county: "",
      postcode: "SW1A 1AA",
      countryCode: "GB",
      lat: 51.5,
      lng: -0.14,
    };
    expect(publicAddress(stored)).not.toHaveProperty("lat");
    expect(publicAddress(null)).toBeNull();
  });
});
