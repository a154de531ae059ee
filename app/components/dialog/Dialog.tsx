import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import * as s from "./Dialog.css";

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the dialog closes itself: Escape, the close button, or a navigation away. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The storefront's modal dialog (spec 2 §2 modals), for pages with script; each one has a plain page that does the
 * same without script. The native modal <dialog> makes the page behind inert and closes on Escape, and Tab wraps round
 * inside it (tabStops below); on closing, focus goes back to whatever opened it. A navigation closes it, and the page
 * behind cannot scroll while it is open (the lock is lifted however it closes, unmount included).
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      openedAt.current = location.key;
      dialog.showModal();
      document.documentElement.classList.add(s.scrollLocked);
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // location.key is read only when opening; a navigation is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A navigation (a link inside, a redirect after a post) closes the dialog.
  useEffect(() => {
    if (open && location.key !== openedAt.current) onClose();
  }, [location.key, open, onClose]);

  useEffect(() => () => document.documentElement.classList.remove(s.scrollLocked), []);

  // The native modal dialog makes the page behind inert, but Tab past its last control leaves for the browser's own
  // controls: focus is held by wrapping round to the first (and Shift+Tab from the first to the last).
  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !ref.current) return;
    const stops = tabStops(ref.current);
    const active = document.activeElement;
    if (stops.length === 0) {
      event.preventDefault();
      return;
    }
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    if (
      event.shiftKey
        ? active === first || !ref.current.contains(active)
        : active === last || !ref.current.contains(active)
    ) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  }

  function handleClose() {
    document.documentElement.classList.remove(s.scrollLocked);
    const back = opener.current;
    opener.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    onClose();
  }

  return (
    <dialog ref={ref} className={s.dialog} aria-labelledby={titleId} onClose={handleClose} onKeyDown={handleKeyDown}>
      {open ? (
        <>
          <div className={s.header}>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            <button type="button" className={s.close} aria-label="Close" onClick={() => ref.current?.close()}>
              ×
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]';

/** The controls Tab stops at, in order: shown, enabled, not taken out of the order; one radio button per group. */
function tabStops(root: HTMLElement): HTMLElement[] {
  const radioGroups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.getClientRects().length === 0) return false;
    if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
      const group = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
      const stop = group.find((r) => r.checked) ?? group[0];
      if (stop !== el || radioGroups.has(el.name)) return false;
      radioGroups.add(el.name);
    }
    return true;
  });
}
