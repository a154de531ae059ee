import { afterEach, describe, expect, it } from "vitest";
import type { LiveStatus } from "~/models/live-status";
import {
  endLiveStreams,
  liveStatusResponse,
  liveStatusStream,
  openLiveStreamCount,
  type ReadLiveStatus,
} from "./events.server";

const TOKEN = "tok_abcdefghijklmnopqrstuv";
const FAST = { pollMs: 5, heartbeatMs: 1000, maxMs: 5000, retryMs: 5000, maxStreams: 3, maxFailures: 3 };
const quiet = { info() {}, warn() {}, error() {} };

/** Answers each ask with the next state given (the last one from then on). */
function states(...answers: (LiveStatus | null | Error)[]): ReadLiveStatus {
  let i = 0;
  return async () => {
    const answer = answers[Math.min(i++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

/** Everything the stream sends until it ends. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text;
}

const sent = (live: LiveStatus) => `event: status\ndata: ${JSON.stringify(live)}\n\n`;

afterEach(() => endLiveStreams());

describe("the live status stream", () => {
  it("sends the state at once, each change once, and ends after the final one", async () => {
    const picking = { status: "store_accepted_picking", completed: false };
    const picked = { status: "picked", completed: false };
    const done = { status: "picked", completed: true };
    const stream = liveStatusStream({
      initial: { status: "sent_to_store", completed: false },
      read: states(picking, picking, picked, done),
      signal: new AbortController().signal,
      log: quiet,
      settings: FAST,
    });
    const text = await readAll(stream!);
    expect(text).toBe(
      `retry: 5000\n${sent({ status: "sent_to_store", completed: false })}${sent(picking)}${sent(picked)}${sent(done)}`,
    );
    expect(openLiveStreamCount()).toBe(0);
  });

  it("sends a comment now and then to keep an idle stream open, and ends after its time", async () => {
    const initial = { status: "picked", completed: false };
    const stream = liveStatusStream({
      initial,
      read: states(initial),
      signal: new AbortController().signal,
      log: quiet,
      settings: { ...FAST, heartbeatMs: 20, maxMs: 110 },
    });
    const text = await readAll(stream!);
    expect(text.startsWith(`retry: 5000\n${sent(initial)}`)).toBe(true);
    expect(text.match(/^: keep-alive\n\n/gm)?.length).toBeGreaterThanOrEqual(2);
    // Nothing changed: the state is sent once only.
    expect(text.match(/^event: status$/gm)).toHaveLength(1);
  });

  it("ends when the client goes away, when the order is gone, and after failed asks in a row", async () => {
    const initial = { status: "picked", completed: false };
    const client = new AbortController();
    const leaving = liveStatusStream({
      initial,
      read: states(initial),
      signal: client.signal,
      log: quiet,
      settings: FAST,
    })!;
    expect(openLiveStreamCount()).toBe(1);
    const reading = readAll(leaving);
    client.abort();
    await reading;
    expect(openLiveStreamCount()).toBe(0);

    expect(
      await readAll(
        liveStatusStream({
          initial,
          read: states(null),
          signal: new AbortController().signal,
          log: quiet,
          settings: FAST,
        })!,
      ),
    ).toBe(`retry: 5000\n${sent(initial)}`);

    const warnings: unknown[] = [];
    const failing = liveStatusStream({
      initial,
      read: states(new Error("platform down")),
      signal: new AbortController().signal,
      log: { ...quiet, warn: (_e, fields) => warnings.push(fields) },
      settings: FAST,
    })!;
    expect(await readAll(failing)).toBe(`retry: 5000\n${sent(initial)}`);
    expect(warnings).toEqual([1, 2, 3].map((failures) => ({ failures, error: "platform down" })));
  });

  it("opens no more than its cap, and all end at shutdown", async () => {
    const initial = { status: "picked", completed: false };
    const open = [1, 2, 3].map(() =>
      liveStatusStream({
        initial,
        read: states(initial),
        signal: new AbortController().signal,
        log: quiet,
        settings: FAST,
      }),
    );
    expect(open.every(Boolean)).toBe(true);
    expect(
      liveStatusStream({
        initial,
        read: states(initial),
        signal: new AbortController().signal,
        log: quiet,
        settings: FAST,
      }),
    ).toBeNull();
    const reads = open.map((s) => readAll(s!));
    endLiveStreams();
    await Promise.all(reads);
    expect(openLiveStreamCount()).toBe(0);
  });
});

describe("the answer to the page's EventSource", () => {
  const answer = (read: ReadLiveStatus, statusToken = TOKEN) =>
    liveStatusResponse({ statusToken, read, signal: new AbortController().signal, log: quiet, settings: FAST });

  it("is the stream, unbuffered and uncached, for an order in progress", async () => {
    const response = await answer(
      states({ status: "picked", completed: false }, { status: "picked", completed: true }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(await response.text()).toBe(
      `retry: 5000\n${sent({ status: "picked", completed: false })}${sent({ status: "picked", completed: true })}`,
    );
  });

  it("is 404 for no order or no token, 204 for an order done with (EventSource stops), 503 past the cap", async () => {
    expect((await answer(states(null))).status).toBe(404);
    let asked = false;
    expect((await answer(async () => ((asked = true), null), "123456")).status).toBe(404);
    expect(asked).toBe(false);
    expect((await answer(states({ status: "picked", completed: true }))).status).toBe(204);
    const initial = { status: "picked", completed: false };
    for (let i = 0; i < FAST.maxStreams; i++) expect((await answer(states(initial))).status).toBe(200);
    const refused = await answer(states(initial));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
  });
});
