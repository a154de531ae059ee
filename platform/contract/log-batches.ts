/**
 * Log batches (spec 1 §9 client logging): at most 25 entries, sent when 25 wait or 5000 ms after the first of a batch,
 * a failed send tried again at most 3 times, then dropped — logging never gets in anyone's way. Used by the browser
 * (app/client-log.ts) and by the server's cloud log (platform/logging/cloudwatch.ts). No zod here: the browser
 * imports it.
 */

export const LOG_BATCH_SIZE = 25;
export const LOG_FLUSH_MS = 5000;
export const LOG_RETRIES = 3;

export interface BatcherOptions<T> {
  /** Sends one batch; resolves true when it was taken. A throw counts as a failure. */
  send(entries: T[]): Promise<boolean>;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class LogBatcher<T> {
  private queue: T[] = [];
  private timer: unknown = null;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatcherOptions<T>) {}

  /** Queues an entry; a full batch goes at once, otherwise the batch goes LOG_FLUSH_MS after its first entry. */
  add(entry: T): void {
    this.queue.push(entry);
    if (this.queue.length >= LOG_BATCH_SIZE) {
      this.cancelTimer();
      this.chain(this.queue.splice(0, LOG_BATCH_SIZE));
    } else if (this.timer === null) {
      this.timer = this.options.setTimer(() => {
        this.timer = null;
        void this.flush();
      }, LOG_FLUSH_MS);
    }
  }

  /** Sends everything waiting, a batch at a time; resolves when done (sent or given up). */
  flush(): Promise<void> {
    this.cancelTimer();
    while (this.queue.length > 0) this.chain(this.queue.splice(0, LOG_BATCH_SIZE));
    return this.sending;
  }

  /** How many entries wait to be sent. */
  get waiting(): number {
    return this.queue.length;
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.options.clearTimer(this.timer);
    this.timer = null;
  }

  /** Batches go one after another, never two at once. */
  private chain(batch: T[]): void {
    this.sending = this.sending.then(() => this.sendWithRetries(batch));
  }

  private async sendWithRetries(batch: T[]): Promise<void> {
    for (let attempt = 0; attempt <= LOG_RETRIES; attempt++) {
      try {
        if (await this.options.send(batch)) return;
      } catch {
        // A failure like any other: try again, or give up below.
      }
    }
  }
}
