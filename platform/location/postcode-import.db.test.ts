import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/open";
import { postcodes } from "../db/schema";
import { openTestDatabase } from "../testing";
import { importPostcodeLines } from "./postcode-import";

const lines = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8").split("\n");

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const row = async (key: string) => (await database.db.select().from(postcodes).where(eq(postcodes.postcode, key)))[0];

describe("importPostcodeLines", () => {
  it("imports an ONS Postcode Directory file and counts what it read, imported and skipped", async () => {
    const counts = await importPostcodeLines(database.db, lines("onspd-sample.csv"));
    expect(counts).toEqual({
      format: "onspd",
      read: 8,
      imported: 4,
      skipped: { terminated: 1, noCoordinates: 1, invalid: 1 },
    });
    expect(await row("SW1A1AA")).toMatchObject({
      display: "SW1A 1AA",
      lat: 51.501009,
      lng: -0.141588,
      district: "E09000033",
      country: "England",
    });
    // M1 1AE is listed twice in one batch: the last line wins.
    expect(await row("M11AE")).toMatchObject({ lat: 53.4808, lng: -2.2374 });
    expect(await row("SW1A0PW")).toBeUndefined();
    expect(await row("GY11AA")).toBeUndefined();
  });

  it("updates postcodes already in the table, keeping a town the file does not carry", async () => {
    await database.db
      .update(postcodes)
      .set({ town: "London", lat: 0, lng: 0 })
      .where(eq(postcodes.postcode, "SW1A1AA"));
    const counts = await importPostcodeLines(database.db, lines("codepoint-sample.csv"), { batchSize: 2 });
    expect(counts).toEqual({
      format: "codepoint",
      read: 4,
      imported: 3,
      skipped: { terminated: 0, noCoordinates: 1, invalid: 0 },
    });
    expect(await row("SW1A1AA")).toMatchObject({ town: "London", lat: 51.501009, lng: -0.141588 });
    expect(await row("WC2N5DN")).toMatchObject({ display: "WC2N 5DN", lat: 51.507772, lng: -0.127522 });
  });

  it("reports each batch as it goes", async () => {
    const seen: number[] = [];
    await importPostcodeLines(database.db, lines("onspd-sample.csv"), {
      batchSize: 2,
      onBatch: (c) => seen.push(c.imported),
    });
    // Batches of 2 rows: SW1A 1AA + SW1A 2AA, EH1 1YZ + M1 1AE, then M1 1AE again at the end.
    expect(seen).toEqual([2, 4, 5]);
  });

  it("refuses a file that is neither format, and an empty one", async () => {
    await expect(importPostcodeLines(database.db, ["name,email", "a,b"])).rejects.toThrow(
      /Not a recognised postcode file/,
    );
    await expect(importPostcodeLines(database.db, ["", "  "])).rejects.toThrow(/empty/);
  });
});
