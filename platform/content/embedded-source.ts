import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { contentTypes, type ContentTypeName, type StrapiEntry, type StrapiEnvelope } from "../contract";
import { ApiError } from "../errors";
import type { Logger } from "../logger";
import { SLUG_FILTER, type ContentSource } from "./source";

/*
 * content/ holds one JSON file per single type (global.json, home.json …) and one folder per collection type
 * (pages/about-us.json …). Content is read on every page, so each parsed file is kept in memory and re-read only
 * when its modification time or size changes: an edit shows on the next page load, without a rebuild or restart,
 * for the price of one stat call.
 */

interface Cached {
  stamp: string;
  attributes?: Record<string, unknown>;
  error?: ApiError;
}

interface CachedListing {
  stamp: string;
  files: string[];
}

type FileStamp = { stamp: string } | { missing: true };

async function stampOf(path: string): Promise<FileStamp> {
  try {
    const s = await stat(path, { bigint: true });
    return { stamp: `${s.mtimeNs}:${s.size}:${s.ino}` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { missing: true };
    throw error;
  }
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

/** Strapi's `sort=field:asc|desc` on one attribute; strings and numbers compare as Strapi's database would. */
function sortEntries(entries: StrapiEntry[], sort: string | undefined): StrapiEntry[] {
  if (!sort) return entries;
  const [field = "", direction = "asc"] = sort.split(":");
  const sign = direction.toLowerCase() === "desc" ? -1 : 1;
  const value = (e: StrapiEntry) => e.attributes[field];
  return [...entries].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return a.id - b.id;
    if (x == null) return 1;
    if (y == null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

/** Strapi's page-based pagination: `pagination[page]` from 1, `pagination[pageSize]` 25 by default, 100 at most. */
function pageOf(entries: StrapiEntry[], params: Record<string, string>): StrapiEnvelope {
  const whole = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const page = whole(params["pagination[page]"], 1);
  const pageSize = Math.min(whole(params["pagination[pageSize]"], 25), 100);
  const total = entries.length;
  return {
    data: entries.slice((page - 1) * pageSize, page * pageSize),
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

export function embeddedContentSource(options: { dir: string; log: Logger }): ContentSource {
  const { dir, log } = options;
  const files = new Map<string, Cached>();
  const listings = new Map<string, CachedListing>();

  /** Parsed attributes of one file, or null when there is no such file. */
  async function readEntry(type: ContentTypeName, path: string): Promise<Record<string, unknown> | null> {
    const found = await stampOf(path);
    if ("missing" in found) {
      files.delete(path);
      return null;
    }
    let cached = files.get(path);
    if (!cached || cached.stamp !== found.stamp) {
      cached = await load(type, path, found.stamp);
      files.set(path, cached);
    }
    if (cached.error) throw cached.error;
    return cached.attributes ?? null;
  }

  async function load(type: ContentTypeName, path: string, stamp: string): Promise<Cached> {
    const name = path.slice(dir.length).replace(/^[/\\]/, "");
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path, "utf8"));
    } catch (error) {
      // A file caught half-written by an editor fails here; the next request sees the finished file.
      log.error("content.file_unreadable", {
        file: name,
        error: error instanceof Error ? error.message : String(error),
      });
      return { stamp, error: new ApiError(500, `Content file content/${name} is not valid JSON`) };
    }
    const parsed = contentTypes[type].schema.safeParse(raw);
    if (!parsed.success) {
      const detail = issuesText(parsed.error);
      log.error("content.file_invalid", { file: name, issues: detail });
      return { stamp, error: new ApiError(500, `Content file content/${name} is invalid: ${detail}`) };
    }
    return { stamp, attributes: parsed.data as Record<string, unknown> };
  }

  async function listCollection(folder: string): Promise<string[]> {
    const found = await stampOf(folder);
    if ("missing" in found) return [];
    const cached = listings.get(folder);
    if (cached && cached.stamp === found.stamp) return cached.files;
    const names = (await readdir(folder)).filter((f) => f.endsWith(".json")).sort();
    listings.set(folder, { stamp: found.stamp, files: names });
    return names;
  }

  return {
    async get(type, params): Promise<StrapiEnvelope> {
      const definition = contentTypes[type];
      if (definition.kind === "single") {
        const attributes = await readEntry(type, join(dir, `${type}.json`));
        if (!attributes) throw new ApiError(404, `Content not found: ${type}`);
        return { data: { id: 1, attributes }, meta: {} };
      }
      const folder = join(dir, type);
      const slug = params[SLUG_FILTER];
      const entries: StrapiEntry[] = [];
      const names = await listCollection(folder);
      for (const [index, file] of names.entries()) {
        let attributes: Record<string, unknown> | null;
        try {
          attributes = await readEntry(type, join(folder, file));
        } catch (error) {
          // One broken page must not take the others down; the failure was logged when the file was read.
          if (error instanceof ApiError) continue;
          throw error;
        }
        if (!attributes) continue;
        if (slug !== undefined && attributes.slug !== slug) continue;
        entries.push({ id: index + 1, attributes });
      }
      return pageOf(sortEntries(entries, params.sort ?? params["sort[0]"]), params);
    },
    invalidate() {
      files.clear();
      listings.clear();
    },
  };
}
