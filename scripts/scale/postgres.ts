// The scale test's own PostgreSQL server: Debian's binaries (initdb, pg_ctl) on a data directory in a temporary
// folder, listening on 127.0.0.1 at a spare port with trust authentication. Never the machine's shared server on
// 5432. initdb refuses to run as root, so as root (CI) both run as the `postgres` OS user, who owns the folder.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/DATABASE */
  url(database?: string): string;
  port: number;
  /** Stops the server (fast: sessions are ended, nothing committed is lost). */
  stop(): void;
  start(): void;
  /** Resolves once a new connection is accepted, or throws after `timeoutMs`. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): void;
  /** The server's log so far (for a failed run). */
  log(): string;
}

/** The newest PostgreSQL whose binaries Debian installed (/usr/lib/postgresql/N/bin), or an error saying what to install. */
export function postgresBinaries(root = "/usr/lib/postgresql"): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries under ${root}: apt-get install postgresql`);
  return join(root, versions[0], "bin");
}

/**
 * How to run a PostgreSQL binary: as root, through `runuser -u postgres --` (initdb and the server refuse root);
 * as anyone else, directly.
 */
export function commandFor(
  binary: string,
  args: string[],
  uid: number | undefined,
): { command: string; args: string[] } {
  if (uid === 0) return { command: "runuser", args: ["-u", "postgres", "--", binary, ...args] };
  return { command: binary, args };
}

function ownerIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid) throw new Error("running as root, but there is no `postgres` OS user to run PostgreSQL as");
  return { uid: Number(uid), gid: Number(gid) };
}

export function startPostgres(port: number): PostgresServer {
  const bin = postgresBinaries();
  const folder = mkdtempSync(join(tmpdir(), "storefront-scale-pg-"));
  const owner = ownerIds();
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const dataDir = join(folder, "data");
  const logFile = join(folder, "server.log");
  const run = (binary: string, args: string[], allowFailure = false) => {
    const { command, args: fullArgs } = commandFor(join(bin, binary), args, process.getuid?.());
    const result = spawnSync(command, fullArgs, { cwd: folder, encoding: "utf8" });
    if (result.status !== 0 && !allowFailure) {
      throw new Error(
        `${binary} ${args.join(" ")} failed (exit ${result.status ?? result.signal}):\n${result.stderr || result.stdout}`,
      );
    }
  };
  // Its own socket folder and address: nothing of the machine's server is touched. fsync stays on: a restart under
  // load is part of the test, and what it finds after one must be what a real server would keep.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c max_connections=100`;
  const start = () => run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
  try {
    run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
    start();
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-3).join("\n") : "";
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}${log ? `\n${log}` : ""}`);
  }
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let destroyed = false;
  return {
    port,
    url,
    start,
    stop: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]),
    async waitReady(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
        client.on("error", () => undefined);
        try {
          await client.connect();
          await client.query("select 1");
          await client.end();
          return;
        } catch (error) {
          await client.end().catch(() => undefined);
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"], true);
      rmSync(folder, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
  };
}
