/**
 * Build updates (spec 1 §4, §9): when a newer build is live, an open page reloads, at most once per path in 10 s, so
 * a page that keeps meeting a build it cannot load (a rollout in progress, a cached old page) never loops.
 */

export const BUILD_RELOAD_WINDOW_MS = 10_000;
export const LATEST_BUILD_PATH = "/builds/latest.json";

/** When each path last reloaded for a build update (ms since the epoch). */
export type ReloadLog = Record<string, number>;

/** Whether the page at `path` reloads, given the live build's id; null when the check failed. */
export function shouldReloadForBuild(
  liveId: string | null,
  runningId: string,
  path: string,
  now: number,
  log: ReloadLog,
): boolean {
  if (!liveId || liveId === runningId) return false;
  const last = log[path];
  return last === undefined || now - last >= BUILD_RELOAD_WINDOW_MS;
}

/** The log with this reload in it, and entries older than the window dropped (it stays small). */
export function logReload(log: ReloadLog, path: string, now: number): ReloadLog {
  const kept: ReloadLog = {};
  for (const [p, at] of Object.entries(log)) if (now - at < BUILD_RELOAD_WINDOW_MS) kept[p] = at;
  kept[path] = now;
  return kept;
}

/** The reload log as kept in sessionStorage; anything unreadable is an empty log. */
export function parseReloadLog(raw: string | null): ReloadLog {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1])),
    );
  } catch {
    return {};
  }
}

/** The live build's id from the answer of LATEST_BUILD_PATH, or null. */
export function liveBuildId(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" && id.length > 0 && id.length <= 100 ? id : null;
}
