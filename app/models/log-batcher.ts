/**
 * The browser's log batches (spec 1 §9): warn, error and fatal entries go in batches of at most 25, sent when 25 are
 * waiting or 5000 ms after the first of a batch, a failed send tried again at most 3 times, then dropped — logging
 * never gets in the shopper's way. API request entries answered 304 are not worth sending and are skipped.
 */

export const LOG_BATCH_SIZE = 25;
export const LOG_FLUSH_MS = 5000;
export const LOG_RETRIES = 3;

export type BrowserLogLevel = "warn" | "error" | "fatal";

export interface BrowserLogEntry {
  level: BrowserLogLevel;
  message: string;
  url: string;
  stack?: string;
  /** What the entry records ("client_log" when unset; "api_request" for a call the page made). */
  type?: string;
  /** An api_request's answer status. */
  status?: number;
}

export interface LogBatcherOptions {
  /** Sends one batch; resolves true when it was taken. A throw counts as a failure. */
  send(entries: BrowserLogEntry[]): Promise<boolean>;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export function worthSending(entry: BrowserLogEntry): boolean {
  if (entry.type === "api_request" && entry.status === 304) return false;
  return entry.level === "warn" || entry.level === "error" || entry.level === "fatal";
}

export class LogBatcher {
  private queue: BrowserLogEntry[] = [];
  private timer: unknown = null;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly options: LogBatcherOptions) {}

  /** Queues an entry; a full batch goes at once, otherwise the batch goes LOG_FLUSH_MS after its first entry. */
  add(entry: BrowserLogEntry): void {
    if (!worthSending(entry)) return;
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

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.options.clearTimer(this.timer);
    this.timer = null;
  }

  /** Batches go one after another, never two at once. */
  private chain(batch: BrowserLogEntry[]): void {
    this.sending = this.sending.then(() => this.sendWithRetries(batch));
  }

  /** How many entries wait to be sent. */
  get waiting(): number {
    return this.queue.length;
  }

  private async sendWithRetries(batch: BrowserLogEntry[]): Promise<void> {
    for (let attempt = 0; attempt <= LOG_RETRIES; attempt++) {
      try {
        if (await this.options.send(batch)) return;
      } catch {
        // A failure like any other: try again, or give up below.
      }
    }
  }
}
