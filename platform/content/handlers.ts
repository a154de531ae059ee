import { api, isContentType, type Clock, type SiteSettings } from "../contract";
import { ApiError } from "../errors";
import type { Logger } from "../logger";
import type { PlatformConfig } from "../context";
import type { Router } from "../router";
import { createContentSource } from "./from-config";
import type { ContentSource } from "./source";

/** Strapi query parameters that select or page content; anything else (populate included) is not passed on. */
const PASSED_PARAM = /^(filters|sort|pagination|fields|locale|publicationState)(\[|$)/;

function contentParams(input: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined && PASSED_PARAM.test(k)) out[k] = v;
  return out;
}

/** Registers GET /api/strapi/site-settings and GET /api/strapi/:contentType; returns the source for reuse. */
export function registerContent(
  router: Router,
  options: { config: PlatformConfig; log: Logger; clock: Clock; source?: ContentSource },
): ContentSource {
  const source = options.source ?? createContentSource(options);

  router.on(api.strapiSiteSettings, async (input) => {
    const envelope = await source.get("site-settings", contentParams(input));
    if (!envelope.data || Array.isArray(envelope.data)) throw new ApiError(404, "Content not found: site-settings");
    return {
      data: { id: envelope.data.id, attributes: envelope.data.attributes as SiteSettings },
      meta: envelope.meta,
    };
  });

  router.on(api.strapiContent, async (input) => {
    const { contentType, ...rest } = input;
    if (!isContentType(contentType)) throw new ApiError(404, `Unknown content type: ${contentType}`);
    return source.get(contentType, contentParams(rest));
  });

  return source;
}
