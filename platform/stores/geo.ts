import type { LatLng } from "../db/schema";

/** Mean Earth radius used by the haversine formula (IUGG), in kilometres. */
const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would then return NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * Whether a point lies inside a polygon given as its corners (closed or not).
 * Delivery zones span a few kilometres, so treating lat/lng as a flat plane is accurate enough
 * and keeps the test cheap; zones must not cross the antimeridian (none in the UK can).
 */
export function pointInPolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  if (polygon.length < 3) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    // Ray cast eastwards from the point; each edge it crosses flips inside/outside.
    const straddles = a.lat > point.lat !== b.lat > point.lat;
    if (straddles) {
      const crossingLng = a.lng + ((point.lat - a.lat) * (b.lng - a.lng)) / (b.lat - a.lat);
      if (point.lng < crossingLng) inside = !inside;
    }
  }
  return inside;
}

/** The parts of a store that define where it delivers. */
export interface DeliveryArea extends LatLng {
  deliveryRadiusKm: number | null;
  deliveryZone: LatLng[] | null;
}

/**
 * Whether a store's delivery area covers a point: its zone polygon when it has one (a zone is drawn
 * deliberately, so it overrides any radius), otherwise its radius round the store. No area, no delivery.
 */
export function servesDelivery(store: DeliveryArea, point: LatLng): boolean {
  if (store.deliveryZone && store.deliveryZone.length >= 3) return pointInPolygon(point, store.deliveryZone);
  if (store.deliveryRadiusKm != null) return distanceKm(store, point) <= store.deliveryRadiusKm;
  return false;
}
