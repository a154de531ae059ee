import { describe, expect, it } from "vitest";
import { distanceAway, haversineMiles, openStreetMapUrl, updatedAgo } from "./driver-tracking";

const palace = { lat: 51.50101, lng: -0.14159 };

describe("haversineMiles", () => {
  it("is nothing between a point and itself", () => {
    expect(haversineMiles(palace, palace)).toBe(0);
  });

  it("measures known distances along the Earth's surface", () => {
    // London to Paris is about 213 miles as the crow flies; a degree of latitude about 69 miles.
    expect(haversineMiles({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(213.5, 0);
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(69.09, 1);
  });

  it("is the same both ways and crosses the antimeridian the short way", () => {
    const a = { lat: 10, lng: 179.5 };
    const b = { lat: 10, lng: -179.5 };
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 10);
    expect(haversineMiles(a, b)).toBeLessThan(70);
  });
});

describe("distanceAway", () => {
  it("says tenths of a mile below ten miles, whole miles beyond", () => {
    expect(distanceAway(0.43)).toBe("0.4 miles away");
    expect(distanceAway(2.96)).toBe("3 miles away");
    expect(distanceAway(9.94)).toBe("9.9 miles away");
    expect(distanceAway(12.4)).toBe("12 miles away");
  });

  it("says one mile in the singular", () => {
    expect(distanceAway(1.02)).toBe("1 mile away");
  });

  it("says less than a tenth of a mile when the driver is at the door", () => {
    expect(distanceAway(0)).toBe("less than 0.1 miles away");
    expect(distanceAway(0.049)).toBe("less than 0.1 miles away");
    expect(distanceAway(0.05)).toBe("0.1 miles away");
  });
});

describe("updatedAgo", () => {
  const now = new Date("2026-11-26T18:00:00Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("says less than a minute under a minute, and for a stamp a little ahead of the clock", () => {
    expect(updatedAgo(before(0), now)).toBe("updated less than a minute ago");
    expect(updatedAgo(before(59), now)).toBe("updated less than a minute ago");
    expect(updatedAgo(before(-2), now)).toBe("updated less than a minute ago");
  });

  it("counts whole minutes, hours and days, singular and plural", () => {
    expect(updatedAgo(before(60), now)).toBe("updated 1 minute ago");
    expect(updatedAgo(before(150), now)).toBe("updated 2 minutes ago");
    expect(updatedAgo(before(3599), now)).toBe("updated 59 minutes ago");
    expect(updatedAgo(before(3600), now)).toBe("updated 1 hour ago");
    expect(updatedAgo(before(3 * 3600 + 59), now)).toBe("updated 3 hours ago");
    expect(updatedAgo(before(49 * 3600), now)).toBe("updated 2 days ago");
  });
});

describe("openStreetMapUrl", () => {
  it("puts a marker at the point on OpenStreetMap's own page, zoomed to streets", () => {
    expect(openStreetMapUrl({ lat: 51.507351, lng: -0.127758 })).toBe(
      "https://www.openstreetmap.org/?mlat=51.50735&mlon=-0.12776#map=16/51.50735/-0.12776",
    );
  });
});
