// `npm run budgets`: the budgets `.ci/run` fails on (issue 22), checked against the build `npm test` has just made.
// Weighs the JavaScript of every page the bench knows (targets.ts), then starts the built storefront on a fresh
// PGlite database, prepares the bench's guest shopper through the storefront's forms, and runs Lighthouse mobile on
// home, a store home and the basket, taken in turn until each page has a run at the floor (five at the most), each page
// held by its best run.
// Prints every figure beside its floor (ciFloors, budgets.ts) and exits 1 when one is missed (with --lighthouse-report,
// as .ci/run runs it, only when a page's JavaScript is). About a minute and a
// half on two shared cores; the full bench (`npm run bench`) keeps the real goals.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ciFloors } from "./budgets";
import { ciReport, ciUsage, failingMisses, parseCiOptions, type CiJsRow } from "./ci-report";
import { jsWeight, pageLoadsManifest, readBrowserManifest } from "./js-weight";
import { measureLighthouse } from "./lighthouse";
import { freePort, machine, run, startServer, type RunningServer } from "./processes";
import { expectShows, guestShopper } from "./shopper";
import { javascriptOnly, pages, type SessionKind } from "./targets";

const root = join(import.meta.dirname, "..", "..");
const scored = pages.filter((page) => page.lighthouse);
const options = (() => {
  try {
    return parseCiOptions(
      process.argv.slice(2),
      scored.map((page) => page.name),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(ciUsage);
    process.exit(2);
  }
})();

const scratch = mkdtempSync(join(tmpdir(), "storefront-budgets-"));
let server: RunningServer | null = null;

async function main(): Promise<number> {
  const started = Date.now();
  const measuredOn = machine();
  const clientDir = join(root, "build", "client");
  if (options.build || !existsSync(join(root, "build", "server", "index.js"))) {
    console.log("› building the storefront");
    run("npm", ["run", "build"], { cwd: root });
  }
  const manifest = readBrowserManifest(clientDir);

  server = await startServer({
    name: "storefront (PGlite)",
    cwd: root,
    args: ["--import", "tsx", "server.ts"],
    port: await freePort(),
    env: { NODE_ENV: "production", DATA_DIR: join(scratch, "data") },
    readyPath: "/healthz",
    timeoutMs: 120_000,
  });
  const origin = server.origin;

  // Whether the page loads the route manifest file is read from the page the server sends (js-weight.ts).
  const manifestLoaded = pageLoadsManifest(await (await fetch(`${origin}/`)).text(), manifest);
  const weighed = [...new Map([...pages, ...javascriptOnly].map((page) => [page.path, page])).values()];
  const javascript: CiJsRow[] = weighed.map((page) => {
    const weight = jsWeight(clientDir, new URL(page.path, "http://x").pathname, manifest, { manifestLoaded });
    return {
      name: page.name,
      path: page.path,
      files: weight.files.length,
      gzipBytes: weight.gzipBytes,
      brotliBytes: weight.brotliBytes,
    };
  });

  const chosen = scored.filter((page) => options.pages.includes(page.name));
  const headers: Record<SessionKind, Record<string, string>> = { none: {}, guest: {}, member: {} };
  if (chosen.some((page) => page.session === "guest")) {
    console.log("› preparing the guest shopper through the storefront's forms");
    headers.guest = { Cookie: (await guestShopper(origin)).cookie };
  }
  if (chosen.some((page) => page.session === "member")) throw new Error("no member session is prepared for Lighthouse");
  for (const page of chosen) {
    expectShows(
      `${page.name} for Lighthouse`,
      await (await fetch(origin + page.path, { headers: headers[page.session] })).text(),
      page.shows,
    );
  }
  const lighthouse = await measureLighthouse(
    origin,
    chosen.map((page) => ({ name: page.name, path: page.path, headers: headers[page.session] })),
    true,
    {
      runs: options.runs,
      enough: ciFloors.minPerformance,
      saveDir: options.saveDir ? resolve(options.saveDir) : undefined,
    },
  );

  console.log(`\n${ciReport(javascript, lighthouse, options.runs, measuredOn, options.lighthouseGate)}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return failingMisses(javascript, lighthouse, options.lighthouseGate);
}

async function shutDown(): Promise<void> {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
}

main()
  .then(async (missed) => {
    await shutDown();
    if (missed > 0) process.exitCode = 1;
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await shutDown();
    process.exitCode = 1;
  });
