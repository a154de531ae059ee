import type { postcodes } from "../schema";

/**
 * The demo areas' postcode table: what the embedded location service looks postcodes up in.
 * Coordinates are approximate centroids of real postcodes (good to a few hundred metres), enough for
 * "stores near you" and delivery-area checks; a full ONS or Code-Point Open import replaces them in production.
 * Every store's own postcode is listed too, so searching by a store's postcode finds it.
 */
export type PostcodeRow = typeof postcodes.$inferInsert;

type Country = "England" | "Scotland";

/** Upper-case without spaces: how the table keys postcodes. */
export function normalisePostcode(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** "sw1a1aa" → "SW1A 1AA": the inward code is always the last three characters. */
export function displayPostcode(text: string): string {
  const compact = normalisePostcode(text);
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

function area(town: string, district: string, country: Country, rows: [display: string, lat: number, lng: number][]) {
  return rows.map(([display, lat, lng]): PostcodeRow => ({
    postcode: normalisePostcode(display),
    display: displayPostcode(display),
    lat,
    lng,
    town,
    district,
    country,
  }));
}

export const demoPostcodes: PostcodeRow[] = [
  ...area("London", "City of Westminster", "England", [
    ["SW1A 1AA", 51.50101, -0.14159],
    ["SW1A 2AA", 51.50354, -0.12768],
    ["SW1A 0AA", 51.49984, -0.12466],
    ["SW1P 3BU", 51.4946, -0.1301],
    ["SW1E 5LB", 51.4968, -0.138],
    ["SW1V 1JU", 51.4952, -0.1441],
    ["WC2N 5DU", 51.5081, -0.1281],
    ["WC2E 9ED", 51.5108, -0.1247],
    ["W1A 1AA", 51.5186, -0.1438],
  ]),
  ...area("London", "Camden", "England", [
    ["WC1B 3DG", 51.5191, -0.1269],
    ["N1 9AL", 51.5313, -0.1233],
  ]),
  ...area("London", "Islington", "England", [["N1 1RU", 51.542, -0.1028]]),
  ...area("London", "Lambeth", "England", [
    ["SE1 7PB", 51.5033, -0.1196],
    ["SW4 7UR", 51.464, -0.1313],
  ]),
  ...area("London", "Southwark", "England", [["SE1 9TG", 51.5076, -0.0994]]),
  ...area("London", "City of London", "England", [
    ["EC1A 1BB", 51.5202, -0.0975],
    ["EC2M 7QH", 51.5178, -0.0817],
  ]),
  ...area("London", "Tower Hamlets", "England", [
    ["E1 6AN", 51.5179, -0.0732],
    ["E1 6BG", 51.5196, -0.0745],
    ["E1 7AA", 51.5157, -0.0716],
    ["E2 7RG", 51.5295, -0.0708],
    ["EC3N 4AB", 51.5081, -0.0759],
    ["E14 5AB", 51.5049, -0.0195],
  ]),

  ...area("Manchester", "Manchester", "England", [
    ["M1 1AE", 53.4808, -2.2374],
    ["M1 2BS", 53.4814, -2.2345],
    ["M1 1JG", 53.4834, -2.2337],
    ["M2 5DB", 53.4794, -2.245],
    ["M3 3NE", 53.48, -2.249],
    ["M4 1HN", 53.4846, -2.236],
    ["M4 4BF", 53.485, -2.225],
    ["M1 7ED", 53.472, -2.239],
    ["M13 9PL", 53.4668, -2.2339],
    ["M15 4FN", 53.468, -2.253],
    ["M14 6HR", 53.443, -2.22],
  ]),
  ...area("Salford", "Salford", "England", [["M50 2EQ", 53.472, -2.298]]),
  ...area("Manchester", "Trafford", "England", [["M16 0RA", 53.4631, -2.2913]]),

  ...area("Leeds", "Leeds", "England", [
    ["LS1 4DY", 53.7963, -1.5465],
    ["LS1 5DL", 53.7975, -1.5468],
    ["LS1 4AP", 53.7952, -1.5483],
    ["LS1 6HD", 53.7982, -1.5418],
    ["LS2 7HY", 53.8015, -1.5415],
    ["LS2 9JT", 53.8067, -1.555],
    ["LS3 1AB", 53.801, -1.566],
    ["LS6 3AB", 53.8195, -1.577],
    ["LS5 3EH", 53.821, -1.606],
    ["LS7 3HB", 53.821, -1.533],
    ["LS8 2ER", 53.835, -1.499],
    ["LS9 8AG", 53.796, -1.523],
    ["LS10 1PZ", 53.7905, -1.533],
    ["LS11 9AT", 53.788, -1.556],
    ["LS12 1AA", 53.798, -1.585],
  ]),

  ...area("Edinburgh", "City of Edinburgh", "Scotland", [
    ["EH1 1YZ", 55.9527, -3.189],
    ["EH1 1RE", 55.9512, -3.188],
    ["EH1 2NG", 55.9486, -3.1999],
    ["EH2 2BY", 55.954, -3.196],
    ["EH2 4AD", 55.9515, -3.201],
    ["EH3 6ST", 55.959, -3.208],
    ["EH12 5EH", 55.9458, -3.2185],
    ["EH6 5DX", 55.9655, -3.1765],
    ["EH6 6JJ", 55.977, -3.172],
    ["EH7 4AX", 55.958, -3.175],
    ["EH8 8DX", 55.9499, -3.1755],
    ["EH8 9YL", 55.944, -3.189],
    ["EH9 1HF", 55.937, -3.193],
    ["EH10 4BF", 55.929, -3.21],
    ["EH11 2NE", 55.938, -3.235],
    ["EH16 5AY", 55.923, -3.15],
  ]),

  ...area("Birmingham", "Birmingham", "England", [
    ["B1 1BB", 52.4786, -1.9098],
    ["B2 4HN", 52.4792, -1.899],
    ["B2 4QA", 52.4778, -1.899],
    ["B3 2BJ", 52.4815, -1.901],
    ["B4 6AT", 52.485, -1.89],
    ["B5 4BU", 52.4775, -1.893],
    ["B9 4AA", 52.475, -1.865],
    ["B12 0LF", 52.47, -1.885],
    ["B15 2TT", 52.45, -1.93],
    ["B16 8EQ", 52.477, -1.925],
    ["B18 6HA", 52.489, -1.912],
  ]),

  ...area("Bristol", "Bristol, City of", "England", [
    ["BS1 4DJ", 51.45, -2.598],
    ["BS1 5DB", 51.451, -2.601],
    ["BS1 6QF", 51.449, -2.581],
    ["BS1 3XE", 51.459, -2.588],
    ["BS1 1JQ", 51.4545, -2.5935],
    ["BS2 8QA", 51.463, -2.584],
    ["BS3 1AA", 51.4415, -2.6],
    ["BS5 0HE", 51.462, -2.564],
    ["BS6 6DS", 51.468, -2.6],
    ["BS8 1TH", 51.458, -2.604],
    ["BS8 4AA", 51.456, -2.62],
  ]),

  ...area("Inverness", "Highland", "Scotland", [
    ["IV1 1LG", 57.4797, -4.2245],
    ["IV2 3EB", 57.474, -4.223],
    ["IV2 4AF", 57.475, -4.19],
    ["IV3 5SS", 57.478, -4.242],
  ]),
  // Lairg, in the far north: a real postcode that no store delivers to or is near enough to collect from.
  ...area("Lairg", "Highland", "Scotland", [["IV27 4AA", 58.023, -4.4]]),
];
