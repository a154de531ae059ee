import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { postcodes } from "../db/schema";
import { osgbToWgs84 } from "./osgb";
import { postcodeDisplay, postcodeKey } from "./service";

/**
 * Reading postcode files into the postcode table: the ONS Postcode Directory (ONSPD, with a header row) and
 * OS Code-Point Open (no header, National Grid coordinates). Both are read a line at a time, so the full
 * 2.7 million-row ONSPD never has to fit in memory.
 */

export type PostcodeFileFormat = "onspd" | "codepoint";

export type PostcodeInsert = typeof postcodes.$inferInsert;

export type RowOutcome =
  { kind: "row"; row: PostcodeInsert } | { kind: "skip"; reason: "terminated" | "no-coordinates" | "invalid" };

/** GSS country codes used by both files. */
const COUNTRIES: Record<string, string> = {
  E92000001: "England",
  W92000004: "Wales",
  S92000003: "Scotland",
  N92000002: "Northern Ireland",
  L93000001: "Channel Islands",
  M83000003: "Isle of Man",
};

/** Splits one CSV line, honouring double-quoted fields and doubled quotes inside them (RFC 4180). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** A UK postcode's shape (outward code, then digit and two letters); anything else in the file is not a postcode. */
const POSTCODE_SHAPE = /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/;

/**
 * Tells the file's format from its first line: ONSPD starts with a header naming `pcds`; Code-Point Open
 * starts with data, a postcode then numbers.
 */
export function detectFormat(firstLine: string): PostcodeFileFormat | null {
  const fields = splitCsvLine(firstLine.replace(/^\uFEFF/, "")).map((f) => f.trim());
  if (fields.some((f) => f.toLowerCase() === "pcds")) return "onspd";
  if (
    fields.length >= 4 &&
    POSTCODE_SHAPE.test(postcodeKey(fields[0] ?? "")) &&
    /^\d+$/.test(fields[2] ?? "") &&
    /^\d+$/.test(fields[3] ?? "")
  ) {
    return "codepoint";
  }
  return null;
}

/** Reads ONSPD rows by their header's column names, so extra or reordered columns do not matter. */
export function onspdRowReader(headerLine: string): (line: string) => RowOutcome {
  const header = splitCsvLine(headerLine.replace(/^\uFEFF/, "")).map((h) => h.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const pcds = column("pcds");
  const lat = column("lat");
  const long = column("long");
  if (pcds < 0 || lat < 0 || long < 0)
    throw new Error("The ONS Postcode Directory header must name the columns pcds, lat and long");
  const doterm = column("doterm");
  const district = column("oslaua");
  const country = column("ctry");

  return (line) => {
    const fields = splitCsvLine(line);
    const key = postcodeKey(fields[pcds] ?? "");
    if (!POSTCODE_SHAPE.test(key)) return { kind: "skip", reason: "invalid" };
    if (doterm >= 0 && (fields[doterm] ?? "").trim() !== "") return { kind: "skip", reason: "terminated" };
    const latitude = Number(fields[lat]);
    const longitude = Number(fields[long]);
    // ONSPD marks a postcode without a grid reference with latitude 99.999999 and longitude 0.
    if (!(fields[lat] ?? "").trim() || !Number.isFinite(latitude) || !Number.isFinite(longitude) || latitude > 90) {
      return { kind: "skip", reason: "no-coordinates" };
    }
    return {
      kind: "row",
      row: {
        postcode: key,
        display: postcodeDisplay(key),
        lat: latitude,
        lng: longitude,
        town: null,
        // ONSPD carries the local authority's code (e.g. E09000033), not its name.
        district: district >= 0 ? (fields[district] ?? "").trim() || null : null,
        country: COUNTRIES[(fields[country] ?? "").trim()] ?? "England",
      },
    };
  };
}

/** Code-Point Open columns: Postcode, Positional_quality_indicator, Eastings, Northings, Country_code, … */
export function readCodePointRow(line: string): RowOutcome {
  const fields = splitCsvLine(line).map((f) => f.trim());
  const key = postcodeKey(fields[0] ?? "");
  if (!POSTCODE_SHAPE.test(key)) return { kind: "skip", reason: "invalid" };
  const quality = Number(fields[1]);
  const easting = Number(fields[2]);
  const northing = Number(fields[3]);
  // Quality 90 means "no coordinates": such rows carry zeros.
  if (
    quality === 90 ||
    !fields[2] ||
    !fields[3] ||
    !Number.isFinite(easting) ||
    !Number.isFinite(northing) ||
    (easting === 0 && northing === 0)
  ) {
    return { kind: "skip", reason: "no-coordinates" };
  }
  const { lat, lng } = osgbToWgs84(easting, northing);
  return {
    kind: "row",
    row: {
      postcode: key,
      display: postcodeDisplay(key),
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      town: null,
      district: (fields[8] ?? "").trim() || null,
      country: COUNTRIES[fields[4] ?? ""] ?? "England",
    },
  };
}

export interface ImportCounts {
  format: PostcodeFileFormat;
  /** Data rows read (the header not counted; blank lines ignored). */
  read: number;
  imported: number;
  skipped: { terminated: number; noCoordinates: number; invalid: number };
}

export const IMPORT_BATCH_SIZE = 1000;

/**
 * Upserts one batch. A postcode may appear twice in a batch (ONSPD lists some twice over its history) and
 * PostgreSQL refuses to update one row twice in a statement, so the last occurrence wins before writing.
 */
async function upsert(db: Db, rows: PostcodeInsert[]): Promise<number> {
  const unique = [...new Map(rows.map((r) => [r.postcode, r])).values()];
  if (unique.length === 0) return 0;
  await db
    .insert(postcodes)
    .values(unique)
    .onConflictDoUpdate({
      target: postcodes.postcode,
      set: {
        display: sql`excluded.display`,
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        // The files carry no town names: keep one the table already has (the demo seed's).
        town: sql`coalesce(excluded.town, ${postcodes.town})`,
        district: sql`coalesce(excluded.district, ${postcodes.district})`,
        country: sql`excluded.country`,
      },
    });
  return unique.length;
}

/** Imports every line of a postcode file into the postcode table, in batches, and counts what happened. */
export async function importPostcodeLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: { batchSize?: number; onBatch?: (counts: ImportCounts) => void } = {},
): Promise<ImportCounts> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  let readRow: ((line: string) => RowOutcome) | null = null;
  let counts: ImportCounts | null = null;
  let batch: PostcodeInsert[] = [];

  const flush = async () => {
    if (!counts || batch.length === 0) return;
    counts.imported += await upsert(db, batch);
    batch = [];
    options.onBatch?.(counts);
  };

  for await (const rawLine of lines) {
    const line = rawLine.replace(/\r$/, "");
    if (line.trim() === "") continue;
    if (!readRow) {
      const format = detectFormat(line);
      if (!format)
        throw new Error(
          "Not a recognised postcode file: expected an ONS Postcode Directory CSV (header with pcds, lat, long) or a Code-Point Open CSV",
        );
      counts = { format, read: 0, imported: 0, skipped: { terminated: 0, noCoordinates: 0, invalid: 0 } };
      if (format === "onspd") {
        readRow = onspdRowReader(line);
        continue;
      }
      readRow = readCodePointRow;
    }
    const outcome = readRow(line);
    counts!.read++;
    if (outcome.kind === "row") {
      batch.push(outcome.row);
      if (batch.length >= batchSize) await flush();
    } else if (outcome.reason === "terminated") counts!.skipped.terminated++;
    else if (outcome.reason === "no-coordinates") counts!.skipped.noCoordinates++;
    else counts!.skipped.invalid++;
  }
  await flush();
  if (!counts) throw new Error("The postcode file is empty");
  return counts;
}
