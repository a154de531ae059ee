import { data } from "react-router";
import { contentTypes, type ContentOf, type Media } from "#contract";
import { notFoundMessage } from "~/models/error-page";
import { absoluteImage, canonicalUrl, type Seo } from "~/models/seo";
import { loadSingle } from "~/services/content.server";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import type { SharedPlatform } from "~/services/shopper.server";

/*
 * What the content pages (FAQs, news, contact, brand pages, the catch-all) share: spec 1 §8's failures — a content
 * fetch that fails is logged and thrown on to the error page, page data that is empty is a warning and an empty
 * page — and their SEO meta.
 */

/** Reads a page's content; a failure is logged with the page it was for, then thrown on (spec 1 §8). */
export async function readContent<T>(
  log: Logger,
  what: { type: string; path: string },
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error("content.fetch_failed", {
      type: what.type,
      path: what.path,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/** The company name for page titles; the root loader logs a failed read of the global settings, so none is logged here. */
export function companyName(platform: SharedPlatform): Promise<string> {
  return loadSingle(platform, "global").then(
    (global) => global.companyName,
    () => "",
  );
}

/** A single type the content system has not filled in (Strapi answers 404) reads as empty: the page is empty. */
export async function singleOrEmpty<T extends "faq" | "contact">(
  platform: SharedPlatform,
  type: T,
): Promise<ContentOf<T>> {
  try {
    return await loadSingle(platform, type);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404)
      return contentTypes[type].schema.parse({}) as ContentOf<T>;
    throw error;
  }
}

/** The page's entry, or the 404 error page 'Page Not Found: {path}'. */
export function foundOr404<T>(entry: T | null, path: string): T {
  if (entry === null) throw data({ message: notFoundMessage(path) }, 404);
  return entry;
}

/** Spec 1 §8 "Empty page data: warning logged, empty page returned": the page still answers, with nothing in it. */
export function warnIfEmpty(log: Logger, what: { type: string; path: string }, empty: boolean): void {
  if (empty) log.warn("content.page_empty", what);
}

/** The page's SEO, absolute: its own title and description, else the page's title; the image made absolute. */
export function pageSeo(
  request: Request,
  publicUrl: string | undefined,
  page: { title: string; subTitle?: string; seo: { title: string; description: string; image: Media } },
  options: { companyName: string; keepParams?: string[] },
): Seo {
  const canonical = canonicalUrl(request.url, publicUrl, options.keepParams);
  const fallbackTitle = [page.title, options.companyName].filter(Boolean).join(" | ");
  return {
    title: page.seo.title || fallbackTitle,
    description: page.seo.description || page.subTitle || "",
    image: absoluteImage(page.seo.image?.url, canonical),
    canonical,
  };
}
