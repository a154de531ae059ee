import { useEffect, useState } from "react";
import { SEARCH_PENDING_INDICATOR_MS } from "~/models/item-search";

/** Shows that a request is still running only once it has taken long enough to notice (UX.md). */
export function useSlow(busy: boolean): boolean {
  const [slow, setSlow] = useState(false);
  if (!busy && slow) setSlow(false);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setSlow(true), SEARCH_PENDING_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return busy && slow;
}
