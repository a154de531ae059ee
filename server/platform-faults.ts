import express from "express";
import type { PlatformTransport } from "../app/services/platform-client.server";
import { fillPath } from "../platform/contract";

/**
 * Test-only platform faults (TEST_CLOCK servers, never production): a journey asks that the platform's next answers
 * to one path fail, for its own client address only (each test is a shopper on an address of its own, e2e/fixtures),
 * so journeys running in parallel never see each other's faults. This is how a test makes a page show the spec's
 * message for a failed call ('There was an error getting your marketing preferences' …).
 */
export interface PlatformFaults {
  transport: PlatformTransport;
  mount(app: express.Express): void;
}

export function platformFaults(inner: PlatformTransport): PlatformFaults {
  /** `${clientIp} ${path}` → how many more answers fail, and with what status. */
  const pending = new Map<string, { times: number; status: number }>();
  /** The fault due for this shopper and path, counted as used; null when none is. */
  function take(clientIp: string, path: string): { status: number; body: Record<string, unknown> } | null {
    const key = `${clientIp} ${path}`;
    const fault = pending.get(key);
    if (!fault) return null;
    if (--fault.times <= 0) pending.delete(key);
    return { status: fault.status, body: { status: fault.status, errorCode: "TEST_FAULT", message: "Deliberate test fault" } };
  }
  const { invoke } = inner;
  return {
    transport: {
      baseUrl: inner.baseUrl,
      ...(inner.checkAnswers === undefined ? {} : { checkAnswers: inner.checkAnswers }),
      async fetch(request) {
        const fault = take(request.headers.get("x-client-ip") ?? "", new URL(request.url).pathname);
        if (!fault) return inner.fetch(request);
        return Response.json(fault.body, { status: fault.status });
      },
      // The in-process calls fail the same way, by the path the call would have been sent to.
      ...(invoke
        ? {
            async invoke(endpoint, input, call) {
              return take(call.clientIp ?? "", fillPath(endpoint.path, input).path) ?? invoke(endpoint, input, call);
            },
          }
        : {}),
    },
    mount(app) {
      app.post("/__test/platform-fault", express.json(), (req, res) => {
        const body = (req.body ?? {}) as { path?: unknown; times?: unknown; status?: unknown };
        if (typeof body.path !== "string" || !body.path.startsWith("/api/")) {
          res.status(400).json({ message: "path must be an /api/ path" });
          return;
        }
        const times = typeof body.times === "number" && body.times > 0 ? Math.min(body.times, 100) : 1;
        const status = typeof body.status === "number" && body.status >= 400 && body.status < 600 ? body.status : 500;
        pending.set(`${req.ip ?? ""} ${body.path}`, { times, status });
        res.json({ ok: true, clientIp: req.ip, path: body.path, times, status });
      });
    },
  };
}
