import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { imageCacheKey, type ImageFormat, type ImageParams } from "~/models/images";

/**
 * Where the site's public files are: the built client folder (public/ is copied into it by the build) and, for the
 * development server, public/ itself. Sources are looked up in that order.
 */
const PUBLIC_ROOTS = [path.resolve("build/client"), path.resolve("public")];

/**
 * Encoded images are kept in memory, bounded by bytes, least recently used out first: a second request for the same
 * variant is answered without decoding or encoding. In memory rather than on disk because every variant can be made
 * again from the source in milliseconds, and each instance behind a load balancer warms its own in the first minutes.
 */
const CACHE_BYTES = 48 * 1024 * 1024;

export interface EncodedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

class ByteLru {
  private readonly entries = new Map<string, EncodedImage>();
  private bytes = 0;
  constructor(private readonly limit: number) {}
  get(key: string): EncodedImage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: EncodedImage): void {
    if (value.body.length > this.limit) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
  get size(): number {
    return this.entries.size;
  }
}

const cache = new ByteLru(CACHE_BYTES);
/** Requests for a variant being made wait for it rather than make it again. */
const inFlight = new Map<string, Promise<EncodedImage | null>>();
/** How many times an image was actually encoded: the route's test reads it to see the cache work. */
let encodeCount = 0;
export function imageEncodeCount(): number {
  return encodeCount;
}

async function findSource(src: string): Promise<{ file: string; version: string } | null> {
  for (const root of PUBLIC_ROOTS) {
    const file = path.join(root, src);
    // isAllowedSource already refused traversal; this keeps the promise whatever a later change lets through.
    if (!file.startsWith(root + path.sep)) return null;
    try {
      const info = await stat(file);
      if (info.isFile()) return { file, version: `${info.size}-${Math.floor(info.mtimeMs)}` };
    } catch {
      // Not in this root; try the next.
    }
  }
  return null;
}

/** A strong ETag from the variant and the source's size and time: known before (and without) encoding. */
function etagFor(key: string, version: string): string {
  return `"${createHash("sha256").update(`${key}|${version}`).digest("base64url").slice(0, 27)}"`;
}

/** The ETag the variant will carry, or null when the source does not exist. Cheap: a stat, no decoding. */
export async function imageEtag(params: ImageParams): Promise<string | null> {
  const source = await findSource(params.src);
  return source ? etagFor(imageCacheKey(params), source.version) : null;
}

async function encode(file: string, params: ImageParams, etag: string): Promise<EncodedImage> {
  const input = await readFile(file);
  const svg = file.toLowerCase().endsWith(".svg");
  let density: number | undefined;
  if (svg) {
    // SVGs rasterise at 72 dpi by default: render them at least as large as asked, so they stay sharp.
    const meta = await sharp(input).metadata();
    const scale = Math.max(
      params.width / (meta.width || params.width),
      params.height ? params.height / (meta.height || params.height) : 0,
    );
    density = Math.min(2400, Math.max(72, Math.ceil(72 * scale)));
  }
  let pipeline = sharp(input, { density, limitInputPixels: 40_000_000 })
    .rotate()
    .resize({
      width: params.width,
      height: params.height ?? undefined,
      fit: params.fit,
      withoutEnlargement: !svg,
      // Transparent edges for contain, so a product shot sits on the page's own background.
      background: { r: 255, g: 255, b: 255, alpha: 0 },
    });
  if (params.blur > 0) pipeline = pipeline.blur(params.blur);
  switch (params.format) {
    case "webp":
      pipeline = pipeline.webp({ quality: params.quality });
      break;
    case "avif":
      pipeline = pipeline.avif({ quality: params.quality });
      break;
    case "jpeg":
      pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: params.quality, mozjpeg: true });
      break;
    case "png":
      pipeline = pipeline.png({ quality: params.quality, palette: params.quality < 100 });
      break;
  }
  const body = await pipeline.toBuffer();
  encodeCount++;
  return { body, contentType: CONTENT_TYPES[params.format], etag };
}

/** The optimised image, from the cache or made now; null when the source does not exist. */
export async function optimisedImage(params: ImageParams): Promise<EncodedImage | null> {
  const source = await findSource(params.src);
  if (!source) return null;
  const key = `${imageCacheKey(params)}|${source.version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = encode(source.file, params, etagFor(imageCacheKey(params), source.version))
      .then((image) => {
        cache.set(key, image);
        return image;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
