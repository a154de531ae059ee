import { redactLogFields, type Logger } from "../logger";

export interface LogEntry {
  level: "info" | "warn" | "error";
  event: string;
  fields: Record<string, unknown>;
}

/**
 * A logger that keeps its entries, so tests can assert what was (and was not) logged. Fields are redacted as the
 * JSON logger redacts them: the entries are what a log line would carry.
 */
export function memoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry["level"]) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      entries.push({ level, event, fields: redactLogFields(fields) as Record<string, unknown> });
    };
  return { entries, info: at("info"), warn: at("warn"), error: at("error") };
}

/** A logger that drops everything, for tests that do not look at the log. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
