import type { Clock } from "../contract";
import type { Logger } from "../logger";
import type { PlatformConfig } from "../context";
import { embeddedContentSource } from "./embedded-source";
import type { ContentSource } from "./source";
import { strapiContentSource } from "./strapi-source";

/** Strapi when the configuration names one, else the embedded content files. */
export function createContentSource(options: { config: PlatformConfig; log: Logger; clock: Clock }): ContentSource {
  const { config, log, clock } = options;
  if (config.strapi) return strapiContentSource({ ...config.strapi, log, clock });
  return embeddedContentSource({ dir: config.contentDir, log });
}
