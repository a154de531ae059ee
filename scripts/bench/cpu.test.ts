import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clockTicksPerSecond, parseProcStat, processTreeTicks, serverCpu, ticksOf } from "./cpu";
import { cpuPerRequest } from "./load";

/** Fields 3 to 52 of a stat line after its name: utime 769, stime 196, cutime 12, cstime 3 (fields 14–17). */
const tail =
  "S 1 7609 6263 0 -1 4194304 358406 0 0 0 769 196 12 3 20 0 12 0 35702 55764307968 165435 18446744073709551615 " +
  "11988992 39846385 140728420958784 0 0 0 0 16781312 17922 0 0 0 17 0 0 0 0 0 0 90418888 90555584 349642752 " +
  "140728420960916 140728420960944 140728420960944 140728420962282 0";

describe("parseProcStat", () => {
  it("reads the pid, the name and the CPU fields", () => {
    expect(parseProcStat(`7613 (node) ${tail}\n`)).toEqual({
      pid: 7613,
      comm: "node",
      utime: 769,
      stime: 196,
      cutime: 12,
      cstime: 3,
    });
  });

  it("counts the fields from the name's last parenthesis, whatever spaces and parentheses the name holds", () => {
    const stat = parseProcStat(`1234 (node (x) y) ${tail}`);
    expect(stat).toMatchObject({ pid: 1234, comm: "node (x) y", utime: 769, stime: 196, cutime: 12, cstime: 3 });
    expect(ticksOf(stat)).toBe(769 + 196 + 12 + 3);
    expect(parseProcStat(`42 ()) ) ${tail}`)).toMatchObject({ comm: ")) ", utime: 769 });
  });

  it("refuses a line that is not a stat line", () => {
    expect(() => parseProcStat("")).toThrow(/not a \/proc stat line/);
    expect(() => parseProcStat("12 (node) S 1 2 3")).toThrow(/field 14/);
  });
});

describe("the CPU sampler", () => {
  it.runIf(existsSync("/proc/self/stat"))("reads this process's own CPU from /proc, growing as it works", () => {
    const sample = serverCpu(process.pid);
    const before = sample();
    // Busy until the kernel has counted a tick more (10 ms at 100 ticks a second), two seconds at the most.
    const until = performance.now() + 2000;
    while (sample() === before && performance.now() < until) for (let i = 0; i < 1e5; i++) Math.sqrt(i);
    expect(sample()).toBeGreaterThan(before);
    expect(clockTicksPerSecond()).toBeGreaterThan(0);
  });

  it("answers NaN, a figure missing, for a process that is not there", () => {
    expect(processTreeTicks(2 ** 30)).toBeNaN();
    expect(serverCpu(undefined)()).toBeNaN();
    expect(cpuPerRequest(Number.NaN, 100)).toBeNaN();
    expect(cpuPerRequest(50, 0)).toBeNaN();
    expect(cpuPerRequest(50, 100)).toBe(0.5);
  });
});
