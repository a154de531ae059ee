import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, release, totalmem } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** The machine the figures were taken on, with its load average now. */
export function machine(): string {
  const cores = cpus();
  const memoryGiB = Math.round(totalmem() / 1024 ** 3);
  // Other work on the machine lowers every figure; the load average says how busy it was when measured.
  const busy = loadavg()[0]?.toFixed(1) ?? "?";
  return (
    `${cores.length} × ${cores[0]?.model.trim() ?? "unknown CPU"}, ${memoryGiB} GiB, Linux ${release()}, Node ${process.versions.node} ` +
    `(load average ${busy} before the run)`
  );
}

export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): void {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: "inherit",
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  name: string;
  origin: string;
  stop(): Promise<void>;
  /** The process, for a test that signals it itself (the scale test's SIGKILL and SIGTERM). */
  child: ChildProcess;
  /** Settles when the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
// A benchmark stopped with Ctrl-C must not leave servers holding ports.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGKILL");
    process.exit(130);
  });
}

/** Starts a Node server and resolves once `readyPath` answers below 500. */
export async function startServer(options: {
  name: string;
  cwd: string;
  args: string[];
  port: number;
  env: NodeJS.ProcessEnv;
  readyPath: string;
  timeoutMs?: number;
  /** A file the server's stdout and stderr are appended to; by default stdout is dropped and stderr shown. */
  logFile?: string;
}): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const log = options.logFile ? openSync(options.logFile, "a") : null;
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: log === null ? ["ignore", "ignore", "inherit"] : ["ignore", log, log],
  });
  running.add(child);
  let exited: string | null = null;
  const exitedPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, signal) => {
      running.delete(child);
      exited = `exit ${code ?? signal}`;
      resolve({ code, signal });
    });
  });

  const stop = async () => {
    if (exited) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const stopped = await Promise.race([gone.then(() => true), sleep(5_000).then(() => false)]);
    if (!stopped) {
      child.kill("SIGKILL");
      await gone;
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${options.name} stopped before it was ready (${exited})`);
    try {
      const response = await fetch(origin + options.readyPath);
      await response.arrayBuffer();
      if (response.status < 500) return { name: options.name, origin, stop, child, exited: exitedPromise };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(
    `${options.name} was not ready on ${origin}${options.readyPath} within ${options.timeoutMs ?? 60_000} ms`,
  );
}
