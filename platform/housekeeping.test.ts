import { afterEach, describe, expect, it } from "vitest";
import {
  PURGE_KINDS,
  startHousekeeping,
  type Housekeeping,
  type HousekeepingRun,
  type PurgeKind,
} from "./housekeeping";
import { memoryLogger } from "./testing";

/* The timer that runs housekeeping (the runs themselves: housekeeping.db.test.ts). */

const counts = (codes: number): Record<PurgeKind, number> =>
  Object.fromEntries(PURGE_KINDS.map((table) => [table, table === "codes" ? codes : 0])) as Record<PurgeKind, number>;
const ran = (codes: number, more = false): HousekeepingRun => ({ ran: true, purged: counts(codes), more });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

let housekeeping: Housekeeping | null = null;
afterEach(async () => {
  await housekeeping?.stop();
  housekeeping = null;
});

describe("startHousekeeping", () => {
  it("runs on its interval, at once again while a run fills its batch, and logs only runs that deleted something", async () => {
    const log = memoryLogger();
    const answers = [ran(500, true), ran(500, true), ran(12), { ran: false } as const, ran(0)];
    let calls = 0;
    housekeeping = startHousekeeping(async () => answers[calls++] ?? ran(0), 30, log);
    await until(() => calls >= 5);
    expect(calls).toBeGreaterThanOrEqual(5);
    expect(log.entries.map((e) => [e.event, e.fields?.total, e.fields?.codes])).toEqual([
      ["housekeeping.purged", 500, 500],
      ["housekeeping.purged", 500, 500],
      ["housekeeping.purged", 12, 12],
    ]);
    // Every kind's count reaches the log: no field name is taken for a secret's and redacted.
    expect(Object.keys(log.entries[0]!.fields).sort()).toEqual(["total", ...PURGE_KINDS].sort());
    expect(Object.values(log.entries[0]!.fields).every((value) => typeof value === "number")).toBe(true);
  });

  it("logs a failed run as an error and carries on", async () => {
    const log = memoryLogger();
    let calls = 0;
    housekeeping = startHousekeeping(
      async () => {
        calls++;
        if (calls === 1) throw new Error("connection lost");
        return ran(1);
      },
      20,
      log,
    );
    await until(() => calls >= 2 && log.entries.length >= 2);
    expect(log.entries[0]).toMatchObject({ level: "error", event: "housekeeping.failed" });
    expect(String(log.entries[0]!.fields?.error)).toContain("connection lost");
    expect(log.entries[1]).toMatchObject({ level: "info", event: "housekeeping.purged" });
  });

  it("never overlaps runs, and stop waits for the run under way", async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    let calls = 0;
    housekeeping = startHousekeeping(
      async () => {
        calls++;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 60));
        running--;
        finished++;
        return ran(0);
      },
      10,
      memoryLogger(),
    );
    await until(() => calls >= 1);
    await housekeeping.stop();
    housekeeping = null;
    expect(running).toBe(0);
    expect(finished).toBe(calls);
    expect(most).toBe(1);
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(after);
  });
});
