import { describe, expect, it } from "vitest";
import { distanceKm, pointInPolygon, servesDelivery } from "./geo";

const london = { lat: 51.5074, lng: -0.1278 };
const manchester = { lat: 53.4808, lng: -2.2426 };
const edinburgh = { lat: 55.9533, lng: -3.1883 };

describe("distanceKm", () => {
  it("matches known distances between UK cities", () => {
    expect(distanceKm(london, manchester)).toBeGreaterThan(260);
    expect(distanceKm(london, manchester)).toBeLessThan(264);
    expect(distanceKm(london, edinburgh)).toBeGreaterThan(532);
    expect(distanceKm(london, edinburgh)).toBeLessThan(536);
  });

  it("is a quarter of the Earth's circumference from the equator to the pole", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(10007.5, 0);
  });

  it("gives about 111.2 km per degree of latitude", () => {
    expect(distanceKm({ lat: 51, lng: -1 }, { lat: 52, lng: -1 })).toBeCloseTo(111.2, 1);
  });

  it("is zero for the same point and symmetric", () => {
    expect(distanceKm(london, london)).toBe(0);
    expect(distanceKm(manchester, london)).toBeCloseTo(distanceKm(london, manchester), 9);
  });

  it("stays finite for antipodal points", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 0);
  });
});

describe("pointInPolygon", () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 2 },
    { lat: 2, lng: 2 },
    { lat: 2, lng: 0 },
  ];
  // A "U": the notch between the arms is outside although it is inside the bounding box.
  const uShape = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 3 },
    { lat: 3, lng: 3 },
    { lat: 3, lng: 2 },
    { lat: 1, lng: 2 },
    { lat: 1, lng: 1 },
    { lat: 3, lng: 1 },
    { lat: 3, lng: 0 },
  ];

  it("finds points inside and outside a square", () => {
    expect(pointInPolygon({ lat: 1, lng: 1 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 3, lng: 1 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 1, lng: -0.5 }, square)).toBe(false);
    expect(pointInPolygon({ lat: -0.1, lng: 1 }, square)).toBe(false);
  });

  it("handles a concave polygon", () => {
    expect(pointInPolygon({ lat: 2, lng: 0.5 }, uShape)).toBe(true);
    expect(pointInPolygon({ lat: 2, lng: 2.5 }, uShape)).toBe(true);
    expect(pointInPolygon({ lat: 0.5, lng: 1.5 }, uShape)).toBe(true);
    expect(pointInPolygon({ lat: 2, lng: 1.5 }, uShape)).toBe(false);
  });

  it("gives the same answer whether or not the ring is closed", () => {
    const closed = [...square, square[0]!];
    expect(pointInPolygon({ lat: 1, lng: 1 }, closed)).toBe(true);
    expect(pointInPolygon({ lat: 3, lng: 3 }, closed)).toBe(false);
  });

  it("treats fewer than three corners as no area", () => {
    expect(
      pointInPolygon({ lat: 0, lng: 0 }, [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
      ]),
    ).toBe(false);
  });

  it("works with negative longitudes as in the UK", () => {
    const westminster = [
      { lat: 51.49, lng: -0.15 },
      { lat: 51.49, lng: -0.12 },
      { lat: 51.51, lng: -0.12 },
      { lat: 51.51, lng: -0.15 },
    ];
    expect(pointInPolygon({ lat: 51.501, lng: -0.1416 }, westminster)).toBe(true);
    expect(pointInPolygon({ lat: 51.5179, lng: -0.0732 }, westminster)).toBe(false);
  });
});

describe("servesDelivery", () => {
  const store = { lat: 51.4968, lng: -0.138, deliveryRadiusKm: 4, deliveryZone: null };

  it("delivers within the radius and not beyond it", () => {
    expect(servesDelivery(store, { lat: 51.501, lng: -0.1416 })).toBe(true);
    expect(servesDelivery(store, { lat: 51.5179, lng: -0.0732 })).toBe(false);
    // 0.035° of latitude is about 3.9 km; 0.037° about 4.1 km.
    expect(servesDelivery(store, { lat: 51.4968 + 0.035, lng: -0.138 })).toBe(true);
    expect(servesDelivery(store, { lat: 51.4968 + 0.037, lng: -0.138 })).toBe(false);
  });

  it("uses the zone instead of the radius when the store has one", () => {
    const zoned = {
      ...store,
      deliveryRadiusKm: 50,
      deliveryZone: [
        { lat: 51.49, lng: -0.15 },
        { lat: 51.49, lng: -0.13 },
        { lat: 51.51, lng: -0.13 },
        { lat: 51.51, lng: -0.15 },
      ],
    };
    expect(servesDelivery(zoned, { lat: 51.501, lng: -0.1416 })).toBe(true);
    // Well inside the 50 km radius but outside the zone.
    expect(servesDelivery(zoned, { lat: 51.5179, lng: -0.0732 })).toBe(false);
  });

  it("falls back to the radius when the zone is too small to be an area", () => {
    const degenerate = { ...store, deliveryZone: [{ lat: 51.49, lng: -0.15 }] };
    expect(servesDelivery(degenerate, { lat: 51.501, lng: -0.1416 })).toBe(true);
  });

  it("does not deliver when the store has neither radius nor zone", () => {
    expect(servesDelivery({ ...store, deliveryRadiusKm: null }, { lat: store.lat, lng: store.lng })).toBe(false);
  });
});
