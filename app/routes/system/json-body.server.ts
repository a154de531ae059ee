import type { z } from "zod";
import { readBodyUpTo } from "#contract/body-limit";

export type JsonBody<T> = { ok: true; value: T } | { ok: false; status: 400 | 413 };

/**
 * A small JSON body sent by the page's own script (Web Vitals, client log batches): read up to `maxBytes` and no
 * further (a larger body is 413 without being held in memory), then parsed and checked by `schema` (400 otherwise).
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  maxBytes: number,
  schema: S,
): Promise<JsonBody<z.infer<S>>> {
  const text = await readBodyUpTo(request, maxBytes);
  if (text === null) return { ok: false, status: 413 };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, status: 400 };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, status: 400 };
}
