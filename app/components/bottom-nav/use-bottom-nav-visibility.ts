import { useEffect, useRef, useState } from "react";
import {
  NAV_SCROLL,
  initialScrollState,
  isTextEntry,
  scrollSettled,
  scrolled,
  type ScrollState,
} from "~/models/basket-nav";

/**
 * Spec 1 §4: the bar hides on a quick scroll down (away from the top), comes back once scrolling has stopped for
 * 220 ms or near the top, and hides while the shopper is typing (the on-screen keyboard would push it up over the
 * field). Without script it simply stays.
 */
export function useBottomNavHidden(): boolean {
  const [state, setState] = useState<ScrollState>(() => initialScrollState(0, 0));
  const [typing, setTyping] = useState(false);
  // The scroll handler's own copy: every setState below writes it first, so it never lags the state.
  const stateRef = useRef(state);

  useEffect(() => {
    stateRef.current = initialScrollState(window.scrollY, performance.now());
    setState(stateRef.current);
    let settle: number | undefined;
    const onScroll = () => {
      const next = scrolled(stateRef.current, window.scrollY, performance.now());
      if (next !== stateRef.current) {
        stateRef.current = next;
        setState(next);
      }
      window.clearTimeout(settle);
      settle = window.setTimeout(() => {
        stateRef.current = scrollSettled(stateRef.current);
        setState(stateRef.current);
      }, NAV_SCROLL.settleMs);
    };
    const onFocusIn = (event: FocusEvent) => setTyping(isTextEntry(event.target as HTMLElement | null));
    const onFocusOut = () => setTyping(isTextEntry(document.activeElement as HTMLElement | null));
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    return () => {
      window.clearTimeout(settle);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  return state.hidden || typing;
}
