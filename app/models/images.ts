// The image optimisation route's rules (spec 1 §7, §9): what a request may ask for, and the URLs pictures use.
// No zod and no Node APIs: the Picture component builds its srcSet with these in the browser too.

/** Spec 1 §9: the responsive widths xs 320, sm 640, md 768, lg 1024, xl 1280, xxl 1536. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
/** Spec 1 §9: images are offered at 1x and 2x. */
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export const IMAGE_FITS = ["cover", "contain", "inside"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type ImageFit = (typeof IMAGE_FITS)[number];

export const DEFAULT_IMAGE_FORMAT: ImageFormat = "webp";
export const DEFAULT_IMAGE_QUALITY = 75;
export const DEFAULT_IMAGE_WIDTH = 640;
/** Spec 1 §9: the banner preset. */
export const BANNER_PRESET = { format: "webp" as ImageFormat, quality: 80, width: 800 };
/** Spec 1 §9: the blurred placeholder. */
export const PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 };
/** Spec 1 §9: optimised images are cached for a day. */
export const IMAGE_CACHE_MAX_AGE_SECONDS = 86_400;

/** Folders of the site's public files that images may come from. */
export const IMAGE_SOURCE_FOLDERS = ["/catalogue/", "/brand/"] as const;
const SOURCE_EXTENSIONS = /\.(svg|png|jpe?g|webp|avif|gif)$/i;

/**
 * Every width the route renders: the spec widths at both densities, plus the banner preset and its 2x. Requests
 * snap up to one of these, so the cache holds a handful of variants per image, not one per pixel.
 */
export const ALLOWED_WIDTHS: readonly number[] = [
  ...new Set([
    ...IMAGE_WIDTHS.flatMap((w) => IMAGE_DENSITIES.map((d) => w * d)),
    BANNER_PRESET.width,
    BANNER_PRESET.width * 2,
  ]),
].sort((a, b) => a - b);
export const MAX_IMAGE_DIMENSION = ALLOWED_WIDTHS[ALLOWED_WIDTHS.length - 1]!;

export interface ImageParams {
  src: string;
  width: number;
  /** Null: the height follows the source's aspect ratio. */
  height: number | null;
  format: ImageFormat;
  quality: number;
  fit: ImageFit;
  /** Gaussian blur sigma; 0 for none (only the placeholder blurs). */
  blur: number;
}

export type ImageParamsResult = { ok: true; params: ImageParams } | { ok: false; message: string };

/** The smallest allowed width at least as wide as asked, or the largest. */
export function snapWidth(width: number): number {
  return ALLOWED_WIDTHS.find((w) => w >= width) ?? MAX_IMAGE_DIMENSION;
}

/** Whether `src` is a same-site path inside an allowed public folder (no traversal, no query, no other host). */
export function isAllowedSource(src: string): boolean {
  if (!IMAGE_SOURCE_FOLDERS.some((folder) => src.startsWith(folder))) return false;
  if (src.includes("..") || src.includes("//") || src.includes("\\") || /[?#%\0]/.test(src)) return false;
  return SOURCE_EXTENSIONS.test(src);
}

function wholeNumber(value: string | null, name: string, min: number, max: number): number | null | string {
  if (value === null || value === "") return null;
  if (!/^\d{1,6}$/.test(value)) return `${name} must be a whole number from ${min} to ${max}`;
  const n = Number(value);
  return n < min || n > max ? `${name} must be a whole number from ${min} to ${max}` : n;
}

/**
 * Reads `/img?src=…&w=&h=&fmt=&q=&fit=&preset=banner&placeholder=1`. The width snaps up to an allowed width and a
 * given height keeps the asked aspect ratio; anything else out of range is refused with a message saying why.
 */
export function parseImageParams(search: URLSearchParams): ImageParamsResult {
  const src = search.get("src");
  if (!src) return { ok: false, message: "src is required: a path such as /catalogue/bakery.svg" };
  if (!isAllowedSource(src)) {
    return { ok: false, message: `src must be an image file under ${IMAGE_SOURCE_FOLDERS.join(" or ")} on this site` };
  }
  const preset = search.get("preset");
  if (preset !== null && preset !== "banner") return { ok: false, message: "preset must be banner" };
  const placeholder = search.get("placeholder");
  if (placeholder !== null && placeholder !== "1") return { ok: false, message: "placeholder must be 1" };

  const w = wholeNumber(search.get("w"), "w", 1, MAX_IMAGE_DIMENSION);
  if (typeof w === "string") return { ok: false, message: w };
  const h = wholeNumber(search.get("h"), "h", 1, MAX_IMAGE_DIMENSION);
  if (typeof h === "string") return { ok: false, message: h };
  const q = wholeNumber(search.get("q"), "q", 1, 100);
  if (typeof q === "string") return { ok: false, message: q };

  const fmt = search.get("fmt");
  if (fmt !== null && !(IMAGE_FORMATS as readonly string[]).includes(fmt)) {
    return { ok: false, message: `fmt must be one of ${IMAGE_FORMATS.join(", ")}` };
  }
  const fit = search.get("fit");
  if (fit !== null && !(IMAGE_FITS as readonly string[]).includes(fit)) {
    return { ok: false, message: `fit must be one of ${IMAGE_FITS.join(", ")}` };
  }

  const banner = preset === "banner";
  const format = (fmt as ImageFormat | null) ?? (banner ? BANNER_PRESET.format : DEFAULT_IMAGE_FORMAT);
  const fitValue = (fit as ImageFit | null) ?? "cover";

  if (placeholder === "1") {
    // A tiny blurred copy: its aspect ratio follows the asked one, at most 10 px on its longer side.
    const ratio = w !== null && h !== null ? h / w : 1;
    const width = ratio > 1 ? Math.max(1, Math.round(PLACEHOLDER.width / ratio)) : PLACEHOLDER.width;
    const height = ratio > 1 ? PLACEHOLDER.height : Math.max(1, Math.round(PLACEHOLDER.height * ratio));
    return {
      ok: true,
      params: { src, width, height, format, quality: PLACEHOLDER.quality, fit: fitValue, blur: PLACEHOLDER.blur },
    };
  }

  const asked = w ?? (banner ? BANNER_PRESET.width : DEFAULT_IMAGE_WIDTH);
  const width = snapWidth(asked);
  const height = h === null ? null : Math.min(MAX_IMAGE_DIMENSION, Math.max(1, Math.round((h * width) / asked)));
  const quality = q ?? (banner ? BANNER_PRESET.quality : DEFAULT_IMAGE_QUALITY);
  return { ok: true, params: { src, width, height, format, quality, fit: fitValue, blur: 0 } };
}

/** One string per distinct output: the cache key and the base of the ETag. */
export function imageCacheKey(p: ImageParams): string {
  return `${p.src}|${p.width}x${p.height ?? "auto"}|${p.format}|q${p.quality}|${p.fit}|b${p.blur}`;
}

/** Whether a picture source can go through the route (site paths in allowed folders); others are used as they are. */
export function isOptimisable(src: string): boolean {
  return isAllowedSource(src);
}

export interface ImageUrlOptions {
  width: number;
  height?: number | null;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
  preset?: "banner";
  placeholder?: boolean;
}

/** The optimisation route's URL for an image; parameters at their defaults are left out to keep URLs short. */
export function imageUrl(src: string, options: ImageUrlOptions): string {
  const query = new URLSearchParams({ src });
  query.set("w", String(options.width));
  if (options.height) query.set("h", String(options.height));
  if (options.format && options.format !== (options.preset ? BANNER_PRESET.format : DEFAULT_IMAGE_FORMAT))
    query.set("fmt", options.format);
  if (options.quality) query.set("q", String(options.quality));
  if (options.fit && options.fit !== "cover") query.set("fit", options.fit);
  if (options.preset) query.set("preset", options.preset);
  if (options.placeholder) query.set("placeholder", "1");
  return `/img?${query.toString()}`;
}

/**
 * The srcSet widths for a picture at most `displayWidth` CSS pixels wide: every spec width up to twice that (for 2x
 * screens), so the browser picks by the `sizes` it is given.
 */
export function srcSetWidths(displayWidth: number): number[] {
  const max = snapWidth(displayWidth * 2);
  const widths = IMAGE_WIDTHS.filter((w) => w <= max) as number[];
  if (!widths.includes(max)) widths.push(max);
  return widths.length ? widths : [IMAGE_WIDTHS[0]];
}
