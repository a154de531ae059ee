import { describe, expect, it } from "vitest";
import { distanceKm } from "../../stores/geo";
import { demoAddresses } from "./addresses";
import { demoPostcodes } from "./postcodes";

const rows = demoAddresses();

describe("demo street addresses", () => {
  it("gives every demo postcode 3 to 8 addresses, and no other postcode any", () => {
    for (const pc of demoPostcodes) {
      const n = rows.filter((r) => r.postcode === pc.postcode).length;
      expect(n, pc.display).toBeGreaterThanOrEqual(3);
      expect(n, pc.display).toBeLessThanOrEqual(8);
    }
    const known = new Set(demoPostcodes.map((p) => p.postcode));
    expect(rows.every((r) => known.has(r.postcode))).toBe(true);
  });

  it("places each address near its postcode's centre (within 150 m) and never two on one spot", () => {
    for (const r of rows) {
      const pc = demoPostcodes.find((p) => p.postcode === r.postcode)!;
      expect(distanceKm(r, pc), `${r.addressLine1}, ${pc.display}`).toBeLessThan(0.15);
    }
    expect(new Set(rows.map((r) => `${r.lat},${r.lng}`)).size).toBe(rows.length);
  });

  it("gives each address a line 1, the postcode's town and a county, with no address listed twice", () => {
    for (const r of rows) {
      const pc = demoPostcodes.find((p) => p.postcode === r.postcode)!;
      expect(r.addressLine1.trim()).not.toBe("");
      expect(r.town).toBe(pc.town);
      expect(r.county).toBeTruthy();
    }
    const keys = rows.map((r) => `${r.postcode}|${r.addressLine1}|${r.addressLine2 ?? ""}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("writes flats with the flat in line 1 and the building in line 2", () => {
    const flats = rows.filter((r) => r.addressLine2);
    expect(flats.length).toBeGreaterThan(0);
    for (const f of flats) {
      expect(f.addressLine1).toMatch(/^Flat \d+$/);
      expect(f.addressLine2).toMatch(/^\d+ \S/);
    }
  });

  it("includes the famous addresses of the demo postcodes", () => {
    const at = (key: string) => rows.filter((r) => r.postcode === key).map((r) => r.addressLine1);
    expect(at("SW1A2AA")).toContain("10 Downing Street");
    expect(at("SW1A1AA")).toContain("Buckingham Palace");
    expect(at("W1A1AA")).toContain("Broadcasting House");
  });

  it("is the same every time", () => {
    expect(demoAddresses()).toEqual(rows);
  });
});
