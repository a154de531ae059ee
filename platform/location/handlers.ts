import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { api, LOCATION_MESSAGES, matchesPostcodeRules, usableSuggestions } from "../contract";
import { futureContactRequests } from "../db/schema";
import { getBusinessProfile } from "../business/profile";
import { ApiError } from "../errors";
import { hit } from "../rate-limit";
import type { RequestContext } from "../context";
import type { Router } from "../router";
import { LocationServiceError } from "../ports/location-service";
import { postcodeDisplay } from "./service";

/** Spec'd limits of the lookups. */
export const LOCATION_LIMITS = {
  nearbyPostcodes: { limit: 5, radiusMetres: 2000 },
  nearbyAddresses: { limit: 10, radiusMetres: 1000 },
  autocomplete: { limit: 10, minLength: 2 },
} as const;

/** Per client address: plenty for a shopper who mistypes, too few to fill the table with junk. */
export const FUTURE_CONTACT_LIMIT = { hits: 10, windowSeconds: 3600 };

const emailSchema = z.email();

/** How a postcode appears in messages: as typed, tidied and upper-cased. */
function shownPostcode(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toUpperCase();
}

/** The business's postcode rules decide what counts as a postcode (spec 1 §5); the answer is its display form. */
async function validPostcode(ctx: RequestContext, raw: string): Promise<string> {
  const shown = shownPostcode(raw);
  if (shown === "") throw new ApiError(400, LOCATION_MESSAGES.postcodeRequired);
  const { postcodeRules } = await getBusinessProfile(ctx.db);
  if (!matchesPostcodeRules(shown, postcodeRules)) throw new ApiError(400, LOCATION_MESSAGES.postcodeInvalid(shown));
  return postcodeDisplay(shown);
}

/** Runs a lookup, turning an outside service's failure into its 502/503 answer, logged for whoever runs the site. */
async function lookup<T>(ctx: RequestContext, call: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof LocationServiceError)) throw error;
    ctx.log.error("location.service_failed", {
      call,
      service: error.service,
      status: error.status,
      detail: error.detail,
    });
    throw new ApiError(error.status, error.message);
  }
}

export function registerLocation(router: Router): void {
  router.on(api.geocode, async (input, ctx) => {
    const postcode = await validPostcode(ctx, input.postcode);
    const found = await lookup(ctx, "geocode", () => ctx.location.geocode(postcode));
    if (!found) throw new ApiError(404, LOCATION_MESSAGES.locationNotFound);
    return found;
  });

  router.on(api.getPostcodeByCoordinates, async (input, ctx) => {
    const point = { latitude: input.lat, longitude: input.lng };
    const result = await lookup(ctx, "getPostcodeByCoordinates", () =>
      ctx.location.postcodesNear(point, LOCATION_LIMITS.nearbyPostcodes),
    );
    return { result };
  });

  router.on(api.getAddressesByCoordinates, async (input, ctx) => {
    const found = await lookup(ctx, "getAddressesByCoordinates", () =>
      ctx.location.addressesNear(input, LOCATION_LIMITS.nearbyAddresses),
    );
    return { suggestions: usableSuggestions(found).slice(0, LOCATION_LIMITS.nearbyAddresses.limit) };
  });

  router.on(api.getAddressesByPostcode, async (input, ctx) => {
    const postcode = await validPostcode(ctx, input.postcode);
    const addresses = await lookup(ctx, "getAddressesByPostcode", () => ctx.location.addressesByPostcode(postcode));
    if (!addresses) throw new ApiError(404, LOCATION_MESSAGES.locationNotFound);
    return { addresses };
  });

  router.on(api.getAutocompleteAddresses, async (input, ctx) => {
    const term = input.term.trim();
    if (term.length < LOCATION_LIMITS.autocomplete.minLength) return { suggestions: [] };
    const { limit } = LOCATION_LIMITS.autocomplete;
    const suggestions = await lookup(ctx, "getAutocompleteAddresses", () => ctx.location.autocomplete(term, { limit }));
    return { suggestions: suggestions.slice(0, limit) };
  });

  router.on(api.getPlaceDetails, async (input, ctx) => {
    const place = await lookup(ctx, "getPlaceDetails", () => ctx.location.placeDetails(input.placeId.trim()));
    if (!place) throw new ApiError(404, LOCATION_MESSAGES.placeNotFound);
    return place;
  });

  router.on(api.futureContactRequest, async (input, ctx) => {
    // Counted before validation, so the limit also stops anyone probing with bad input.
    const { allowed } = await hit(
      ctx.db,
      `future-contact:${ctx.clientIp}`,
      FUTURE_CONTACT_LIMIT.hits,
      FUTURE_CONTACT_LIMIT.windowSeconds,
      ctx.clock.now(),
    );
    if (!allowed) throw new ApiError(429, LOCATION_MESSAGES.tooManyRequests);

    const email = input.email.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) throw new ApiError(400, LOCATION_MESSAGES.emailInvalid);
    const postcode = await validPostcode(ctx, input.postcode);

    await ctx.db.transaction(async (tx) => {
      // Two identical requests at once must not both pass the "already stored?" check: one waits here.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`future-contact:${email}:${postcode}`}))`);
      const [existing] = await tx
        .select({ id: futureContactRequests.id })
        .from(futureContactRequests)
        .where(and(eq(futureContactRequests.email, email), eq(futureContactRequests.postcode, postcode)))
        .limit(1);
      if (!existing) await tx.insert(futureContactRequests).values({ email, postcode, createdAt: ctx.clock.now() });
    });
    return { ok: true as const };
  });
}
