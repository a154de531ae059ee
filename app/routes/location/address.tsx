import type { Route } from "./+types/address";
import { api } from "#contract";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { shopperContext } from "~/services/context";
import * as styles from "~/styles/pages.css";

/**
 * Addresses to choose from: for a typed address without JavaScript, or for the device's position when the
 * business looks up addresses from coordinates.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const latitude = Number(url.searchParams.get("latitude"));
  const longitude = Number(url.searchParams.get("longitude"));
  let suggestions: { description: string; placeId: string; latitude: number | null; longitude: number | null }[] = [];
  try {
    if (q.length >= 2) {
      ({ suggestions } = await shopper.api.call(api.getAutocompleteAddresses, { term: q }));
    } else if (Number.isFinite(latitude) && Number.isFinite(longitude) && url.searchParams.has("latitude")) {
      ({ suggestions } = await shopper.api.call(api.getAddressesByCoordinates, { latitude, longitude }));
    }
  } catch {
    suggestions = [];
  }
  return {
    query: q,
    suggestions: suggestions.map((s) => ({
      description: s.description,
      placeId: s.placeId,
      latitude: s.latitude,
      longitude: s.longitude,
    })),
  };
}

export default function LocationAddress({ loaderData }: Route.ComponentProps) {
  const { query, suggestions } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{query ? `Addresses matching “${query}”` : "Choose your address"}</h1>
      {suggestions.length === 0 ? <p>Unable to find location</p> : null}
      <ShopSearch addressResults={suggestions} addressQuery={query} />
    </div>
  );
}

export function meta() {
  return [{ title: "Choose your address" }];
}
