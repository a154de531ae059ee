import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectFormat, onspdRowReader, readCodePointRow, splitCsvLine } from "./postcode-import";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8").split(/\n/);

describe("splitCsvLine", () => {
  it("splits on commas and unquotes fields", () => {
    expect(splitCsvLine('"SW1A1AA","SW1A 1AA",51.5,-0.14,,x')).toEqual([
      "SW1A1AA",
      "SW1A 1AA",
      "51.5",
      "-0.14",
      "",
      "x",
    ]);
  });

  it("keeps commas and doubled quotes inside quoted fields", () => {
    expect(splitCsvLine('"Bristol, City of","say ""hi""",3')).toEqual(["Bristol, City of", 'say "hi"', "3"]);
  });

  it("reads an empty line as one empty field", () => {
    expect(splitCsvLine("")).toEqual([""]);
  });
});

describe("detectFormat", () => {
  it("knows the ONS Postcode Directory by its header, with or without a byte-order mark", () => {
    const [header] = fixture("onspd-sample.csv");
    expect(detectFormat(header!)).toBe("onspd");
    expect(detectFormat(`\uFEFF${header!}`)).toBe("onspd");
    expect(detectFormat("pcd,pcds,lat,long")).toBe("onspd");
  });

  it("knows Code-Point Open by its first data row", () => {
    const [first] = fixture("codepoint-sample.csv");
    expect(detectFormat(first!)).toBe("codepoint");
  });

  it("refuses anything else", () => {
    expect(detectFormat("name,email")).toBeNull();
    expect(detectFormat('"SW1A1AA",10,east,north')).toBeNull();
    expect(detectFormat("")).toBeNull();
  });
});

describe("ONS Postcode Directory rows", () => {
  const [header, ...rows] = fixture("onspd-sample.csv");
  const read = onspdRowReader(header!);
  const byPostcode = (pcds: string) => rows.find((r) => r.includes(`"${pcds}"`))!;

  it("reads a live postcode with its coordinates, authority code and country", () => {
    expect(read(byPostcode("SW1A 1AA"))).toEqual({
      kind: "row",
      row: {
        postcode: "SW1A1AA",
        display: "SW1A 1AA",
        lat: 51.501009,
        lng: -0.141588,
        town: null,
        district: "E09000033",
        country: "England",
      },
    });
    expect(read(byPostcode("EH1 1YZ"))).toMatchObject({
      kind: "row",
      row: { postcode: "EH11YZ", display: "EH1 1YZ", country: "Scotland" },
    });
  });

  it("normalises the padded 7-character form", () => {
    expect(read(byPostcode("M1 1AE"))).toMatchObject({ kind: "row", row: { postcode: "M11AE", display: "M1 1AE" } });
  });

  it("skips terminated postcodes (doterm set)", () => {
    expect(read(byPostcode("SW1A 0PW"))).toEqual({ kind: "skip", reason: "terminated" });
  });

  it("skips postcodes without a grid reference (latitude 99.999999)", () => {
    expect(read(byPostcode("GY1 1AA"))).toEqual({ kind: "skip", reason: "no-coordinates" });
  });

  it("skips rows whose postcode is not a postcode", () => {
    expect(read(byPostcode("NOT A PC"))).toEqual({ kind: "skip", reason: "invalid" });
  });

  it("reads columns by name, whatever their order, and needs pcds, lat and long", () => {
    const reordered = onspdRowReader("long,lat,doterm,pcds");
    expect(reordered("-2.2374,53.4808,,M1 1AE")).toMatchObject({
      kind: "row",
      row: { postcode: "M11AE", lat: 53.4808, lng: -2.2374, district: null },
    });
    expect(reordered("-2.2374,,,M1 1AE")).toEqual({ kind: "skip", reason: "no-coordinates" });
    expect(() => onspdRowReader("pcd,pcds,oseast1m,osnrth1m")).toThrow(/pcds, lat and long/);
  });
});

describe("Code-Point Open rows", () => {
  const rows = fixture("codepoint-sample.csv").map((l) => l.replace(/\r$/, ""));

  it("converts National Grid coordinates to WGS84, rounded to 6 places", () => {
    const outcome = readCodePointRow(rows[0]!);
    expect(outcome).toEqual({
      kind: "row",
      row: {
        postcode: "SW1A1AA",
        display: "SW1A 1AA",
        lat: 51.501009,
        lng: -0.141588,
        town: null,
        district: "E09000033",
        country: "England",
      },
    });
  });

  it("reads Scottish postcodes as Scotland", () => {
    expect(readCodePointRow(rows[1]!)).toMatchObject({
      kind: "row",
      row: { postcode: "EH11YZ", display: "EH1 1YZ", country: "Scotland" },
    });
  });

  it("skips rows without coordinates (quality 90, zero eastings and northings)", () => {
    expect(readCodePointRow(rows[2]!)).toEqual({ kind: "skip", reason: "no-coordinates" });
    expect(readCodePointRow('"AB101AA",10,,,"S92000003"')).toEqual({ kind: "skip", reason: "no-coordinates" });
  });

  it("skips rows that are not postcodes", () => {
    expect(readCodePointRow('"Postcode",10,1,1')).toEqual({ kind: "skip", reason: "invalid" });
  });
});
