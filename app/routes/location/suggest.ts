import { data } from "react-router";
import type { Route } from "./+types/suggest";
import { api } from "#contract";
import { shopperContext } from "~/services/context";

/** Address suggestions for the widget's autocomplete (JSON; the browser holds no platform token). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const term = (new URL(request.url).searchParams.get("term") ?? "").trim().slice(0, 100);
  if (term.length < 2) return data({ suggestions: [] });
  try {
    const { suggestions } = await context.get(shopperContext).api.call(api.getAutocompleteAddresses, { term });
    return data(
      {
        suggestions: suggestions.map((s) => ({
          description: s.description,
          placeId: s.placeId,
          latitude: s.latitude,
          longitude: s.longitude,
        })),
      },
      { headers: { "Cache-Control": "private, max-age=60" } },
    );
  } catch {
    return data({ suggestions: [] }, 502);
  }
}
