// `npm run bench -- [options]`: what to measure and for how long.
import type { LoadSettings } from "./load";

export type DatabaseKind = "pglite" | "postgres";

export interface BenchOptions {
  record: boolean;
  skipBuild: boolean;
  strict: boolean;
  quick: boolean;
  lighthouse: boolean;
  databases: DatabaseKind[];
  /** The PostgreSQL server a fresh database is made on (and dropped from) for the PostgreSQL pass. */
  postgresServer: string;
  load: LoadSettings;
}

export const DEFAULT_POSTGRES_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";
export const fullLoad: LoadSettings = { connections: 20, warmUpSeconds: 1, seconds: 5 };
export const quickLoad: LoadSettings = { connections: 20, warmUpSeconds: 0.5, seconds: 2 };

export const usage = `npm run bench -- [--quick] [--database=pglite|postgres|both] [--no-lighthouse] [--record] [--skip-build] [--strict]
  --quick            shorter runs, PGlite only, no Lighthouse (for developers)
  --database=…       which database(s) the server figures are measured on (default both)
  --no-lighthouse    skip the Lighthouse runs (HTML sizes are still measured)
  --record           write the figures into docs/performance.md
  --skip-build       reuse build/
  --strict           exit 1 when a budget is missed
BENCH_DATABASE_URL names the PostgreSQL server (default ${DEFAULT_POSTGRES_SERVER}).`;

/** Reads the command line; an unknown option is an error that names it. */
export function parseOptions(argv: string[], env: Record<string, string | undefined> = {}): BenchOptions {
  const flags = new Set<string>();
  let database: string | undefined;
  for (const arg of argv) {
    if (arg.startsWith("--database=")) database = arg.slice("--database=".length);
    else if (["--record", "--skip-build", "--strict", "--quick", "--no-lighthouse"].includes(arg)) flags.add(arg);
    else throw new Error(`unknown option ${arg}\n${usage}`);
  }
  const quick = flags.has("--quick");
  const databases: DatabaseKind[] =
    database === undefined
      ? quick
        ? ["pglite"]
        : ["pglite", "postgres"]
      : database === "both"
        ? ["pglite", "postgres"]
        : database === "pglite" || database === "postgres"
          ? [database]
          : (() => {
              throw new Error(`--database must be pglite, postgres or both, not "${database}"`);
            })();
  return {
    record: flags.has("--record"),
    skipBuild: flags.has("--skip-build"),
    strict: flags.has("--strict"),
    quick,
    lighthouse: !quick && !flags.has("--no-lighthouse"),
    databases,
    postgresServer: env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_SERVER,
    load: quick ? quickLoad : fullLoad,
  };
}
