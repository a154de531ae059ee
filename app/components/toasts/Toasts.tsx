import { useEffect, useState } from "react";
import type { Toast } from "~/models/shopper";
import * as styles from "./Toasts.css";

/** Spec 1 §9: toasts stay 3000 ms, bottom centre. */
export const TOAST_TIMEOUT_MS = 3000;

/**
 * Flash messages in a polite live region. Without JavaScript the message is simply part of the page; with it,
 * each toast leaves after the timeout.
 */
export function Toasts({ toast }: { toast: Toast | null }) {
  // The toast whose time is up; a new toast from the server is shown again.
  const [expired, setExpired] = useState<Toast | null>(null);
  const shown = toast !== expired ? toast : null;

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setExpired(toast), TOAST_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {shown ? (
        <p className={styles.toast[shown.kind]} data-kind={shown.kind}>
          {shown.message}
        </p>
      ) : null}
    </div>
  );
}
