import type { Tx } from "../open";
import { addresses } from "../schema";
import { demoPostcodes } from "./postcodes";

export type AddressRow = typeof addresses.$inferInsert;

/**
 * Streets of each demo postcode's neighbourhood (real names), and for a few postcodes the well-known address
 * itself. The generator below numbers houses along them, so the table reads like a real address list.
 */
const streetsByPostcode: Record<string, { streets: [string, ...string[]]; named?: string[] }> = {
  // London
  "SW1A 1AA": { streets: ["Buckingham Gate", "Buckingham Palace Road"], named: ["Buckingham Palace"] },
  "SW1A 2AA": { streets: ["Downing Street", "Whitehall"], named: ["10 Downing Street", "11 Downing Street"] },
  "SW1A 0AA": { streets: ["Millbank", "Abingdon Street"], named: ["Houses of Parliament"] },
  "SW1P 3BU": { streets: ["Horseferry Road", "Great Peter Street"] },
  "SW1E 5LB": { streets: ["Victoria Street", "Palace Street"] },
  "SW1V 1JU": { streets: ["Belgrave Road", "Warwick Way"] },
  "WC2N 5DU": { streets: ["Strand", "Villiers Street"] },
  "WC2E 9ED": { streets: ["King Street", "Floral Street"] },
  "W1A 1AA": { streets: ["Portland Place", "Riding House Street"], named: ["Broadcasting House"] },
  "WC1B 3DG": { streets: ["Great Russell Street", "Bloomsbury Street"] },
  "N1 9AL": { streets: ["York Way", "Caledonian Road"] },
  "N1 1RU": { streets: ["Upper Street", "Liverpool Road"] },
  "SE1 7PB": { streets: ["Belvedere Road", "Lower Marsh"] },
  "SW4 7UR": { streets: ["Clapham High Street", "Venn Street"] },
  "SE1 9TG": { streets: ["Bankside", "Park Street", "Southwark Street"] },
  "EC1A 1BB": { streets: ["Aldersgate Street", "Little Britain"] },
  "EC2M 7QH": { streets: ["Bishopsgate", "Artillery Lane"] },
  "E1 6AN": { streets: ["Commercial Street", "Brushfield Street"] },
  "E1 6BG": { streets: ["Brick Lane", "Hanbury Street"] },
  "E1 7AA": { streets: ["Whitechapel High Street", "Goulston Street"] },
  "E2 7RG": { streets: ["Columbia Road", "Hackney Road"] },
  "EC3N 4AB": { streets: ["Minories", "Tower Hill"] },
  "E14 5AB": { streets: ["Marsh Wall", "Westferry Road"] },
  // Greater Manchester
  "M1 1AE": { streets: ["Piccadilly", "Portland Street"] },
  "M1 2BS": { streets: ["Newton Street", "Dale Street"] },
  "M1 1JG": { streets: ["Lever Street", "Tib Street"] },
  "M2 5DB": { streets: ["Cross Street", "King Street"] },
  "M3 3NE": { streets: ["Deansgate", "Bridge Street"] },
  "M4 1HN": { streets: ["Thomas Street", "Oldham Street"] },
  "M4 4BF": { streets: ["Blossom Street", "Jersey Street"] },
  "M1 7ED": { streets: ["Princess Street", "Charles Street"] },
  "M13 9PL": { streets: ["Oxford Road", "Booth Street East"] },
  "M15 4FN": { streets: ["Stretford Road", "Chichester Road"] },
  "M14 6HR": { streets: ["Wilmslow Road", "Moseley Road"] },
  "M50 2EQ": { streets: ["The Quays", "Broadway"] },
  "M16 0RA": { streets: ["Sir Matt Busby Way", "Chester Road"] },
  // Leeds
  "LS1 4DY": { streets: ["Briggate", "Commercial Street"] },
  "LS1 5DL": { streets: ["Park Row", "Greek Street"] },
  "LS1 4AP": { streets: ["Boar Lane", "Mill Hill"] },
  "LS1 6HD": { streets: ["Vicar Lane", "Eastgate"] },
  "LS2 7HY": { streets: ["Merrion Street", "Woodhouse Lane"] },
  "LS2 9JT": { streets: ["Clarendon Road", "Woodhouse Lane"] },
  "LS3 1AB": { streets: ["Burley Road", "Kirkstall Road"] },
  "LS6 3AB": { streets: ["Otley Road", "North Lane", "St Michael's Road"] },
  "LS5 3EH": { streets: ["Kirkstall Lane", "Abbey Road"] },
  "LS7 3HB": { streets: ["Chapeltown Road", "Harehills Avenue"] },
  "LS8 2ER": { streets: ["Street Lane", "Roundhay Road"] },
  "LS9 8AG": { streets: ["York Road", "Lupton Avenue"] },
  "LS10 1PZ": { streets: ["Hunslet Road", "Crown Point Road"] },
  "LS11 9AT": { streets: ["Dewsbury Road", "Elland Road"] },
  "LS12 1AA": { streets: ["Armley Road", "Town Street"] },
  // Edinburgh
  "EH1 1YZ": { streets: ["Princes Street", "Waterloo Place"] },
  "EH1 1RE": { streets: ["North Bridge", "High Street"] },
  "EH1 2NG": { streets: ["Castlehill", "Johnston Terrace", "Grassmarket"] },
  "EH2 2BY": { streets: ["George Street", "Hanover Street"] },
  "EH2 4AD": { streets: ["Charlotte Square", "Castle Street"] },
  "EH3 6ST": { streets: ["Raeburn Place", "St Stephen Street"] },
  "EH12 5EH": { streets: ["Haymarket Terrace", "West Coates"] },
  "EH6 5DX": { streets: ["Leith Walk", "Pilrig Street"] },
  "EH6 6JJ": { streets: ["The Shore", "Bernard Street"] },
  "EH7 4AX": { streets: ["London Road", "Easter Road"] },
  "EH8 8DX": { streets: ["Holyrood Road", "Canongate"] },
  "EH8 9YL": { streets: ["Nicolson Street", "Potterrow"] },
  "EH9 1HF": { streets: ["Marchmont Road", "Warrender Park Road"] },
  "EH10 4BF": { streets: ["Bruntsfield Place", "Morningside Road"] },
  "EH11 2NE": { streets: ["Gorgie Road", "Wheatfield Street"] },
  "EH16 5AY": { streets: ["Dalkeith Road", "Lady Road"] },
  // Birmingham
  "B1 1BB": { streets: ["Broad Street", "Brindleyplace"] },
  "B2 4HN": { streets: ["New Street", "Corporation Street"] },
  "B2 4QA": { streets: ["Stephenson Street", "Navigation Street"] },
  "B3 2BJ": { streets: ["Colmore Row", "Newhall Street"] },
  "B4 6AT": { streets: ["Steelhouse Lane", "Corporation Street"] },
  "B5 4BU": { streets: ["Hurst Street", "Smallbrook Queensway"] },
  "B9 4AA": { streets: ["Coventry Road", "Garrison Lane"] },
  "B12 0LF": { streets: ["Moseley Road", "Highgate Road"] },
  "B15 2TT": { streets: ["Edgbaston Park Road", "Pritchatts Road"] },
  "B16 8EQ": { streets: ["Hagley Road", "Ladywood Middleway"] },
  "B18 6HA": { streets: ["Vyse Street", "Warstone Lane"] },
  // Bristol
  "BS1 4DJ": { streets: ["Baldwin Street", "Queen Square"] },
  "BS1 5DB": { streets: ["Anchor Road", "Canons Way"] },
  "BS1 6QF": { streets: ["Victoria Street", "Temple Gate"] },
  "BS1 3XE": { streets: ["Broadmead", "Union Street"] },
  "BS1 1JQ": { streets: ["Corn Street", "Small Street"] },
  "BS2 8QA": { streets: ["Portland Square", "Brunswick Square"] },
  "BS3 1AA": { streets: ["East Street", "North Street"] },
  "BS5 0HE": { streets: ["Stapleton Road", "Easton Road"] },
  "BS6 6DS": { streets: ["Gloucester Road", "Cotham Hill"] },
  "BS8 1TH": { streets: ["Park Street", "Queens Road"] },
  "BS8 4AA": { streets: ["Princess Victoria Street", "The Mall"] },
  // Highland
  "IV1 1LG": { streets: ["High Street", "Academy Street"] },
  "IV2 3EB": { streets: ["Castle Street", "Ness Bank"] },
  "IV2 4AF": { streets: ["Millburn Road", "Old Perth Road"] },
  "IV3 5SS": { streets: ["Tomnahurich Street", "Kenneth Street"] },
  "IV27 4AA": { streets: ["Main Street", "Lochside"] },
};

const countyByTown: Record<string, string> = {
  London: "Greater London",
  Manchester: "Greater Manchester",
  Salford: "Greater Manchester",
  Leeds: "West Yorkshire",
  Edinburgh: "City of Edinburgh",
  Birmingham: "West Midlands",
  Bristol: "City of Bristol",
  Inverness: "Highland",
  Lairg: "Highland",
};

/** A small stable number from text, so each postcode gets its own count and numbering without randomness. */
function stableHash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const METRES_PER_DEGREE = 111_320;

/** The n-th point of a sunflower spiral round the centre: spread out, 25–130 m away, never on top of each other. */
function offset(lat: number, lng: number, n: number): { lat: number; lng: number } {
  const metres = 25 + 15 * n;
  const angle = n * GOLDEN_ANGLE;
  const dLat = (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { lat: round(lat + dLat), lng: round(lng + dLng) };
}

/**
 * 3 to 8 street addresses per demo postcode: the named ones first, then numbered houses along its streets,
 * every third one a flat (the flat in line 1, the building in line 2, as Royal Mail writes them).
 */
export function demoAddresses(): AddressRow[] {
  return demoPostcodes.flatMap((pc) => {
    const entry = streetsByPostcode[pc.display];
    if (!entry) throw new Error(`No demo streets for postcode ${pc.display}`);
    const hash = stableHash(pc.postcode);
    const count = 3 + (hash % 6);
    const town = pc.town ?? "";
    const county = countyByTown[town] ?? null;
    const rows: AddressRow[] = [];
    for (const line of entry.named ?? [])
      rows.push({ postcode: pc.postcode, addressLine1: line, addressLine2: null, town, county, lat: 0, lng: 0 });
    const firstNumber = 1 + ((hash >>> 8) % 40);
    for (let i = 0; rows.length < count; i++) {
      const street = entry.streets[i % entry.streets.length]!;
      const number = firstNumber + 2 * Math.floor(i / entry.streets.length);
      const building = `${number} ${street}`;
      if (rows.some((r) => r.addressLine1 === building || r.addressLine2 === building)) continue;
      const isFlat = i % 3 === 2;
      rows.push({
        postcode: pc.postcode,
        addressLine1: isFlat ? `Flat ${1 + (i % 5)}` : building,
        addressLine2: isFlat ? building : null,
        town,
        county,
        lat: 0,
        lng: 0,
      });
    }
    return rows.map((row, n) => ({ ...row, ...offset(pc.lat, pc.lng, n) }));
  });
}

/** Street addresses for every demo postcode. Returns how many were inserted. */
export async function seedAddresses(tx: Tx): Promise<number> {
  const rows = demoAddresses();
  // Batches keep each statement well under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 200) await tx.insert(addresses).values(rows.slice(i, i + 200));
  return rows.length;
}
