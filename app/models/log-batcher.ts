/**
 * The browser's log entries and which are worth sending (spec 1 §9: warn, error and fatal only; API request entries
 * answered 304 skipped). Batching is the shared LogBatcher (platform/contract/log-batches.ts).
 */
import { LogBatcher, type BatcherOptions } from "#contract/log-batches";

export { LOG_BATCH_SIZE, LOG_FLUSH_MS, LOG_RETRIES } from "#contract/log-batches";

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

export function worthSending(entry: BrowserLogEntry): boolean {
  if (entry.type === "api_request" && entry.status === 304) return false;
  return entry.level === "warn" || entry.level === "error" || entry.level === "fatal";
}

/** The browser's batcher: entries not worth sending never join a batch. */
export class BrowserLogBatcher {
  private readonly batcher: LogBatcher<BrowserLogEntry>;

  constructor(options: BatcherOptions<BrowserLogEntry>) {
    this.batcher = new LogBatcher(options);
  }

  add(entry: BrowserLogEntry): void {
    if (worthSending(entry)) this.batcher.add(entry);
  }

  flush(): Promise<void> {
    return this.batcher.flush();
  }

  get waiting(): number {
    return this.batcher.waiting;
  }
}
