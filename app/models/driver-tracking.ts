/*
 * Following a delivery's driver (issue 15): how far the driver's last position is from the delivery address, how long
 * ago it was sent, and where OpenStreetMap shows it. Pure: the server works these out with its own clock and hands
 * the page the words.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** The Earth's mean radius in miles (IUGG). */
const EARTH_RADIUS_MILES = 3958.7613;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in miles. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "0.4 miles away", "1 mile away", "12 miles away"; under a tenth of a mile, "less than 0.1 miles away". */
export function distanceAway(miles: number): string {
  if (!Number.isFinite(miles) || miles < 0.05) return "less than 0.1 miles away";
  if (miles < 9.95) {
    const shown = miles.toFixed(1).replace(/\.0$/, "");
    return `${shown} ${shown === "1" ? "mile" : "miles"} away`;
  }
  return `${Math.round(miles)} miles away`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * "updated less than a minute ago", "updated 2 minutes ago", "updated 1 hour ago", "updated 3 days ago". A
 * position stamped a little ahead of the clock (clocks differ by a second or two) counts as under a minute.
 */
export function updatedAgo(recordedAt: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - recordedAt.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return "updated less than a minute ago";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `updated ${plural(minutes, "minute")} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `updated ${plural(hours, "hour")} ago`;
  return `updated ${plural(Math.floor(hours / 24), "day")} ago`;
}

/** OpenStreetMap's own page with a marker at the point, zoomed to streets (no map script or tiles of ours). */
export function openStreetMapUrl(point: LatLng): string {
  const lat = point.lat.toFixed(5);
  const lng = point.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
