import { describe, expect, it } from "vitest";
import { BrowserLogBatcher as LogBatcher, LOG_BATCH_SIZE, LOG_FLUSH_MS, type BrowserLogEntry } from "./log-batcher";

function harness(answers: (boolean | "throw")[] = []) {
  const sent: BrowserLogEntry[][] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const batcher = new LogBatcher({
    async send(entries) {
      sent.push(entries);
      const answer = answers.shift() ?? true;
      if (answer === "throw") throw new Error("offline");
      return answer;
    },
    setTimer(run, ms) {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer(timer) {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return { batcher, sent, timers };
}

const entry = (n: number, extra: Partial<BrowserLogEntry> = {}): BrowserLogEntry => ({
  level: "error",
  message: `m${n}`,
  url: "http://shop.test/",
  ...extra,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("LogBatcher", () => {
  it("sends a batch 5000 ms after its first entry, with what came meanwhile", async () => {
    const { batcher, sent, timers } = harness();
    batcher.add(entry(1));
    batcher.add(entry(2));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(LOG_FLUSH_MS);
    expect(sent).toEqual([]);
    timers[0]!.run();
    await settle();
    expect(sent.map((b) => b.map((e) => e.message))).toEqual([["m1", "m2"]]);
    batcher.add(entry(3));
    expect(timers).toHaveLength(2);
  });

  it("sends at once when 25 are waiting, in batches of at most 25", async () => {
    const { batcher, sent, timers } = harness();
    for (let i = 0; i < LOG_BATCH_SIZE + 3; i++) batcher.add(entry(i));
    await settle();
    expect(sent[0]).toHaveLength(LOG_BATCH_SIZE);
    expect(timers[0]!.cleared).toBe(true);
    expect(batcher.waiting).toBe(3);
    await batcher.flush();
    expect(sent.map((b) => b.length)).toEqual([25, 3]);
  });

  it("tries a failed batch again at most 3 times, then drops it and goes on", async () => {
    const { batcher, sent } = harness([false, "throw", false, false, true]);
    batcher.add(entry(1));
    await batcher.flush();
    expect(sent).toHaveLength(4);
    expect(batcher.waiting).toBe(0);
    batcher.add(entry(2));
    await batcher.flush();
    expect(sent).toHaveLength(5);
    expect(sent[4]!.map((e) => e.message)).toEqual(["m2"]);
  });

  it("stops after a success", async () => {
    const { batcher, sent } = harness([false, true]);
    batcher.add(entry(1));
    await batcher.flush();
    expect(sent).toHaveLength(2);
  });

  it("skips 304 api_request entries and anything below warn", async () => {
    const { batcher, sent } = harness();
    batcher.add(entry(1, { type: "api_request", status: 304 }));
    batcher.add({ ...entry(2), level: "info" as never });
    batcher.add(entry(3, { type: "api_request", status: 500 }));
    batcher.add(entry(4, { level: "warn" }));
    await batcher.flush();
    expect(sent.flat().map((e) => e.message)).toEqual(["m3", "m4"]);
  });
});
