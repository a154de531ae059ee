/**
 * A request body as text, read up to `maxBytes` and no further: `null` as soon as it passes the limit (by its
 * declared length, before reading, or while reading), so a large body is never held whole. The platform's router
 * answers that with its 413; the storefront's small JSON endpoints (/_vitals, /_log) with theirs.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
