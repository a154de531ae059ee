// Load on loopback with autocannon. Latency percentiles come from every response's own time, because
// autocannon's summary skips p95, which is the figure the budget names. With a CPU sampler (cpu.ts), the server's
// CPU is sampled right before and after the measured phase (not the warm-up): CPU milliseconds per response.
import autocannon from "autocannon";
import { request } from "node:http";
import type { CpuSampler } from "./cpu";

export interface LoadSettings {
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

export const defaultLoad: LoadSettings = { connections: 20, warmUpSeconds: 1, seconds: 5 };

/** What browsers send; a server that compresses answers these requests compressed. */
export const browserHeaders = { "accept-encoding": "gzip, br", accept: "text/html,*/*" };

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  responses: number;
  /** Responses whose status was not the one expected, plus connection errors and time-outs. */
  failures: number;
  /** The server's CPU milliseconds over the measured phase, and per response; null when not sampled. */
  cpuMs: number | null;
  cpuMsPerRequest: number | null;
}

/** CPU milliseconds per response; NaN (a figure missing) when the CPU could not be read or nothing was served. */
export function cpuPerRequest(cpuMs: number, responses: number): number {
  return Number.isFinite(cpuMs) && cpuMs >= 0 && responses > 0 ? cpuMs / responses : Number.NaN;
}

export interface Probe {
  status: number;
  contentEncoding: string | null;
  bytes: number;
}

/** One request as a browser makes it, to learn the status and whether the body came compressed. */
export function probe(url: string, headers: Record<string, string> = {}): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...browserHeaders, ...headers } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => {
        const encoding = res.headers["content-encoding"];
        resolve({
          status: res.statusCode ?? 0,
          contentEncoding: encoding && encoding !== "identity" ? encoding : null,
          bytes,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function cannon(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
  onResponse?: (status: number, ms: number) => void,
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { ...browserHeaders, ...headers } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

export async function measure(
  url: string,
  expectStatus: number,
  settings = defaultLoad,
  headers: Record<string, string> = {},
  cpu?: CpuSampler,
): Promise<LoadResult> {
  await cannon(url, settings.warmUpSeconds, settings.connections, headers);
  const times: number[] = [];
  let unexpected = 0;
  const cpuBefore = cpu?.();
  const result = await cannon(url, settings.seconds, settings.connections, headers, (status, ms) => {
    times.push(ms);
    if (status !== expectStatus) unexpected += 1;
  });
  const cpuMs = cpu && cpuBefore !== undefined ? cpu() - cpuBefore : null;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: times.length / result.duration,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    responses: times.length,
    failures: unexpected + result.errors + result.timeouts,
    cpuMs,
    cpuMsPerRequest: cpuMs === null ? null : cpuPerRequest(cpuMs, times.length),
  };
}
