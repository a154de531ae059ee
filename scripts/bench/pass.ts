// One database pass of the server figures: the storefront started on a fresh database (PGlite in a scratch data
// directory, or a PostgreSQL database made for the pass and dropped after), shopper sessions prepared through its
// forms, each page checked for the state it should show before and after it is measured under load; the bare page
// (same encoding) measured just before each page, so each ratio compares with the bare page of the same minutes.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { admin } from "../../platform/testing/test-database";
import { measureBasketRoundTrip, type RoundTripResult, type RoundTripSettings } from "./basket";
import { databaseUrl, dropWhenIdle } from "./databases";
import { type LoadSettings, measure, probe } from "./load";
import type { DatabaseKind } from "./options";
import { freePort, startServer, type RunningServer } from "./processes";
import type { ThroughputRow } from "./report";
import { expectShows, guestShopper, memberShopper } from "./shopper";
import { pages, type PageTarget, type SessionKind } from "./targets";

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
  /** Runs while the storefront still stands, with the headers of each session (Lighthouse does). */
  whileUp?: (origin: string, headers: Record<SessionKind, Record<string, string>>) => Promise<void>;
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
  const load = await measure(`${server.origin}/`, 200, settings.load);
  return {
    database,
    name: server.name,
    kind: "bare",
    audience: null,
    path: "/",
    compression: contentEncoding,
    load,
    bare: null,
    shareOfBare: null,
    htmlBytes: null,
  };
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
    const rows: ThroughputRow[] = [];
    for (const page of pages) {
      const url = origin + page.path;
      const label = `${page.name} (${page.path}, ${page.session === "none" ? "no cookie" : `${page.session} session`})`;
      await expectPage(url, page, headers[page.session], label, "before the load");
      const first = await probe(url, headers[page.session]);
      // Interleaved: the bare page with the same encoding just before each page, so both see the same machine.
      const bare = await measureBare(settings, first.contentEncoding !== null, database, page.name);
      console.log(`› ${database}: measuring ${page.name} (${page.audience})`);
      const load = await measure(url, page.expectStatus, settings.load, headers[page.session]);
      // The session must still hold its state after the load (no request may have spent or lost it).
      await expectPage(url, page, headers[page.session], label, "after the load");
      const shareOfBare = bare.load.requestsPerSecond > 0 ? load.requestsPerSecond / bare.load.requestsPerSecond : null;
      rows.push({
        database,
        name: page.name,
        kind: "page",
        audience: page.audience,
        path: page.path,
        compression: first.contentEncoding,
        load,
        bare: bare.load,
        shareOfBare,
        htmlBytes: first.bytes,
      });
    }
    console.log(`› ${database}: measuring the add-to-basket round trip`);
    const basket = await measureBasketRoundTrip(origin, settings.bare.plain.origin, settings.roundTrip);
    await settings.whileUp?.(origin, headers);
    return { database, throughput: rows, basket };
  } finally {
    await server.stop();
    await cleanUp();
  }
}
