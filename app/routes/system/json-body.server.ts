import type { z } from "zod";

export type JsonBody<T> = { ok: true; value: T } | { ok: false; status: 400 | 413 };

/**
 * A small JSON body sent by the page's own script (Web Vitals, client log batches): read up to `maxBytes` and no
 * further (a larger body is 413 without being held in memory), then parsed and checked by `schema` (400 otherwise).
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, maxBytes: number, schema: S): Promise<JsonBody<z.infer<S>>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, status: 413 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, status: 413 };
      }
      chunks.push(value);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return { ok: false, status: 400 };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: 400 };
}
