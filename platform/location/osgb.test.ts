import { describe, expect, it } from "vitest";
import { distanceKm } from "../stores/geo";
import { osgbToOsgb36LatLng, osgbToWgs84 } from "./osgb";

const metresApart = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a, b) * 1000;
const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;

describe("osgbToOsgb36LatLng (inverse transverse Mercator)", () => {
  it("reproduces the Ordnance Survey guide's worked example (E 651409.903, N 313177.270)", () => {
    const { lat, lng } = osgbToOsgb36LatLng(651409.903, 313177.27);
    // 52°39'27.2531"N 1°43'4.5177"E on OSGB36: agreement to a ten-thousandth of a second is about 3 mm.
    expect(lat).toBeCloseTo(dms(52, 39, 27.2531), 7);
    expect(lng).toBeCloseTo(dms(1, 43, 4.5177), 7);
  });

  it("puts the true origin's meridian at 2°W", () => {
    expect(osgbToOsgb36LatLng(400_000, 500_000).lng).toBeCloseTo(-2, 9);
  });
});

describe("osgbToWgs84 (projection plus Helmert transformation)", () => {
  it("shifts the worked example onto WGS84 (52°39'28.72\"N 1°42'57.79\"E)", () => {
    const point = osgbToWgs84(651409.903, 313177.27);
    expect(metresApart(point, { lat: dms(52, 39, 28.72), lng: dms(1, 42, 57.79) })).toBeLessThan(1);
  });

  it("places SW1A 1AA where postcodes.io publishes it (E 529090, N 179645 → 51.501009, -0.141588)", () => {
    expect(metresApart(osgbToWgs84(529090, 179645), { lat: 51.501009, lng: -0.141588 })).toBeLessThan(2);
  });

  it("places E 530047, N 180422 in Trafalgar Square, by the usual London reference point 51.5074, -0.1278", () => {
    const point = osgbToWgs84(530047, 180422);
    // The pair is a rounded landmark figure, not a survey point: they agree to the size of the square.
    expect(metresApart(point, { lat: 51.5074, lng: -0.1278 })).toBeLessThan(50);
    expect(point.lat).toBeCloseTo(51.50777, 4);
    expect(point.lng).toBeCloseTo(-0.12752, 4);
  });

  it("moves a point the datum shift's size and direction (about 100 m west in London), not more", () => {
    const osgb36 = osgbToOsgb36LatLng(529090, 179645);
    const wgs84 = osgbToWgs84(529090, 179645);
    expect(wgs84.lng).toBeLessThan(osgb36.lng);
    const shift = metresApart(osgb36, wgs84);
    expect(shift).toBeGreaterThan(80);
    expect(shift).toBeLessThan(140);
  });
});
