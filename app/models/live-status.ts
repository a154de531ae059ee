/*
 * The status page's live updates (decision 0040): what the server-sent events stream carries and how it is written.
 * Pure and free of zod: the server writes the stream with it and the browser reads the events with it.
 */

/** The stream's event for an order's state. */
export const LIVE_STATUS_EVENT = "status";

/** What an event says of the order: its status, and whether it is done with (delivered or collected). */
export interface LiveStatus {
  status: string;
  completed: boolean;
}

/** An order's live state from its summary: completed once the board marked it delivered or collected. */
export function liveStatusOf(order: { status: string; completedAt: string | null }): LiveStatus {
  return { status: order.status, completed: order.completedAt !== null };
}

export function sameLiveStatus(a: LiveStatus, b: LiveStatus): boolean {
  return a.status === b.status && a.completed === b.completed;
}

/** A status the page follows no further: it will not change again. */
export function isFinal(live: LiveStatus): boolean {
  return live.completed;
}

/** An event's data, or null when it is not one of ours. */
export function parseLiveStatus(data: string): LiveStatus | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { status, completed } = value as Record<string, unknown>;
    return typeof status === "string" && typeof completed === "boolean" ? { status, completed } : null;
  } catch {
    return null;
  }
}

/** Field values may not hold line breaks: each would end the field (and a blank line, the event). */
function oneLine(field: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`An event's ${field} cannot hold a line break`);
  return value;
}

/**
 * One event in the text/event-stream format: optional `event`, `id` and `retry` fields, the data split into one `data:`
 * line per line, and the blank line that ends it.
 */
export function sseMessage(message: { event?: string; data: string; id?: string; retry?: number }): string {
  let text = "";
  if (message.retry !== undefined) text += `retry: ${Math.max(0, Math.floor(message.retry))}\n`;
  if (message.id !== undefined) text += `id: ${oneLine("id", message.id)}\n`;
  if (message.event !== undefined) text += `event: ${oneLine("event", message.event)}\n`;
  for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** A comment line: ignored by EventSource, it keeps proxies from closing an idle stream. */
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}

/** The event that tells the page the order's state. */
export function liveStatusMessage(live: LiveStatus, retryMs?: number): string {
  return sseMessage({
    event: LIVE_STATUS_EVENT,
    data: JSON.stringify(live),
    ...(retryMs !== undefined ? { retry: retryMs } : {}),
  });
}
