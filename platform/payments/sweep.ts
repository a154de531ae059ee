import type { Logger } from "../logger";
import type { ReconcileSummary } from "./reconcile";

export interface PaymentSweep {
  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs the payment reconciliation sweep every `everyMs`. A sweep still running when the next is due is not doubled
 * (that tick is skipped), and the timer alone does not keep the process alive. Quiet sweeps are not logged.
 */
export function startPaymentSweep(
  reconcile: () => Promise<ReconcileSummary>,
  everyMs: number,
  log: Logger,
): PaymentSweep {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcile()
      .then((summary) => {
        if (summary.placed > 0 || summary.closed > 0) log.info("payments.sweep", { ...summary });
      })
      .catch((error: unknown) =>
        log.error("payments.sweep_failed", { error: error instanceof Error ? error.stack : String(error) }),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
