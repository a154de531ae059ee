// `npm run test:scale`: three production instances of the built storefront on one fresh PostgreSQL server of the
// test's own (scripts/scale/postgres.ts), with one SESSION_SECRET, behind a round-robin proxy (proxy.ts). Shoppers
// replay whole journeys (journey.ts) 50 at a time for 2 minutes while faults are made (faults.ts): an instance
// killed, PostgreSQL restarted, slow platform answers, an instance stopped with requests in flight. Then the
// database is checked (checks.ts); then, the load over and every instance up, two shoppers shop at once through the
// proxy, so each one's consecutive requests are answered by different instances, and every page each is sent must show
// their own basket, names and held time and never the other's (apart.ts, issue 40). The figures are printed; any
// failed journey, fault or check exits 1.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { freePort, run, startServer, type RunningServer } from "../bench/processes";
import { seededRandom } from "../bench/random";
import { shoppersApart } from "./apart";
import { databaseChecks, type Check } from "./checks";
import {
  killInstance,
  probeSession,
  restartPostgres,
  slowPlatform,
  stopInstance,
  type FaultResult,
  type Instance,
} from "./faults";
import { runJourney, SeenCounts, shopperSend, type PlacedJourney } from "./journey";
import { parseScaleOptions, usage } from "./options";
import { startPostgres, type PostgresServer } from "./postgres";
import { startProxy, type Proxy } from "./proxy";

const root = join(import.meta.dirname, "..", "..");
const options = (() => {
  try {
    return parseScaleOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
})();

/** The slow-answer instance's time-out: short, so the probes take seconds, not tens of them. */
const SLOW_TIMEOUT_MS = 1000;
const NAMES = ["a", "b", "c", "d", "e", "f"];

/** A documentation address (RFC 3849) per journey, sent as X-Forwarded-For: per-address limits see separate shoppers. */
const addressOf = (journey: number) => `2001:db8::${(journey + 1).toString(16)}`;
/** The two shoppers of the apart step, each on an address of their own. */
const APART_ADDRESSES: Record<string, string> = { alicia: "2001:db8:eeee::1", bruno: "2001:db8:eeee::2" };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]! : 0;
};

function machine(): string {
  const cores = cpus();
  return (
    `${cores.length} × ${cores[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 1024 ** 3)} GiB, ` +
    `Linux ${release()}, Node ${process.versions.node} (load average ${loadavg()[0]?.toFixed(1) ?? "?"} before the run)`
  );
}

interface Running {
  server: RunningServer;
  port: number;
}

async function main(): Promise<number> {
  const measuredOn = machine();
  const scratch = mkdtempSync(join(tmpdir(), "storefront-scale-"));
  // The instances' logs are kept when the run fails, for what went wrong.
  let keepLogs = false;
  const cleanUps: (() => Promise<void> | void)[] = [
    () => (keepLogs ? undefined : rmSync(scratch, { recursive: true, force: true })),
  ];
  const cleanUp = async () => {
    for (const step of cleanUps.reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    if (!options.skipBuild) {
      console.log("› building the storefront");
      run("npm", ["run", "build"], { cwd: root });
    } else if (!existsSync(join(root, "build", "server", "index.js"))) {
      throw new Error("--skip-build, but there is no build/: run `npm run build` first");
    }

    console.log("› starting PostgreSQL (its own server, in a temporary folder)");
    const database: PostgresServer = startPostgres(await freePort());
    cleanUps.push(() => database.destroy());
    // Stopped by a signal (processes.ts ends the instances and exits), the server and its folder go too: pg_ctl's
    // server is no child of this process.
    process.on("exit", () => database.destroy());
    await database.waitReady();
    const admin = new pg.Client({ connectionString: database.url() });
    await admin.connect();
    await admin.query("create database storefront");
    await admin.end();
    const databaseUrl = database.url("storefront");
    console.log(`  ${database.url()}`);

    // Every instance has the same database and secrets; each its own port and data folder (nothing is kept there).
    const shared = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DEEPLINK_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
    };
    const logFile = (name: string) => join(scratch, `instance-${name}.log`);
    const start = (name: string, port: number, extra: Record<string, string> = {}) =>
      startServer({
        name: `instance ${name}`,
        cwd: root,
        args: ["--import", "tsx", "server.ts"],
        port,
        env: { ...shared, DATA_DIR: join(scratch, `data-${name}`), ...extra },
        readyPath: "/healthz",
        timeoutMs: 120_000,
        logFile: logFile(name),
      });
    const names = NAMES.slice(0, options.instances);
    const running = new Map<string, Running>();
    const startedAt = performance.now();
    console.log(
      `› starting ${names.length} production instances at once on the new database (migrations and seed run once)`,
    );
    await Promise.all(
      names.map(async (name) => {
        const port = await freePort();
        running.set(name, { server: await start(name, port), port });
      }),
    );
    const startMs = performance.now() - startedAt;
    cleanUps.push(async () => {
      await Promise.all([...running.values()].map((entry) => entry.server.stop()));
    });
    const seeds = names.filter((name) =>
      readFileSync(logFile(name), "utf8").includes('"event":"seed.demo_brand"'),
    ).length;
    console.log(`  ready in ${(startMs / 1000).toFixed(1)} s; the demo brand seeded by ${seeds} of them`);

    const proxy: Proxy = await startProxy(names.map((name) => ({ name, port: running.get(name)!.port })));
    cleanUps.push(() => proxy.close());
    console.log(`› proxy (round robin) at ${proxy.origin}`);

    // The slow-answer instance: test mode for the fault hook (production refuses it), outside the proxy.
    let slow: RunningServer | null = null;
    if (options.faults) {
      slow = await start("slow", await freePort(), {
        NODE_ENV: "test",
        TEST_CLOCK: "1",
        PLATFORM_TIMEOUT_MS: String(SLOW_TIMEOUT_MS),
        PAYMENT_SWEEP_SECONDS: "0",
      });
      cleanUps.push(() => slow?.stop());
    }

    const instance = (name: string): Instance => {
      const entry = running.get(name)!;
      return {
        name,
        origin: entry.server.origin,
        kill: (signal) => entry.server.child.kill(signal),
        exited: entry.server.exited,
      };
    };
    const restart = async (name: string) => {
      const entry = running.get(name)!;
      entry.server = await start(name, entry.port);
    };

    // The shoppers.
    const seen = new SeenCounts();
    const placed: PlacedJourney[] = [];
    const failed: { shopper: number; error: string }[] = [];
    const durations: number[] = [];
    let next = 0;
    const loadStarted = performance.now();
    const deadline = loadStarted + options.durationSeconds * 1000;
    console.log(`› ${options.concurrency} shoppers at a time for ${options.durationSeconds} s`);
    // Each shopper starts journey after journey until the deadline; the journeys under way then finish (a run lasts
    // the duration and about one journey more).
    const shoppers = Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const shopper = next++;
        const address = addressOf(shopper);
        const began = performance.now();
        try {
          const send = shopperSend({ address, seen, requestTimeoutMs: 30_000, giveUpAfterMs: 45_000 });
          placed.push(
            await runJourney({ shopper, origin: proxy.origin, send, address, random: seededRandom(shopper + 1), seen }),
          );
          durations.push(performance.now() - began);
        } catch (error) {
          failed.push({ shopper, error: error instanceof Error ? error.message : String(error) });
        }
      }
    });
    const progress = setInterval(() => {
      const seconds = Math.round((performance.now() - loadStarted) / 1000);
      console.log(
        `  ${seconds} s: ${placed.length} journeys completed, ${failed.length} failed, ${seen.retries} requests sent again`,
      );
    }, 15_000);

    // The faults, at set points of the run.
    const faults: FaultResult[] = [];
    const at = (share: number) =>
      sleep(Math.max(0, loadStarted + options.durationSeconds * 1000 * share - performance.now()));
    const faultRun = (async () => {
      if (!options.faults) return;
      const victims = { killed: names[0]!, stopped: names[1] ?? names[0]! };
      const probe = await probeSession(proxy.origin, "2001:db8:ffff::1");
      await at(0.2);
      console.log(`› fault: SIGKILL instance ${victims.killed}`);
      faults.push(await killInstance(instance(victims.killed), proxy));
      // An orchestrator replaces it after a few seconds; meanwhile the other two take its shoppers.
      await sleep(3000);
      await restart(victims.killed);
      faults.at(-1)!.lines.push(`started again; the proxy sends it requests once it answers`);
      await at(0.4);
      console.log("› fault: PostgreSQL restarted");
      faults.push(await restartPostgres(database, () => names.map(instance), probe, 3000));
      await at(0.6);
      console.log("› fault: slow platform answers");
      faults.push(await slowPlatform(slow!.origin, "2001:db8:ffff::2", SLOW_TIMEOUT_MS));
      await at(0.75);
      console.log(`› fault: SIGTERM instance ${victims.stopped} with requests in flight`);
      faults.push(await stopInstance(instance(victims.stopped), proxy));
      await restart(victims.stopped);
    })().catch((error: unknown) => {
      faults.push({
        name: "fault schedule",
        passed: false,
        lines: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
      });
    });

    await Promise.all(shoppers);
    await faultRun;
    clearInterval(progress);
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    console.log("› checking the database");
    const { checks, figures } = await databaseChecks(databaseUrl, placed);
    const journeyChecks: Check[] = [
      {
        name: "failed journeys",
        value: failed.length,
        passed: failed.length === 0,
        details: failed.slice(0, 5).map((entry) => `shopper ${entry.shopper}: ${entry.error}`),
      },
      { name: "503 answers without a clear page", value: seen.unclear503, passed: seen.unclear503 === 0, details: [] },
      { name: "journeys completed", value: placed.length, passed: placed.length > 0, details: [] },
    ];
    console.log(
      "› two shoppers at once through the proxy: each one's own basket, names and held time, never the other's",
    );
    const apart = await apartAcrossInstances(proxy.origin, names);
    const allChecks = [...journeyChecks, ...checks, apart.check];
    const report = {
      date: new Date().toISOString().slice(0, 10),
      machine: measuredOn,
      options,
      startMs,
      seeds,
      loadSeconds,
      placed,
      failed,
      durations,
      seen,
      proxyCounts: proxy.counts(),
      faults,
      checks: allChecks,
      figures,
      apart: apart.lines,
    };
    const text = asText(report);
    console.log(`\n${text}`);
    if (options.record) record(asMarkdown(report));
    const failures = allChecks.filter((check) => !check.passed).length + faults.filter((fault) => !fault.passed).length;
    if (failures > 0) {
      keepLogs = true;
      console.log(`\nFAILED: ${failures} check(s) or fault(s); the instances' logs are in ${scratch}`);
      for (const name of [...names, "slow"]) {
        const file = logFile(name);
        if (!existsSync(file)) continue;
        const errors = readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => /"level":"error"|route.unhandled|Error:/.test(line));
        if (errors.length)
          console.log(
            `--- instance ${name}: ${errors.length} error lines, the first:\n${errors
              .slice(0, 5)
              .map((line) => line.slice(0, 600))
              .join("\n")}`,
          );
      }
    }
    const passedCount =
      allChecks.filter((check) => check.passed).length + faults.filter((fault) => fault.passed).length;
    console.log(`\nscale: ${passedCount} passed, ${failures} failed`);
    return failures;
  } finally {
    await cleanUp();
  }
}

type Report = {
  date: string;
  machine: string;
  options: ReturnType<typeof parseScaleOptions>;
  startMs: number;
  seeds: number;
  loadSeconds: number;
  placed: PlacedJourney[];
  failed: { shopper: number; error: string }[];
  durations: number[];
  seen: SeenCounts;
  proxyCounts: Record<string, Record<string, number>>;
  faults: FaultResult[];
  checks: Check[];
  figures: Record<string, number>;
  /** What the two shoppers of the apart step did and where they were answered. */
  apart: string[];
};

/**
 * The apart step (apart.ts) through the proxy, nothing else under way: a page of one shopper's showing the other's
 * marks, or missing their own, fails it, and so does a shopper whose requests some instance never answered (the
 * check would not have crossed it).
 */
async function apartAcrossInstances(origin: string, names: string[]): Promise<{ check: Check; lines: string[] }> {
  const name = `two shoppers across the ${names.length} instances: pages with the other's marks or without their own`;
  const started = performance.now();
  try {
    const result = await shoppersApart({
      origin,
      send: (who) => (url, init) =>
        fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": APART_ADDRESSES[who.key]! },
          signal: AbortSignal.timeout(30_000),
        }),
    });
    const problems = [...result.problems];
    for (const [who, served] of Object.entries(result.served)) {
      const missed = names.filter((instance) => !served.includes(instance));
      if (missed.length) problems.push(`no request of ${who}'s was answered by instance ${missed.join(", ")}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return {
      check: { name, value: problems.length, passed: problems.length === 0, details: problems.slice(0, 5) },
      lines: [...result.lines, `done in ${seconds} s, after the load`],
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      check: { name, value: 1, passed: false, details: [`the two shoppers could not be made ready: ${message}`] },
      lines: [`not run to the end: ${message}`],
    };
  }
}

function asText(report: Report): string {
  const cash = report.placed.filter((journey) => journey.payment === "cash").length;
  const requests = [...report.seen.statuses.values()].reduce((sum, n) => sum + n, 0);
  const lines = [
    `Scale-out test, ${report.date}: ${report.options.instances} instances, one PostgreSQL, ` +
      `${report.options.concurrency} shoppers at a time for ${report.options.durationSeconds} s` +
      `${report.options.faults ? ", with faults" : ""}`,
    `machine: ${report.machine}`,
    `journeys: ${report.placed.length} completed (${cash} cash, ${report.placed.length - cash} card), ` +
      `${report.failed.length} failed, in ${report.loadSeconds.toFixed(0)} s; ` +
      `journey time median ${(percentile(report.durations, 0.5) / 1000).toFixed(1)} s, ` +
      `p95 ${(percentile(report.durations, 0.95) / 1000).toFixed(1)} s`,
    `requests: ${requests} answers seen by shoppers (${(requests / report.loadSeconds).toFixed(0)}/s), ` +
      `${report.seen.retries} sent again after a 503 or a broken connection, ` +
      `${report.seen.payPressedAgain} card payments pressed again after the card step's refusal`,
    `errors seen: ${
      report.seen
        .summary()
        .filter(([status]) => !/^[23]\d\d$/.test(status))
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ") || "none"
    }`,
    `answers by status: ${report.seen
      .summary()
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ")}`,
    `per instance (proxy): ${Object.entries(report.proxyCounts)
      .map(
        ([name, counts]) =>
          `${name} ${Object.values(counts).reduce((a, b) => a + b, 0)}` +
          `${counts.refused ? ` (${counts.refused} refused)` : ""}${counts.reset ? ` (${counts.reset} broken)` : ""}`,
      )
      .join(", ")}`,
    `database: ${report.figures.placedOrders} placed orders ` +
      `(${report.figures.cashOrders} cash, ${report.figures.cardOrders} card), ` +
      `${report.figures.approvedCharges} approved card charges, ${report.figures.liveHolds} live slot holds`,
    `${report.options.instances} instances started together on the new database in ${(report.startMs / 1000).toFixed(1)} s ` +
      `(migrated one at a time; the demo brand seeded by ${report.seeds})`,
  ];
  if (report.faults.length) {
    lines.push("faults:");
    for (const fault of report.faults)
      lines.push(`  ${fault.passed ? "ok  " : "FAIL"} ${fault.name}`, ...fault.lines.map((line) => `         ${line}`));
  }
  lines.push("two shoppers apart, through the proxy:", ...report.apart.map((line) => `  ${line}`));
  lines.push("checks:");
  for (const check of report.checks)
    lines.push(
      `  ${check.passed ? "ok  " : "FAIL"} ${check.name}: ${check.value}`,
      ...check.details.map((detail) => `         ${detail}`),
    );
  return lines.join("\n");
}

function asMarkdown(report: Report): string {
  const cash = report.placed.filter((journey) => journey.payment === "cash").length;
  const rows = [
    `Measured ${report.date} on ${report.machine}: ${report.options.instances} production instances, one PostgreSQL, ` +
      `${report.options.concurrency} shoppers at a time for ${report.options.durationSeconds} s` +
      `${report.options.faults ? ", faults included" : ""}.`,
    "",
    "| figure | value |",
    "|---|---|",
    `| journeys completed | ${report.placed.length} (${cash} cash, ${report.placed.length - cash} card) |`,
    `| journeys failed | ${report.failed.length} |`,
    `| journey time | median ${(percentile(report.durations, 0.5) / 1000).toFixed(1)} s, ` +
      `p95 ${(percentile(report.durations, 0.95) / 1000).toFixed(1)} s |`,
    `| answers seen by shoppers | ${[...report.seen.statuses.values()].reduce((sum, n) => sum + n, 0)}, ` +
      `${report.seen.retries} sent again after a 503 or a broken connection, ` +
      `${report.seen.payPressedAgain} card payments pressed again after the card step's refusal |`,
    `| errors seen | ${
      report.seen
        .summary()
        .filter(([status]) => !/^[23]\d\d$/.test(status))
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ") || "none"
    } |`,
    `| placed orders, approved card charges | ${report.figures.placedOrders}, ${report.figures.approvedCharges} |`,
    // The journeys' own counts are in the rows above.
    ...report.checks
      .filter((check) => check.name !== "failed journeys" && check.name !== "journeys completed")
      .map((check) => `| ${check.name} | ${check.value}${check.passed ? "" : " (FAILED)"} |`),
  ];
  rows.push("", `Two shoppers apart, through the proxy: ${report.apart.join("; ")}.`);
  if (report.faults.length) {
    rows.push("", "Faults during the run:", "");
    for (const fault of report.faults)
      rows.push(`- **${fault.name}**${fault.passed ? "" : " (FAILED)"}: ${fault.lines.join("; ")}.`);
  }
  return rows.join("\n");
}

const startMarker = "<!-- scale:start -->";
const endMarker = "<!-- scale:end -->";

function record(figures: string): void {
  const file = join(root, "docs", "performance.md");
  const current = readFileSync(file, "utf8");
  const block = `${startMarker}\n${figures}\n${endMarker}`;
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + endMarker.length)
      : `${current.trimEnd()}\n\n## Scale-out under faults (\`npm run test:scale\`)\n\n${block}\n`;
  writeFileSync(file, next);
  console.log(`› recorded in ${file}`);
}

main()
  .then((failures) => {
    process.exitCode = failures > 0 ? 1 : 0;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    console.error(usage);
    process.exitCode = 1;
  });
