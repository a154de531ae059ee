// One database pass of the server figures: the storefront started on a fresh database (PGlite in a scratch data
// directory, or a PostgreSQL database made for the pass and dropped after), shopper sessions prepared through its
// forms, each page checked for the state it should show, then measured under load; the bare page measured before
// and after the pages, so each ratio compares with the bare page of the same run and the same minutes.
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
import { pages, type SessionKind } from "./targets";

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

async function startStorefront(settings: PassSettings): Promise<{ server: RunningServer; cleanUp: () => Promise<void> }> {
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
    const server = await startServer({ name: `storefront on ${databaseName(kind)}`, cwd: root, args: ["--import", "tsx", "server.ts"], port: await freePort(), env, readyPath: "/healthz", timeoutMs: 120_000 });
    return { server, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

async function measureBare(settings: PassSettings, when: string, database: string): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const server of [settings.bare.plain, settings.bare.compressed]) {
    const { contentEncoding } = await probe(`${server.origin}/`);
    console.log(`› ${database}: measuring ${server.name} (${when})`);
    const load = await measure(`${server.origin}/`, 200, settings.load);
    rows.push({ database, name: `${server.name} (${when})`, kind: "bare", audience: null, path: "/", compression: contentEncoding, load, shareOfBare: null, htmlBytes: null });
  }
  return rows;
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
    const before = await measureBare(settings, "before the pages", database);
    const measured: ThroughputRow[] = [];
    for (const page of pages) {
      const url = origin + page.path;
      const response = await fetch(url, { headers: headers[page.session], redirect: "manual" });
      const html = await response.text();
      if (response.status !== page.expectStatus) throw new Error(`${page.name} (${page.path}) answered ${response.status}, expected ${page.expectStatus}`);
      expectShows(`${page.name} (${page.path}, ${page.session === "none" ? "no cookie" : `${page.session} session`})`, html, page.shows);
      const first = await probe(url, headers[page.session]);
      console.log(`› ${database}: measuring ${page.name} (${page.audience})`);
      const load = await measure(url, page.expectStatus, settings.load, headers[page.session]);
      measured.push({ database, name: page.name, kind: "page", audience: page.audience, path: page.path, compression: first.contentEncoding, load, shareOfBare: null, htmlBytes: first.bytes });
    }
    console.log(`› ${database}: measuring the add-to-basket round trip`);
    const basket = await measureBasketRoundTrip(origin, settings.bare.plain.origin, settings.roundTrip);
    await settings.whileUp?.(origin, headers);
    const after = await measureBare(settings, "after the pages", database);

    // Each page against the mean of the bare page with the same compression, before and after.
    const bareRate = (compressed: boolean) => {
      const rates = [...before, ...after].filter((row) => (row.compression !== null) === compressed).map((row) => row.load.requestsPerSecond);
      return rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null;
    };
    for (const row of measured) {
      const bare = bareRate(row.compression !== null);
      row.shareOfBare = bare ? row.load.requestsPerSecond / bare : null;
    }
    return { database, throughput: [...before, ...after, ...measured], basket };
  } finally {
    await server.stop();
    await cleanUp();
  }
}
