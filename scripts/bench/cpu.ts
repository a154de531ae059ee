// The CPU a server spends, read from outside it in /proc (Linux): each process's utime and stime (user and system
// time, in clock ticks), and the cutime and cstime of the children it has reaped, so a helper process that ends
// between two samples is still counted. The bench samples it right before and after a measured load phase and
// divides the difference by the responses served (load.ts): CPU milliseconds per request.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Answers the cumulative CPU milliseconds of what is measured; NaN when /proc cannot be read. */
export type CpuSampler = () => number;

export interface ProcStat {
  pid: number;
  comm: string;
  /** Clock ticks in user and system mode, the process's own and those of its reaped children. */
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}

/**
 * One line of /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold spaces and
 * parentheses, so the fields after it are counted from its last ")": utime, stime, cutime and cstime are fields
 * 14 to 17 (proc(5)).
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, open).trim());
  // The fields after the name, from field 3 (the state): field n is rest[n - 3].
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`/proc stat field ${n} is "${rest[n - 3]}"`);
    return value;
  };
  if (!Number.isInteger(pid)) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  return {
    pid,
    comm: line.slice(open + 1, close),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** A process's CPU ticks with those of its reaped children. */
export const ticksOf = (stat: ProcStat): number => stat.utime + stat.stime + stat.cutime + stat.cstime;

let clockTicks: number | null = null;
/** Clock ticks a second (`getconf CLK_TCK`, 100 on Linux's usual builds). */
export function clockTicksPerSecond(): number {
  if (clockTicks === null) {
    try {
      const value = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
      clockTicks = Number.isInteger(value) && value > 0 ? value : 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** The process's stat, or null when it has gone (or /proc is not there). */
function readStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** The process's live children, from every thread's `children` list. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU ticks of a process and every live process under it (a worker thread is in the process already). */
export function processTreeTicks(pid: number): number {
  const root = readStat(pid);
  if (!root) return Number.NaN;
  let ticks = ticksOf(root);
  const seen = new Set([pid]);
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const child = queue.shift()!;
    if (seen.has(child)) continue;
    seen.add(child);
    const stat = readStat(child);
    if (stat) ticks += ticksOf(stat);
    queue.push(...childrenOf(child));
  }
  return ticks;
}

/**
 * CPU ticks of every process named `postgres` (the postmaster, its backends and background workers). A backend
 * that ends between samples leaves its ticks in the postmaster's cutime and cstime once reaped.
 */
export function postgresTicks(): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return Number.NaN;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "postgres") continue;
    const stat = readStat(Number(entry));
    if (stat) ticks += ticksOf(stat);
  }
  return ticks;
}

/** A sampler of the CPU of a server process (and anything it spawned), with the PostgreSQL server's when asked. */
export function serverCpu(pid: number | undefined, withPostgres = false): CpuSampler {
  const perTick = 1000 / clockTicksPerSecond();
  return () => {
    if (pid === undefined) return Number.NaN;
    const ticks = processTreeTicks(pid) + (withPostgres ? postgresTicks() : 0);
    return ticks * perTick;
  };
}
