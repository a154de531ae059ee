import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LATEST_BUILD_PATH, liveBuildId, logReload, parseReloadLog, shouldReloadForBuild } from "~/models/build-update";

const LOG_KEY = "buildUpdateReloads";

async function checkBuild(path: string): Promise<void> {
  let live: string | null = null;
  try {
    const response = await fetch(`${LATEST_BUILD_PATH}?timestamp=${Date.now()}`, {
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return;
    live = liveBuildId(await response.json());
  } catch {
    return; // Offline or a bad answer: try again at the next navigation or focus.
  }
  let log = parseReloadLog(null);
  try {
    log = parseReloadLog(window.sessionStorage.getItem(LOG_KEY));
  } catch {
    // Storage refused: without a log, reload only once per page load (the flag below).
  }
  const now = Date.now();
  if (!shouldReloadForBuild(live, __BUILD_ID__, path, now, log) || reloading) return;
  try {
    window.sessionStorage.setItem(LOG_KEY, JSON.stringify(logReload(log, path, now)));
  } catch {
    // As above.
  }
  reloading = true;
  window.location.reload();
}

let reloading = false;

/** Renders nothing: the root's build update check. */
export function BuildUpdate(): null {
  useBuildUpdate();
  return null;
}

/**
 * Spec 1 §4 build update: the live build is checked at each navigation and when the tab comes back into view; a newer
 * one reloads the page, at most once per path in 10 s.
 */
export function useBuildUpdate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The page the server just sent is of the live build: check from the first navigation on.
    if (first.current) {
      first.current = false;
      return;
    }
    void checkBuild(pathname);
  }, [pathname]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkBuild(window.location.pathname);
    };
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}
