import { LogBatcher } from "../contract/log-batches";
import type { Clock } from "../contract";
import { signAwsRequest, type AwsCredentials } from "./sigv4";

/**
 * The cloud log (spec 1 §7, §9): the server's warn and error lines go to CloudWatch Logs in batches (25 lines or
 * 5000 ms, 3 retries, then dropped), into a log stream of the day (YYYY-MM-DD, UTC) made when DescribeLogStreams does
 * not find it. Calls are CloudWatch Logs' JSON API, signed with Signature Version 4.
 */

export const CLOUD_LOG_LEVELS = ["warn", "error", "fatal"] as const;
export type CloudLogLevel = (typeof CLOUD_LOG_LEVELS)[number];
const RANK: Record<string, number> = { info: 0, warn: 1, error: 2, fatal: 3 };

export interface CloudLogSettings {
  group: string;
  region: string;
  /** https://logs.<region>.amazonaws.com unless set (a local fake in tests). */
  endpoint?: string;
  credentials: AwsCredentials;
  /** The lowest level sent: warn by default. */
  level: CloudLogLevel;
}

interface LogEvent {
  timestamp: number;
  message: string;
}

export class CloudLogError extends Error {}

export class CloudWatchLog {
  private readonly batcher: LogBatcher<LogEvent>;
  private readonly endpoint: URL;
  /** The day whose stream is known to exist. */
  private streamDay: string | null = null;

  constructor(
    private readonly settings: CloudLogSettings,
    private readonly clock: Clock,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.endpoint = new URL(settings.endpoint ?? `https://logs.${settings.region}.amazonaws.com/`);
    this.batcher = new LogBatcher<LogEvent>({
      send: (events) => this.put(events),
      setTimer: (run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return timer;
      },
      clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
    });
  }

  /** Takes one JSON log line; only lines at the chosen level or above join a batch. */
  offer(line: string): void {
    let level = "info";
    let at = this.clock.now().getTime();
    try {
      const parsed = JSON.parse(line) as { level?: unknown; time?: unknown; clientLevel?: unknown };
      if (typeof parsed.level === "string") level = parsed.clientLevel === "fatal" ? "fatal" : parsed.level;
      if (typeof parsed.time === "string" && !Number.isNaN(Date.parse(parsed.time))) at = Date.parse(parsed.time);
    } catch {
      level = "error"; // Not one of ours: worth seeing.
    }
    if ((RANK[level] ?? 0) < RANK[this.settings.level]!) return;
    this.batcher.add({ timestamp: at, message: line });
  }

  /** Sends what waits (at shutdown). */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  private async put(events: LogEvent[]): Promise<boolean> {
    // The day's stream is the day the batch is sent (UTC), by the server's clock.
    const day = this.clock.now().toISOString().slice(0, 10);
    if (this.streamDay !== day) {
      await this.ensureStream(day);
      this.streamDay = day;
    }
    // PutLogEvents wants the events in time order.
    const logEvents = [...events].sort((a, b) => a.timestamp - b.timestamp);
    await this.call("PutLogEvents", { logGroupName: this.settings.group, logStreamName: day, logEvents });
    return true;
  }

  private async ensureStream(day: string): Promise<void> {
    const found = (await this.call("DescribeLogStreams", {
      logGroupName: this.settings.group,
      logStreamNamePrefix: day,
      limit: 1,
    })) as {
      logStreams?: { logStreamName?: string }[];
    };
    if (found.logStreams?.some((s) => s.logStreamName === day)) return;
    try {
      await this.call("CreateLogStream", { logGroupName: this.settings.group, logStreamName: day });
    } catch (error) {
      // Another instance made it first.
      if (!(error instanceof CloudLogError && error.message.startsWith("ResourceAlreadyExistsException"))) throw error;
    }
  }

  private async call(action: string, payload: unknown): Promise<unknown> {
    const body = JSON.stringify(payload);
    const headers = signAwsRequest({
      method: "POST",
      url: this.endpoint,
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `Logs_20140328.${action}` },
      body,
      region: this.settings.region,
      service: "logs",
      credentials: this.settings.credentials,
      now: this.clock.now(),
    });
    delete headers.host; // fetch sets it.
    const response = await this.fetcher(this.endpoint, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    const answer: unknown = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const type = String((answer as { __type?: unknown }).__type ?? response.status)
        .split("#")
        .pop();
      throw new CloudLogError(`${type}: ${String((answer as { message?: unknown }).message ?? "")}`);
    }
    return answer;
  }
}
