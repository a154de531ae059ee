// One database pass of the server figures: the storefront started on a fresh database (PGlite in a scratch data
// directory, or a PostgreSQL database made for the pass and dropped after), shopper sessions prepared through its
// forms, each page checked for the state it should show before and after it is measured under load; the bare page
// (same encoding) measured just before each page, so each ratio compares with the bare page of the same minutes.
// Each load samples the serving process's CPU (cpu.ts; on PostgreSQL the postgres processes' too), and a shopper
// page with a fresh twin (targets.ts) is measured again just after as an anonymous visitor whose page is drawn fresh.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { admin } from "../../platform/testing/test-database";
import { measureBasketRoundTrip, type RoundTripResult, type RoundTripSettings } from "./basket";
import { serverCpu, type CpuSampler } from "./cpu";
import { databaseUrl, dropWhenIdle } from "./databases";
import { type LoadSettings, measure, probe } from "./load";
import type { DatabaseKind } from "./options";
import { freePort, startServer, type RunningServer } from "./processes";
import type { ThroughputRow } from "./report";
import { textOf } from "./session";
import { expectShows, guestShopper, memberShopper } from "./shopper";
import { FRESH_TWIN_COOKIE, pages, type PageTarget, type SessionKind } from "./targets";

export const databaseName = (kind: DatabaseKind) => (kind === "pglite" ? "PGlite" : "PostgreSQL");

export interface PassResult {
  database: string;
  throughput: ThroughputRow[];
  basket: RoundTripResult;
}

export interface PassSettings {
  root: string;
  scratch: string;
  kind: DatabaseKind;
  postgresServer: string;
  bare: { plain: RunningServer; compressed: RunningServer };
  load: LoadSettings;
  roundTrip: RoundTripSettings;
  /**
   * Runs while the storefront still stands, with the headers of each session (Lighthouse does) and the sampler of the
   * CPU it spends.
   */
  whileUp?: (origin: string, headers: Record<SessionKind, Record<string, string>>, cpu: CpuSampler) => Promise<void>;
}

async function startStorefront(
  settings: PassSettings,
): Promise<{ server: RunningServer; cleanUp: () => Promise<void> }> {
  const { kind, root, scratch, postgresServer } = settings;
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production", DATA_DIR: join(scratch, `data-${kind}`) };
  let cleanUp = async () => {};
  if (kind === "postgres") {
    const name = `bench_pages_${randomUUID().replace(/-/g, "")}`;
    await admin(postgresServer, `CREATE DATABASE ${name}`);
    env.DATABASE_URL = databaseUrl(postgresServer, name);
    cleanUp = () => dropWhenIdle(postgresServer, name);
  }
  try {
    const server = await startServer({
      name: `storefront on ${databaseName(kind)}`,
      cwd: root,
      args: ["--import", "tsx", "server.ts"],
      port: await freePort(),
      env,
      readyPath: "/healthz",
      timeoutMs: 120_000,
    });
    return { server, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** The bare page served with the encoding a page came with, measured now: the yardstick for that page. */
async function measureBare(
  settings: PassSettings,
  encoded: boolean,
  database: string,
  before: string,
): Promise<ThroughputRow & { kind: "bare" }> {
  const server = encoded ? settings.bare.compressed : settings.bare.plain;
  const { contentEncoding } = await probe(`${server.origin}/`);
  console.log(`› ${database}: measuring ${server.name} (before ${before})`);
  const load = await measure(`${server.origin}/`, 200, settings.load, {}, serverCpu(server.child.pid));
  return {
    database,
    databaseKind: settings.kind,
    name: server.name,
    kind: "bare",
    audience: null,
    path: "/",
    compression: contentEncoding,
    load,
    bare: null,
    twin: null,
    htmlBytes: null,
  };
}

/**
 * The fresh twin, checked with one request before it is measured: it answers 200, sets no cookie (the server
 * discarded the unsigned session and made none), and shows exactly what an anonymous visitor's page shows.
 */
async function expectFreshTwin(url: string, label: string): Promise<void> {
  const twin = await fetch(url, { headers: { Cookie: FRESH_TWIN_COOKIE }, redirect: "manual" });
  const twinText = textOf(await twin.text());
  if (twin.status !== 200) throw new Error(`${label} answered ${twin.status}, expected 200`);
  const setCookie = twin.headers.getSetCookie();
  if (setCookie.length > 0 || twin.headers.has("set-cookie"))
    throw new Error(`${label} set a cookie (${setCookie.map((line) => line.split("=", 1)[0]).join(", ")})`);
  const anonymous = await fetch(url, { redirect: "manual" });
  const anonymousText = textOf(await anonymous.text());
  if (twinText !== anonymousText) {
    let at = 0;
    while (at < twinText.length && twinText[at] === anonymousText[at]) at++;
    throw new Error(
      `${label} does not show what the anonymous page shows: "…${twinText.slice(Math.max(0, at - 40), at + 60)}…" ` +
        `where the anonymous page shows "…${anonymousText.slice(Math.max(0, at - 40), at + 60)}…"`,
    );
  }
}

/** Throws unless the page answers its status and shows what its session should. */
async function expectPage(
  url: string,
  page: PageTarget,
  headers: Record<string, string>,
  label: string,
  when: string,
): Promise<void> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const html = await response.text();
  if (response.status !== page.expectStatus)
    throw new Error(`${label} answered ${response.status} ${when}, expected ${page.expectStatus}`);
  expectShows(`${label} ${when}`, html, page.shows);
}

/** A shopper page's path as a visitor without a session whose page is drawn fresh, checked first, then under load. */
async function measureFreshTwin(
  url: string,
  page: PageTarget,
  database: string,
  cpu: CpuSampler,
  load: LoadSettings,
): Promise<Omit<ThroughputRow, "database" | "databaseKind" | "bare">> {
  const headers = { Cookie: FRESH_TWIN_COOKIE };
  await expectFreshTwin(url, `${page.name}'s fresh twin (${page.path}, ${FRESH_TWIN_COOKIE})`);
  const { contentEncoding, bytes } = await probe(url, headers);
  console.log(`› ${database}: measuring ${page.name}'s fresh twin (anonymous, drawn fresh)`);
  return {
    name: `${page.name}, fresh twin`,
    kind: "twin",
    audience: "anonymous",
    path: page.path,
    compression: contentEncoding,
    load: await measure(url, 200, load, headers, cpu),
    twin: null,
    htmlBytes: bytes,
  };
}

export async function measurePass(settings: PassSettings): Promise<PassResult> {
  const database = databaseName(settings.kind);
  const { server, cleanUp } = await startStorefront(settings);
  try {
    const origin = server.origin;
    console.log(`› ${database}: preparing a guest shopper and a member through the storefront's forms`);
    const headers: Record<SessionKind, Record<string, string>> = {
      none: {},
      guest: { Cookie: (await guestShopper(origin)).cookie },
      member: { Cookie: (await memberShopper(origin)).cookie },
    };
    // On PostgreSQL the database server's processes serve the pages too: their CPU counts with the storefront's.
    const cpu = serverCpu(server.child.pid, settings.kind === "postgres");
    const rows: ThroughputRow[] = [];
    for (const page of pages) {
      const url = origin + page.path;
      const label = `${page.name} (${page.path}, ${page.session === "none" ? "no cookie" : `${page.session} session`})`;
      await expectPage(url, page, headers[page.session], label, "before the load");
      const first = await probe(url, headers[page.session]);
      // Interleaved: the bare page with the same encoding just before each page, so both see the same machine.
      const bare = await measureBare(settings, first.contentEncoding !== null, database, page.name);
      console.log(`› ${database}: measuring ${page.name} (${page.audience})`);
      const load = await measure(url, page.expectStatus, settings.load, headers[page.session], cpu);
      // The session must still hold its state after the load (no request may have spent or lost it).
      await expectPage(url, page, headers[page.session], label, "after the load");
      const row: ThroughputRow = {
        database,
        databaseKind: settings.kind,
        name: page.name,
        kind: "page",
        audience: page.audience,
        path: page.path,
        compression: first.contentEncoding,
        load,
        bare: bare.load,
        twin: null,
        htmlBytes: first.bytes,
      };
      rows.push(row);
      if (page.freshTwin && page.audience === "shopper") {
        // Just after the page, so the shopper's page and the anonymous one drawn fresh see the same machine.
        const twin = await measureFreshTwin(url, page, database, cpu, settings.load);
        row.twin = twin.load;
        rows.push({ ...twin, database, databaseKind: settings.kind, bare: bare.load });
      }
    }
    console.log(`› ${database}: measuring the add-to-basket round trip`);
    const basket = await measureBasketRoundTrip(origin, settings.bare.plain.origin, settings.roundTrip);
    await settings.whileUp?.(origin, headers, cpu);
    return { database, throughput: rows, basket };
  } finally {
    await server.stop();
    await cleanUp();
  }
}
