/**
 * Ordnance Survey National Grid (OSGB36) eastings and northings to WGS84 latitude and longitude, as the OS
 * guide "A Guide to Coordinate Systems in Great Britain" describes: the inverse transverse Mercator projection
 * on the Airy 1830 ellipsoid, then a 7-parameter Helmert transformation to WGS84. Good to a few metres,
 * well inside the size of a postcode.
 */

interface Ellipsoid {
  a: number;
  b: number;
}

const AIRY_1830: Ellipsoid = { a: 6_377_563.396, b: 6_356_256.909 };
const WGS84: Ellipsoid = { a: 6_378_137, b: 6_356_752.3142 };

// The National Grid's projection: scale on the central meridian, true origin (49°N, 2°W), false origin.
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LNG0 = (-2 * Math.PI) / 180;
const E0 = 400_000;
const N0 = -100_000;

/** OSGB36 → WGS84 (the published WGS84 → OSGB36 parameters with their signs reversed). */
const HELMERT = {
  tx: 446.448,
  ty: -125.157,
  tz: 542.06,
  /** Scale, parts per million. */
  s: -20.4894,
  /** Rotations, arc-seconds. */
  rx: 0.1502,
  ry: 0.247,
  rz: 0.8421,
};

const SECONDS_TO_RADIANS = Math.PI / (180 * 3600);

/** Meridional arc from the true origin's latitude to `lat` (OS guide, equation C3). */
function meridionalArc(lat: number): number {
  const { a, b } = AIRY_1830;
  const n = (a - b) / (a + b);
  const n2 = n * n;
  const n3 = n2 * n;
  const dLat = lat - LAT0;
  const sLat = lat + LAT0;
  return (
    b *
    F0 *
    ((1 + n + (5 / 4) * n2 + (5 / 4) * n3) * dLat -
      (3 * n + 3 * n2 + (21 / 8) * n3) * Math.sin(dLat) * Math.cos(sLat) +
      ((15 / 8) * n2 + (15 / 8) * n3) * Math.sin(2 * dLat) * Math.cos(2 * sLat) -
      (35 / 24) * n3 * Math.sin(3 * dLat) * Math.cos(3 * sLat))
  );
}

/** Eastings and northings to latitude and longitude on the Airy 1830 ellipsoid (OSGB36), in radians. */
function gridToOsgb36(easting: number, northing: number): { lat: number; lng: number } {
  const { a, b } = AIRY_1830;
  const e2 = 1 - (b * b) / (a * a);

  let lat = LAT0;
  let m = 0;
  // Iterate until the latitude reproduces the northing to within 0.01 mm.
  do {
    lat = (northing - N0 - m) / (a * F0) + lat;
    m = meridionalArc(lat);
  } while (Math.abs(northing - N0 - m) >= 0.00001);

  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const tanLat = Math.tan(lat);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sinLat * sinLat);
  const rho = (a * F0 * (1 - e2)) / Math.pow(1 - e2 * sinLat * sinLat, 1.5);
  const eta2 = nu / rho - 1;

  const tan2 = tanLat * tanLat;
  const tan4 = tan2 * tan2;
  const tan6 = tan4 * tan2;
  const secLat = 1 / cosLat;

  const VII = tanLat / (2 * rho * nu);
  const VIII = (tanLat / (24 * rho * nu ** 3)) * (5 + 3 * tan2 + eta2 - 9 * tan2 * eta2);
  const IX = (tanLat / (720 * rho * nu ** 5)) * (61 + 90 * tan2 + 45 * tan4);
  const X = secLat / nu;
  const XI = (secLat / (6 * nu ** 3)) * (nu / rho + 2 * tan2);
  const XII = (secLat / (120 * nu ** 5)) * (5 + 28 * tan2 + 24 * tan4);
  const XIIA = (secLat / (5040 * nu ** 7)) * (61 + 662 * tan2 + 1320 * tan4 + 720 * tan6);

  const dE = easting - E0;
  return {
    lat: lat - VII * dE ** 2 + VIII * dE ** 4 - IX * dE ** 6,
    lng: LNG0 + X * dE - XI * dE ** 3 + XII * dE ** 5 - XIIA * dE ** 7,
  };
}

function toCartesian(lat: number, lng: number, { a, b }: Ellipsoid) {
  const e2 = 1 - (b * b) / (a * a);
  const nu = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  // Height is taken as 0: postcode centroids have none, and its effect on position is negligible.
  return {
    x: nu * Math.cos(lat) * Math.cos(lng),
    y: nu * Math.cos(lat) * Math.sin(lng),
    z: nu * (1 - e2) * Math.sin(lat),
  };
}

function helmert({ x, y, z }: { x: number; y: number; z: number }) {
  const s = HELMERT.s / 1e6;
  const rx = HELMERT.rx * SECONDS_TO_RADIANS;
  const ry = HELMERT.ry * SECONDS_TO_RADIANS;
  const rz = HELMERT.rz * SECONDS_TO_RADIANS;
  return {
    x: HELMERT.tx + (1 + s) * x - rz * y + ry * z,
    y: HELMERT.ty + rz * x + (1 + s) * y - rx * z,
    z: HELMERT.tz - ry * x + rx * y + (1 + s) * z,
  };
}

function fromCartesian({ x, y, z }: { x: number; y: number; z: number }, { a, b }: Ellipsoid) {
  const e2 = 1 - (b * b) / (a * a);
  const p = Math.sqrt(x * x + y * y);
  let lat = Math.atan2(z, p * (1 - e2));
  // Converges to well under a millimetre in a handful of steps.
  for (let i = 0; i < 10; i++) {
    const nu = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
    const next = Math.atan2(z + e2 * nu * Math.sin(lat), p);
    if (Math.abs(next - lat) < 1e-12) {
      lat = next;
      break;
    }
    lat = next;
  }
  return { lat, lng: Math.atan2(y, x) };
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Eastings and northings to latitude and longitude on OSGB36 itself (degrees), before the datum shift. */
export function osgbToOsgb36LatLng(easting: number, northing: number): { lat: number; lng: number } {
  const { lat, lng } = gridToOsgb36(easting, northing);
  return { lat: toDegrees(lat), lng: toDegrees(lng) };
}

/** National Grid eastings and northings (metres) to WGS84 latitude and longitude (degrees). */
export function osgbToWgs84(easting: number, northing: number): { lat: number; lng: number } {
  // The grid gives a position on OSGB36 (Airy 1830); the Helmert shift then moves it onto WGS84.
  const osgb = osgbToOsgb36LatLng(easting, northing);
  const wgs = fromCartesian(helmert(toCartesian(toRadians(osgb.lat), toRadians(osgb.lng), AIRY_1830)), WGS84);
  return { lat: toDegrees(wgs.lat), lng: toDegrees(wgs.lng) };
}
