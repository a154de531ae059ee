/**
 * GET /builds/latest.json (spec 1 §7): the running build's id, never cached. With instances of two builds behind one
 * address during a rollout, a page built by the old one sees the new id and reloads (app/components/build-update).
 * The `timestamp` query the spec's client sends only defeats caches on the way; it changes nothing here.
 */
export function loader() {
  // X-Content-Type-Options comes with every answer (server/security.ts): set here too, it was sent twice.
  return Response.json({ id: __BUILD_ID__ }, { headers: { "Cache-Control": "no-store" } });
}
