// `npm run bench`: builds the storefront, and for each database (PGlite, PostgreSQL) serves it in production mode
// on a fresh database beside a bare React Router page built in the same run; measures every page of issue 17 with
// the session it names (none, a guest shopper or a member, made through the storefront's forms) with the server's CPU
// per request, the add-to-basket round trip, Lighthouse and HTML size, JavaScript per route, and slot holds; prints
// each figure beside its budget.
// `--record` also writes the figures into docs/performance.md. `--quick` is the developer's short run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultRoundTrip, quickRoundTrip } from "./basket";
import { budgets } from "./budgets";
import type { CpuSampler } from "./cpu";
import { measureHolds } from "./holds";
import { jsWeight, pageLoadsManifest, readBrowserManifest } from "./js-weight";
import { measureLighthouse, type LighthouseRow } from "./lighthouse";
import { measure, probe } from "./load";
import { parseOptions, type DatabaseKind } from "./options";
import { databaseName, measurePass } from "./pass";
import { freePort, machine, run, startServer, type RunningServer } from "./processes";
import { expectShows, guestShopper } from "./shopper";
import { asMarkdown, asText, misses, type JsRow, type Report, type ThroughputRow } from "./report";
import { runSearchBench } from "./search";
import { javascriptOnly, pages } from "./targets";

const root = join(import.meta.dirname, "..", "..");
const baselineApp = join(import.meta.dirname, "baseline-app");
const options = (() => {
  try {
    return parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
})();

const scratch = mkdtempSync(join(tmpdir(), "storefront-bench-"));
// The bare page's server build imports react and react-router by name, so it must sit where Node finds
// this repo's node_modules; node_modules/.cache is inside the tree yet ignored by git.
mkdirSync(join(root, "node_modules", ".cache"), { recursive: true });
const bareBuildDir = mkdtempSync(join(root, "node_modules", ".cache", "bench-bare-"));
const servers: RunningServer[] = [];

const bareServer = async (compressed: boolean) => {
  const server = await startServer({
    name: compressed ? "bare page, compression on" : "bare page",
    cwd: root,
    args: ["--import", "tsx", join(baselineApp, "server.ts")],
    port: await freePort(),
    env: { NODE_ENV: "production", BENCH_BASELINE_BUILD_DIR: bareBuildDir, BENCH_COMPRESSION: compressed ? "1" : "0" },
    readyPath: "/",
  });
  servers.push(server);
  return server;
};

/** The client entry, a static asset every page loads: its figures are printed, with no budget. */
async function measureAsset(
  origin: string,
  kind: DatabaseKind,
  assetPath: string,
  cpu: CpuSampler,
): Promise<ThroughputRow> {
  const database = databaseName(kind);
  const asset = await probe(origin + assetPath);
  if (asset.status !== 200) throw new Error(`static asset ${assetPath} answered ${asset.status}`);
  console.log(`› ${database}: measuring a static asset`);
  const load = await measure(origin + assetPath, 200, options.load, {}, cpu);
  return {
    database,
    databaseKind: kind,
    name: "static asset (client entry)",
    kind: "asset",
    audience: null,
    path: assetPath,
    compression: asset.contentEncoding,
    load,
    bare: null,
    twin: null,
    htmlBytes: null,
  };
}

async function main(): Promise<number> {
  const measuredOn = machine();
  if (!options.skipBuild) {
    console.log("› building the storefront");
    run("npm", ["run", "build"], { cwd: root });
  }
  console.log("› building the bare page");
  run("npx", ["react-router", "build"], { cwd: baselineApp, env: { BENCH_BASELINE_BUILD_DIR: bareBuildDir } });
  const bare = { plain: await bareServer(false), compressed: await bareServer(true) };
  const clientDir = join(root, "build", "client");
  const manifest = readBrowserManifest(clientDir);

  const throughput: ThroughputRow[] = [];
  const basket: Report["basket"] = [];
  let lighthouse: LighthouseRow[] | null = null;
  let lighthouseDatabase: string | null = null;
  let storefrontLoadsManifest = false;
  for (const kind of options.databases) {
    const pass = await measurePass({
      root,
      scratch,
      kind,
      postgresServer: options.postgresServer,
      bare,
      load: options.load,
      roundTrip: options.quick ? quickRoundTrip : defaultRoundTrip,
      whileUp: async (origin, headers, cpu) => {
        throughput.push(await measureAsset(origin, kind, manifest.entry.module, cpu));
        if (lighthouse) return;
        storefrontLoadsManifest = pageLoadsManifest(await (await fetch(`${origin}/`)).text(), manifest);
        // A guest made just now, so the pages Lighthouse loads show a fresh session's state (checked first).
        const fresh = { ...headers, guest: { Cookie: (await guestShopper(origin, 3)).cookie } };
        const chosen = pages.filter((page) => page.lighthouse);
        for (const page of chosen)
          expectShows(
            `${page.name} for Lighthouse`,
            await (await fetch(origin + page.path, { headers: fresh[page.session] })).text(),
            page.shows,
          );
        const runs = chosen.map((page) => ({ name: page.name, path: page.path, headers: fresh[page.session] }));
        // The bare page scored the same way first: what React Router alone reaches on this machine's Chromium.
        // Every page is run budgets.lighthouse.runs times, in turn, and held to the median of its runs.
        const settings = { runs: budgets.lighthouse.runs };
        const [yardstick] = await measureLighthouse(
          bare.compressed.origin,
          [{ name: "bare page", path: "/", headers: {} }],
          options.lighthouse,
          settings,
        );
        lighthouse = [
          { ...yardstick!, baseline: true },
          ...(await measureLighthouse(origin, runs, options.lighthouse, settings)),
        ];
        lighthouseDatabase = databaseName(kind);
      },
    });
    throughput.push(...pass.throughput);
    basket.push({ database: pass.database, result: pass.basket });
  }

  const bareManifest = readBrowserManifest(join(bareBuildDir, "client"));
  const bareLoadsManifest = pageLoadsManifest(await (await fetch(`${bare.plain.origin}/`)).text(), bareManifest);
  const bareJs = jsWeight(join(bareBuildDir, "client"), "/", bareManifest, { manifestLoaded: bareLoadsManifest });
  const weighed = [...new Map([...pages, ...javascriptOnly].map((page) => [page.path, page])).values()];
  const javascript: JsRow[] = [
    {
      name: "bare page",
      path: "/",
      routeIds: bareJs.routeIds,
      files: bareJs.files.length,
      gzipBytes: bareJs.gzipBytes,
      brotliBytes: bareJs.brotliBytes,
      ownGzipBytes: null,
    },
    ...weighed.map((page): JsRow => {
      const weight = jsWeight(clientDir, new URL(page.path, "http://x").pathname, manifest, {
        manifestLoaded: storefrontLoadsManifest,
      });
      return {
        name: page.name,
        path: page.path,
        routeIds: weight.routeIds,
        files: weight.files.length,
        gzipBytes: weight.gzipBytes,
        brotliBytes: weight.brotliBytes,
        ownGzipBytes: Math.max(0, weight.gzipBytes - bareJs.gzipBytes),
      };
    }),
  ];

  // In this process, while the servers stand idle: the rush measures the platform and its database alone.
  const pglite = options.databases.includes("pglite");
  const postgresServer = options.databases.includes("postgres") ? options.postgresServer : undefined;
  console.log(`› measuring slot holds (${options.databases.map(databaseName).join(", then ")})`);
  const holds = await measureHolds(postgresServer, pglite);
  const search = options.quick ? { text: "", missed: 0 } : await runSearchBench(postgresServer, pglite);

  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    machine: measuredOn,
    settings: options.load,
    throughput,
    basket,
    lighthouse,
    lighthouseDatabase,
    javascript,
    holds,
  };
  console.log(`\n${asText(report)}`);
  if (search.text) console.log(`\n${search.text}`);
  if (options.record) recordFigures(asMarkdown(report));
  return misses(report) + search.missed;
}

const startMarker = "<!-- bench:start -->";
const endMarker = "<!-- bench:end -->";

function recordFigures(figures: string): void {
  const file = join(root, "docs", "performance.md");
  const block = `${startMarker}\n${figures}\n${endMarker}`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + endMarker.length)
      : `# Performance\n\nFigures from \`npm run bench -- --record\`.\n\n${block}\n`;
  writeFileSync(file, next);
  console.log(`› recorded in ${file}`);
}

async function shutDown(): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
  rmSync(bareBuildDir, { recursive: true, force: true });
}

main()
  .then(async (missed) => {
    await shutDown();
    // Missed budgets are reported, not fatal, unless --strict: the benchmark informs, the tests gate.
    if (missed > 0) console.log("(budget misses above are marked MISS)");
    if (missed > 0 && options.strict) process.exitCode = 1;
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await shutDown();
    process.exitCode = 1;
  });
