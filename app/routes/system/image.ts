import type { Route } from "./+types/image";
import { IMAGE_CACHE_MAX_AGE_SECONDS, parseImageParams } from "~/models/images";
import { imageEtag, optimisedImage } from "~/services/images.server";

const CACHE_CONTROL = `public, max-age=${IMAGE_CACHE_MAX_AGE_SECONDS}`;

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The image optimisation route (spec 1 §7, §9): /img?src=/catalogue/x.svg&w=320&h=320&fmt=webp&q=75&fit=cover.
 * Bad parameters answer 400 saying which, a missing source 404; results are cached by browsers for a day and
 * revalidated by ETag, and kept in the server's memory so a repeat is not encoded again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseImageParams(url.searchParams);
  if (!parsed.ok) return text(400, parsed.message);

  const etag = await imageEtag(parsed.params);
  if (!etag) return text(404, `No image at ${parsed.params.src}`);
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE_CONTROL } });
  }

  const image = await optimisedImage(parsed.params);
  if (!image) return text(404, `No image at ${parsed.params.src}`);
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": CACHE_CONTROL,
      ETag: image.etag,
    },
  });
}
