// Profiling aid for issue 17 (not part of `npm run bench`): starts the built storefront under `node --cpu-prof` on a
// fresh PGlite (or PostgreSQL with --database=postgres), prepares the bench's guest and member shoppers through the
// forms, puts each shopper page under the bench's load in turn, and stops the server so Node writes the profile.
// Prints each page's requests a second and p95; `--pages=basket,member dashboard` picks pages, `--seconds=N` the
// load time. Summarise a profile with `node --import tsx scripts/bench/profile-summary.ts <file>`.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { admin } from "../../platform/testing/test-database";
import { databaseUrl, dropWhenIdle } from "./databases";
import { measure } from "./load";
import { freePort, startServer } from "./processes";
import { guestShopper, memberShopper } from "./shopper";
import { pages } from "./targets";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const root = join(import.meta.dirname, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "storefront-profile-"));
const profileDir = arg("out") ?? join(scratch, "profiles");
mkdirSync(profileDir, { recursive: true });
const postgres = arg("database") === "postgres";
const seconds = Number(arg("seconds") ?? 5);
const chosen = arg("pages")?.split(",");
const env: NodeJS.ProcessEnv = { NODE_ENV: "production", DATA_DIR: join(scratch, "data") };
const server = "postgres://postgres@127.0.0.1:5432/postgres";
const name = `perf_profile_${randomUUID().replace(/-/g, "")}`;
if (postgres) {
  await admin(server, `CREATE DATABASE ${name}`);
  env.DATABASE_URL = databaseUrl(server, name);
}
const profiling = !process.argv.includes("--no-profile");
const storefront = await startServer({
  name: "storefront",
  cwd: root,
  args: [...(profiling ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--import", "tsx", "server.ts"],
  port: await freePort(),
  env,
  readyPath: "/healthz",
  timeoutMs: 120_000,
});
try {
  const headers = {
    none: {},
    guest: { Cookie: (await guestShopper(storefront.origin)).cookie },
    member: { Cookie: (await memberShopper(storefront.origin)).cookie },
  };
  for (const page of pages) {
    if (page.audience !== "shopper" || (chosen && !chosen.includes(page.name))) continue;
    const load = await measure(
      storefront.origin + page.path,
      page.expectStatus,
      { connections: 20, warmUpSeconds: 1, seconds },
      headers[page.session],
    );
    console.log(
      `${page.name.padEnd(20)} ${load.requestsPerSecond.toFixed(0).padStart(5)} req/s  ` +
        `p95 ${load.p95Ms.toFixed(1)} ms  failures ${load.failures}`,
    );
  }
} finally {
  await storefront.stop();
  if (postgres) await dropWhenIdle(server, name);
}
console.log(`profile in ${profileDir}`);
