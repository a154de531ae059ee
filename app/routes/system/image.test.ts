import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageEncodeCount } from "~/services/images.server";
import { loader } from "./image";

async function get(query: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://shop.test/img?${query}`, { headers });
  return (await loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0])) as Response;
}

describe("/img (spec 1 §7, §9)", () => {
  it("renders a catalogue SVG as WebP at the snapped size, cacheable for a day", async () => {
    const response = await get("src=/catalogue/bakery.svg&w=300&h=300");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
  });

  it("answers a repeat from memory and a known ETag with 304", async () => {
    const first = await get("src=/catalogue/pizza.svg&w=640&h=320&fmt=png");
    expect(first.status).toBe(200);
    const encoded = imageEncodeCount();
    const second = await get("src=/catalogue/pizza.svg&w=640&h=320&fmt=png");
    expect(second.status).toBe(200);
    expect(imageEncodeCount()).toBe(encoded);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const meta = await sharp(Buffer.from(await second.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", width: 640, height: 320 });

    const revalidated = await get("src=/catalogue/pizza.svg&w=640&h=320&fmt=png", {
      "If-None-Match": first.headers.get("etag")!,
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("makes the blurred placeholder 10x10", async () => {
    const response = await get("src=/catalogue/fish.svg&w=320&h=320&placeholder=1");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 10, height: 10 });
  });

  it("refuses bad parameters with 400 and says why", async () => {
    const response = await get("src=/catalogue/bakery.svg&fmt=bmp");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("fmt must be one of webp, avif, jpeg, png");
    const outside = await get("src=/etc/passwd");
    expect(outside.status).toBe(400);
  });

  it("answers 404 for a source that does not exist", async () => {
    const response = await get("src=/catalogue/no-such-image.svg");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("No image at /catalogue/no-such-image.svg");
  });
});
