// `npm run bench`: builds the storefront, serves it in production mode on a fresh database beside a bare
// React Router page built in the same run, and prints throughput, latency and JavaScript weight against
// the budgets of DESIGN.md. `--record` also writes the figures into docs/performance.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { measureBasketRoundTrip, roundTripText } from "./basket";
import { measureHolds } from "./holds";
import { runSearchBench } from "./search";
import { jsWeight, pageLoadsManifest, readBrowserManifest } from "./js-weight";
import { defaultLoad, measure, probe } from "./load";
import { freePort, run, startServer, type RunningServer } from "./processes";
import { asMarkdown, asText, misses, type JsRow, type Report, type ThroughputRow } from "./report";
import { javascriptOnly, pages } from "./targets";

const root = join(import.meta.dirname, "..", "..");
const baselineApp = join(import.meta.dirname, "baseline-app");
const args = new Set(process.argv.slice(2));
const record = args.has("--record");
const skipBuild = args.has("--skip-build");
// With --strict a missed budget fails the command, for a pipeline that wants to gate on the budgets.
const strict = args.has("--strict");

function machine(): string {
  const cores = cpus();
  const memoryGiB = Math.round(totalmem() / 1024 ** 3);
  // Other work on the machine lowers every figure; the load average says how busy it was when measured.
  const busy = loadavg()[0]?.toFixed(1) ?? "?";
  return `${cores.length} × ${cores[0]?.model.trim() ?? "unknown CPU"}, ${memoryGiB} GiB, Linux ${release()}, Node ${process.versions.node} ` +
    `(load average ${busy} before the run)`;
}

const scratch = mkdtempSync(join(tmpdir(), "storefront-bench-"));
// The bare page's server build imports react and react-router by name, so it must sit where Node finds
// this repo's node_modules; node_modules/.cache is inside the tree yet ignored by git.
mkdirSync(join(root, "node_modules", ".cache"), { recursive: true });
const bareBuildDir = mkdtempSync(join(root, "node_modules", ".cache", "bench-bare-"));
const servers: RunningServer[] = [];

async function main(): Promise<number> {
  const measuredOn = machine();
  if (!skipBuild) {
    console.log("› building the storefront");
    run("npm", ["run", "build"], { cwd: root });
  }
  const baselineBuild = bareBuildDir;
  console.log("› building the bare page");
  run("npx", ["react-router", "build"], { cwd: baselineApp, env: { BENCH_BASELINE_BUILD_DIR: baselineBuild } });

  console.log("› starting servers");
  const storefront = await startServer({
    name: "storefront",
    cwd: root,
    args: ["--import", "tsx", "server.ts"],
    port: await freePort(),
    env: { NODE_ENV: "production", DATA_DIR: join(scratch, "data") },
    readyPath: "/healthz",
    timeoutMs: 120_000,
  });
  servers.push(storefront);
  const bareServer = (compressed: boolean) =>
    freePort().then((port) =>
      startServer({
        name: compressed ? "bare page, compressed" : "bare page",
        cwd: root,
        args: ["--import", "tsx", join(baselineApp, "server.ts")],
        port,
        env: { NODE_ENV: "production", BENCH_BASELINE_BUILD_DIR: baselineBuild, BENCH_COMPRESSION: compressed ? "1" : "0" },
        readyPath: "/",
      }),
    );
  const barePlain = await bareServer(false);
  servers.push(barePlain);
  const bareCompressed = await bareServer(true);
  servers.push(bareCompressed);

  const throughput: ThroughputRow[] = [];
  const bareRate = new Map<boolean, number>();
  for (const [server, name] of [[barePlain, "bare page"], [bareCompressed, "bare page, compression on"]] as const) {
    const { contentEncoding } = await probe(`${server.origin}/`);
    console.log(`› measuring ${name}`);
    const load = await measure(`${server.origin}/`, 200);
    bareRate.set(contentEncoding !== null, load.requestsPerSecond);
    throughput.push({ name, kind: "bare", path: "/", compression: contentEncoding, load, shareOfBare: null });
  }
  const share = (compressed: boolean, rate: number) => {
    const bare = bareRate.get(compressed);
    return bare ? rate / bare : null;
  };

  const clientDir = join(root, "build", "client");
  const manifest = readBrowserManifest(clientDir);
  for (const page of pages) {
    const headers = page.prepare ? await page.prepare(storefront.origin) : {};
    const url = storefront.origin + page.path;
    const first = await probe(url, headers);
    if (first.status !== page.expectStatus) {
      throw new Error(`${page.name} (${page.path}) answered ${first.status}, expected ${page.expectStatus}`);
    }
    console.log(`› measuring ${page.name}`);
    const load = await measure(url, page.expectStatus, defaultLoad, headers);
    throughput.push({
      name: page.name,
      kind: "page",
      path: page.path,
      compression: first.contentEncoding,
      load,
      shareOfBare: share(first.contentEncoding !== null, load.requestsPerSecond),
    });
  }

  console.log("› measuring the add-to-basket round trip");
  const basketTrip = await measureBasketRoundTrip(storefront.origin, barePlain.origin);

  const assetPath = manifest.entry.module;
  const asset = await probe(storefront.origin + assetPath);
  if (asset.status !== 200) throw new Error(`static asset ${assetPath} answered ${asset.status}`);
  console.log("› measuring a static asset");
  const assetLoad = await measure(storefront.origin + assetPath, 200);
  throughput.push({
    name: "static asset (client entry)",
    kind: "asset",
    path: assetPath,
    compression: asset.contentEncoding,
    load: assetLoad,
    shareOfBare: share(asset.contentEncoding !== null, assetLoad.requestsPerSecond),
  });

  const bareManifest = readBrowserManifest(join(baselineBuild, "client"));
  const bareLoadsManifest = pageLoadsManifest(await (await fetch(`${barePlain.origin}/`)).text(), bareManifest);
  const storefrontLoadsManifest = pageLoadsManifest(await (await fetch(`${storefront.origin}/`)).text(), manifest);
  const bareJs = jsWeight(join(baselineBuild, "client"), "/", bareManifest, { manifestLoaded: bareLoadsManifest });
  const javascript: JsRow[] = [
    { name: "bare page", path: "/", routeIds: bareJs.routeIds, files: bareJs.files.length, gzipBytes: bareJs.gzipBytes, brotliBytes: bareJs.brotliBytes, ownGzipBytes: null },
    ...[...pages, ...javascriptOnly].map((page): JsRow => {
      const weight = jsWeight(clientDir, new URL(page.path, "http://x").pathname, manifest, { manifestLoaded: storefrontLoadsManifest });
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
  console.log(`› measuring slot holds${process.env.BENCH_DATABASE_URL ? " (PGlite, then PostgreSQL)" : " (PGlite)"}`);
  const holds = await measureHolds();
  const searchMissed = await runSearchBench();

  const report: Report = { date: new Date().toISOString().slice(0, 10), machine: measuredOn, settings: defaultLoad, throughput, javascript, holds };
  console.log(`\n${asText(report)}`);
  console.log(`\n${roundTripText(basketTrip)}`);
  if (record) recordFigures(asMarkdown(report));
  return misses(report) + searchMissed;
}

const startMarker = "<!-- bench:start -->";
const endMarker = "<!-- bench:end -->";

function recordFigures(figures: string): void {
  const file = join(root, "docs", "performance.md");
  const block = `${startMarker}\n${figures}\n${endMarker}`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next = start >= 0 && end > start
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
    if (missed > 0 && strict) process.exitCode = 1;
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await shutDown();
    process.exitCode = 1;
  });
