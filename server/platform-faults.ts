import express from "express";
import type { PlatformTransport } from "../app/services/platform-client.server";
import { fillPath } from "#contract";

/**
 * Test-only platform faults (TEST_CLOCK servers, never production): a journey asks that the platform's next answers
 * to one path fail (or come late, `delayMs`: the storefront's time-out, PLATFORM_TIMEOUT_MS, then gives up on them),
 * for its own client address only (each test is a shopper on an address of its own, e2e/fixtures),
 * so journeys running in parallel never see each other's faults. This is how a test makes a page show the spec's
 * message for a failed call ('There was an error getting your marketing preferences' …).
 *
 * Two more kinds, for what a remote platform could answer but this one never does:
 * - `shared`: the fault hits the storefront's shared reads (business profile, white-label settings, content), which
 *   carry no shopper's address. Every shopper sees it, so only journeys that have a server to themselves (the
 *   serial `*.clock.spec.ts` projects) may ask for it; asking empties the storefront's cache of shared reads.
 * - `edit`: the answer is not failed but altered, as a faulty platform might send it: "slot-times-equal" gives every
 *   listed slot (or only the ASAP or future ones, `kind`) and the basket's held slot an end equal to its start;
 *   "slot-end-blank" blanks the held slot's end. The storefront must refuse such slots with the spec's words.
 *   "asap-twin" lists a broken copy (end equal to start) before each ASAP slot: the storefront must swap a broken
 *   ASAP choice for the good one. "server-time" makes GET /api/server-time answer `at`, so a page can show that the
 *   platform's clock, not the storefront's, decides a rule.
 */
export interface PlatformFaults {
  transport: PlatformTransport;
  mount(app: express.Express): void;
}

export type AnswerEdit =
  | { edit: "slot-times-equal" | "slot-end-blank"; kind?: "asap" | "future" }
  | { edit: "asap-twin" }
  | { edit: "server-time"; at: string };

const EDIT_REFUSED =
  "edit must be slot-times-equal or slot-end-blank (kind asap or future), asap-twin, or server-time with an ISO instant at";

type Fault = { times: number; status: number; edit: AnswerEdit | null; delayMs: number };

/** Waits `ms` (a slow platform), then the answer comes as it would have. */
const later = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function platformFaults(inner: PlatformTransport, invalidateShared: () => void = () => {}): PlatformFaults {
  /** `${clientIp} ${path}` → how many more answers fail (or are edited), and how. */
  const pending = new Map<string, Fault>();
  /** The fault due for this shopper and path, counted as used; null when none is. */
  function take(clientIp: string, path: string): Fault | null {
    const key = `${clientIp} ${path}`;
    const fault = pending.get(key);
    if (!fault) return null;
    if (--fault.times <= 0) pending.delete(key);
    return fault;
  }
  const failure = (status: number) => ({
    status,
    body: { status, errorCode: "TEST_FAULT", message: "Deliberate test fault" },
  });
  const { invoke } = inner;
  return {
    transport: {
      baseUrl: inner.baseUrl,
      ...(inner.checkAnswers === undefined ? {} : { checkAnswers: inner.checkAnswers }),
      ...(inner.identity === undefined ? {} : { identity: inner.identity }),
      ...(inner.timeoutMs === undefined ? {} : { timeoutMs: inner.timeoutMs }),
      async fetch(request) {
        const fault = take(request.headers.get("x-client-ip") ?? "", new URL(request.url).pathname);
        if (!fault) return inner.fetch(request);
        if (fault.delayMs > 0) {
          await later(fault.delayMs);
          if (fault.status === 0) return inner.fetch(request);
        }
        if (!fault.edit) {
          const { status, body } = failure(fault.status);
          return Response.json(body, { status });
        }
        const answer = await inner.fetch(request);
        if (!answer.ok) return answer;
        return Response.json(editAnswer(await answer.json(), fault.edit), { status: answer.status });
      },
      // The in-process calls fail the same way, by the path the call would have been sent to.
      ...(invoke
        ? {
            async invoke(endpoint, input, call) {
              const fault = take(call.clientIp ?? "", fillPath(endpoint.path, input).path);
              if (!fault) return invoke(endpoint, input, call);
              if (fault.delayMs > 0) {
                await later(fault.delayMs);
                if (fault.status === 0) return invoke(endpoint, input, call);
              }
              if (!fault.edit) return failure(fault.status);
              const answer = await invoke(endpoint, input, call);
              if (answer.status < 200 || answer.status >= 300) return answer;
              return { ...answer, body: editAnswer(structuredClone(answer.body), fault.edit) };
            },
          }
        : {}),
    },
    mount(app) {
      app.post("/__test/platform-fault", express.json(), (req, res) => {
        const body = (req.body ?? {}) as {
          path?: unknown;
          times?: unknown;
          status?: unknown;
          shared?: unknown;
          edit?: unknown;
          kind?: unknown;
          at?: unknown;
          delayMs?: unknown;
        };
        if (typeof body.path !== "string" || !body.path.startsWith("/api/")) {
          res.status(400).json({ message: "path must be an /api/ path" });
          return;
        }
        const edit = readEdit(body.edit, body.kind, body.at);
        if (edit === undefined) {
          res.status(400).json({ message: EDIT_REFUSED });
          return;
        }
        const times = typeof body.times === "number" && body.times > 0 ? Math.min(body.times, 100) : 1;
        const delayMs = typeof body.delayMs === "number" && body.delayMs > 0 ? Math.min(body.delayMs, 60_000) : 0;
        // A late answer is the platform's own unless a failing status is asked for too.
        const status =
          typeof body.status === "number" && body.status >= 400 && body.status < 600
            ? body.status
            : delayMs > 0
              ? 0
              : 500;
        const shared = body.shared === true;
        pending.set(`${shared ? "" : (req.ip ?? "")} ${body.path}`, { times, status, edit, delayMs });
        if (shared) invalidateShared();
        res.json({ ok: true, clientIp: shared ? null : req.ip, path: body.path, times, status, edit, delayMs });
      });
    },
  };
}

/** The edit asked for; null for none, undefined when it is not one this hook knows. */
function readEdit(edit: unknown, kind: unknown, at: unknown): AnswerEdit | null | undefined {
  if (edit === undefined || edit === null) return null;
  if (edit === "asap-twin") return { edit };
  if (edit === "server-time") return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? { edit, at } : undefined;
  if (edit !== "slot-times-equal" && edit !== "slot-end-blank") return undefined;
  if (kind === undefined || kind === null) return { edit };
  return kind === "asap" || kind === "future" ? { edit, kind } : undefined;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Alters listed slots (startTime/endTime with info.isAsap) and held slots (a `selectedSlot` with start/end) in place. */
export function editAnswer(body: unknown, edit: AnswerEdit): unknown {
  if (edit.edit === "server-time") {
    if (body && typeof body === "object" && "timeUTC" in body)
      (body as { timeUTC: string }).timeUTC = new Date(edit.at).toISOString();
    return body;
  }
  const isListedSlot = (value: Json): value is { [key: string]: Json } =>
    !!value &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    typeof value.startTime === "string" &&
    typeof value.endTime === "string" &&
    !!value.info &&
    typeof value.info === "object" &&
    !Array.isArray(value.info);
  const visit = (value: Json): void => {
    if (Array.isArray(value)) {
      if (edit.edit === "asap-twin") {
        // Each ASAP slot gets a broken twin listed just before it: same start, end equal to the start.
        for (let at = value.length - 1; at >= 0; at--) {
          const slot = value[at]!;
          if (isListedSlot(slot) && (slot.info as { isAsap?: Json }).isAsap === true)
            value.splice(at, 0, { ...structuredClone(slot), endTime: slot.startTime as string });
        }
      }
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== "object") return;
    if (edit.edit === "asap-twin") {
      for (const child of Object.values(value)) visit(child);
      return;
    }
    if (isListedSlot(value)) {
      const isAsap = (value.info as { isAsap?: Json }).isAsap === true;
      const wanted = edit.kind === undefined || (edit.kind === "asap") === isAsap;
      if (wanted && edit.edit === "slot-times-equal") value.endTime = value.startTime as string;
    }
    const held = value.selectedSlot;
    if (held && typeof held === "object" && !Array.isArray(held) && typeof held.start === "string") {
      held.end = edit.edit === "slot-times-equal" ? held.start : "";
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(body as Json);
  return body;
}
