// The faults the scale test makes while the shoppers shop, each with what it must show:
// - an instance killed (SIGKILL): its shoppers' next requests go to the others, and it is started again;
// - PostgreSQL restarted: meanwhile every instance answers the "try again in a moment" page (503) at once, and each
//   serves pages again by itself within 10 s of the server's return;
// - slow platform answers (a fourth instance in test mode, whose fault hook production refuses): a late GET answer is
//   given up on after PLATFORM_TIMEOUT_MS and asked once more, a late POST answer is not (spec 1 §7);
// - an instance stopped (SIGTERM) with requests in flight: they finish with their answers and it exits with 0.
import { setTimeout as sleep } from "node:timers/promises";
import { Session, textOf } from "../bench/session";
import { chooseCollection, selectStore } from "../bench/shopper";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#contract/service-unavailable";
import type { Outcome, Proxy } from "./proxy";

/** A page whose answer needs the database: the time-slot listing (a shopper's own call, never cached). */
export const PROBE_PATH = "/stores/victoria-street-1/time-slots";
export const RECOVERY_LIMIT_MS = 10_000;

export interface Instance {
  name: string;
  origin: string;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface FaultResult {
  name: string;
  passed: boolean;
  lines: string[];
}

/** A shopper session for probing instances directly (its cookie opens the same session on any instance). */
export async function probeSession(origin: string, address: string): Promise<Session> {
  const session = new Session(origin, (url, init) =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
      signal: AbortSignal.timeout(30_000),
    }),
  );
  await selectStore(session);
  await chooseCollection(session);
  return session;
}

/** One probe of a page on one instance with the probe's cookie: status, time, and whether it is the 503 page. */
async function probe(
  origin: string,
  session: Session,
  address?: string,
): Promise<{ status: number | "failed"; ms: number; clear503: boolean }> {
  const started = performance.now();
  const headers: Record<string, string> = {
    Cookie: session.cookie,
    ...(address ? { "X-Forwarded-For": address } : {}),
  };
  try {
    const response = await fetch(origin + PROBE_PATH, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    const html = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      clear503: response.status === 503 && textOf(html).includes(SERVICE_UNAVAILABLE_MESSAGE),
    };
  } catch {
    return { status: "failed", ms: performance.now() - started, clear503: false };
  }
}

const round = (ms: number) => `${Math.round(ms)} ms`;

/** SIGKILL: whatever it was answering breaks; the proxy sends the next requests elsewhere. */
export async function killInstance(instance: Instance, proxy: Proxy): Promise<FaultResult> {
  const inFlight = proxy.inFlight(instance.name).length;
  instance.kill("SIGKILL");
  const exit = await instance.exited;
  return {
    name: `SIGKILL instance ${instance.name}`,
    passed: exit.signal === "SIGKILL",
    lines: [`killed with ${inFlight} requests in flight (their connections broke; the shoppers sent them again)`],
  };
}

/** PostgreSQL stopped for `downMs`, the instances probed meanwhile, then started and the instances' recovery timed. */
export async function restartPostgres(
  database: { stop(): void; start(): void },
  instances: () => Instance[],
  session: Session,
  downMs: number,
): Promise<FaultResult> {
  const stoppedAt = performance.now();
  database.stop();
  const stopMs = performance.now() - stoppedAt;
  const during: { status: number | "failed"; ms: number; clear503: boolean }[] = [];
  while (performance.now() - stoppedAt < downMs) {
    during.push(...(await Promise.all(instances().map((instance) => probe(instance.origin, session)))));
    await sleep(250);
  }
  database.start();
  const backAt = performance.now();
  const recovery = await Promise.all(
    instances().map(async (instance) => {
      for (;;) {
        const answer = await probe(instance.origin, session);
        if (answer.status === 200) return { name: instance.name, ms: performance.now() - backAt };
        if (performance.now() - backAt > 30_000) return { name: instance.name, ms: Number.POSITIVE_INFINITY };
        await sleep(100);
      }
    }),
  );
  const slowest = Math.max(...recovery.map((entry) => entry.ms));
  const clear = during.filter((answer) => answer.clear503).length;
  const slowestOutage = Math.max(0, ...during.map((answer) => answer.ms));
  const passed = during.length > 0 && clear === during.length && slowestOutage < 5_000 && slowest <= RECOVERY_LIMIT_MS;
  return {
    name: "PostgreSQL restarted",
    passed,
    lines: [
      `stopped (fast shutdown, ${round(stopMs)}), down ${round(downMs)}, started again`,
      `while down: ${clear} of ${during.length} probes answered the 503 "try again in a moment" page, ` +
        `the slowest in ${round(slowestOutage)}` +
        (clear === during.length
          ? ""
          : ` (others: ${[...new Set(during.filter((answer) => !answer.clear503).map((answer) => String(answer.status)))].join(", ")})`),
      `recovered by themselves: ${recovery.map((entry) => `${entry.name} ${round(entry.ms)}`).join(", ")} ` +
        `after the server was back (limit ${RECOVERY_LIMIT_MS / 1000} s)`,
    ],
  };
}

/** The test-mode instance's fault hook: the next `times` answers to `path` for this address (or shared) come late. */
async function slowAnswers(
  origin: string,
  address: string,
  fault: { path: string; delayMs: number; times: number; shared?: boolean },
): Promise<void> {
  const response = await fetch(`${origin}/__test/platform-fault`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify(fault),
  });
  if (response.status !== 200) throw new Error(`the fault hook answered ${response.status}`);
}

/**
 * Slow platform answers against the storefront's time-out (spec 1 §7: GET retried once, other methods never), on the
 * test-mode instance, whose PLATFORM_TIMEOUT_MS is `timeoutMs`.
 */
export async function slowPlatform(origin: string, address: string, timeoutMs: number): Promise<FaultResult> {
  const session = await probeSession(origin, address);
  // Late enough that waiting for the answer, rather than giving up on it, shows in the time even on a busy machine;
  // whether an attempt was made again shows in the status (only the first attempt is late).
  const delayMs = timeoutMs * 6;
  const lines: string[] = [];
  let passed = true;
  const expect = (what: string, ok: boolean) => {
    lines.push(`${ok ? "ok" : "FAILED"}: ${what}`);
    passed &&= ok;
  };
  // A POST (the slot listing) answered late: no second attempt, the 503 page after one time-out.
  await slowAnswers(origin, address, { path: "/api/stores/timeslots/list", delayMs, times: 1 });
  const post = await probe(origin, session, address);
  expect(
    `a POST answer ${delayMs} ms late: page ${post.status} in ${round(post.ms)} (given up after ${timeoutMs} ms and not asked again)`,
    post.clear503 && post.ms >= timeoutMs && post.ms < delayMs,
  );
  const reload = await probe(origin, session, address);
  expect(`reloaded: page ${reload.status} in ${round(reload.ms)}`, reload.status === 200);
  // A GET (the business profile, a shared read) answered late once: given up on, asked again, the page served.
  await slowAnswers(origin, address, { path: "/api/business/profile", delayMs, times: 1, shared: true });
  const get = await probe(origin, session, address);
  expect(
    `a GET answer ${delayMs} ms late once: page ${get.status} in ${round(get.ms)} (given up after ${timeoutMs} ms, asked once more)`,
    get.status === 200 && get.ms >= timeoutMs && get.ms < delayMs,
  );
  // The same GET late twice: both attempts given up on, the 503 page after two time-outs.
  await slowAnswers(origin, address, { path: "/api/business/profile", delayMs, times: 2, shared: true });
  const twice = await probe(origin, session, address);
  expect(
    `a GET answer late twice: page ${twice.status} in ${round(twice.ms)} (two time-outs, then the 503 page)`,
    twice.clear503 && twice.ms >= timeoutMs * 2 && twice.ms < delayMs,
  );
  return { name: `slow platform answers (PLATFORM_TIMEOUT_MS=${timeoutMs})`, passed, lines };
}

/**
 * SIGTERM while the instance answers requests: each of them must finish with its answer (no reset, no 5xx) and the
 * process must exit with 0 (server.ts's graceful stop).
 */
export async function stopInstance(instance: Instance, proxy: Proxy): Promise<FaultResult> {
  // Signalled at a moment it is answering something (under this load that is at once).
  for (let waited = 0; proxy.inFlight(instance.name).length === 0 && waited < 5000; waited += 2) await sleep(2);
  const inFlight = new Map(proxy.inFlight(instance.name).map((request) => [request.id, request]));
  const outcomes: Outcome[] = [];
  const stopListening = proxy.onOutcome((outcome) => {
    if (inFlight.has(outcome.request.id)) outcomes.push(outcome);
  });
  const signalledAt = performance.now();
  instance.kill("SIGTERM");
  const exit = await instance.exited;
  const exitMs = performance.now() - signalledAt;
  stopListening();
  const statuses = new Map<string, number>();
  for (const outcome of outcomes) statuses.set(String(outcome.status), (statuses.get(String(outcome.status)) ?? 0) + 1);
  const finished = outcomes.filter((outcome) => typeof outcome.status === "number" && outcome.status < 500).length;
  const passed = inFlight.size > 0 && finished === inFlight.size && exit.code === 0;
  return {
    name: `SIGTERM instance ${instance.name}`,
    passed,
    lines: [
      `${inFlight.size} requests in flight when signalled; ${finished} finished with their answers ` +
        `(${[...statuses].map(([status, n]) => `${n} × ${status}`).join(", ") || "none"})`,
      `exited with ${exit.code ?? exit.signal} after ${round(exitMs)}`,
    ],
  };
}
