/**
 * Spec 1 §5 price display: two decimals with comma thousands separators. Amounts inside the app are integer
 * pence (`formatPence`); `formatPrice` is for the pounds values some platform responses carry. Formatting is
 * done by hand rather than with Intl so the server and every browser print exactly the same string.
 */

export const DEFAULT_CURRENCY_SYMBOL = "£";

export interface MoneyFormatOptions {
  /** The store's currency symbol (store details currency.symbolChar); '£' by default. */
  symbol?: string;
  /** Told about a value that is not a number; console.warn by default. */
  warn?: (message: string, value: unknown) => void;
}

const defaultWarn = (message: string, value: unknown) => console.warn(message, value);

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function penceToText(pence: number, symbol: string): string {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${pence < 0 ? "-" : ""}${symbol}${groupThousands(pounds)}.${rest}`;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim()) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * A pounds amount for display: 1234.5 → "£1,234.50". A value that is not a number shows "£0.00" and is logged,
 * so a bad price never breaks the page.
 */
export function formatPrice(value: unknown, options: MoneyFormatOptions = {}): string {
  const symbol = options.symbol ?? DEFAULT_CURRENCY_SYMBOL;
  const amount = toNumber(value);
  if (amount === null) {
    (options.warn ?? defaultWarn)("formatPrice: not a numeric value, showing 0.00", value);
    return penceToText(0, symbol);
  }
  // toPrecision strips binary noise first, so 1.005 rounds to 1.01 as written rather than to 1.00.
  const pence = Math.round(Number((amount * 100).toPrecision(12)));
  return penceToText(pence === 0 ? 0 : pence, symbol);
}

/** Integer pence for display: 123456 → "£1,234.56". */
export function formatPence(pence: unknown, options: MoneyFormatOptions = {}): string {
  const symbol = options.symbol ?? DEFAULT_CURRENCY_SYMBOL;
  const amount = toNumber(pence);
  if (amount === null) {
    (options.warn ?? defaultWarn)("formatPence: not a numeric value, showing 0.00", pence);
    return penceToText(0, symbol);
  }
  const rounded = Math.round(amount);
  return penceToText(rounded === 0 ? 0 : rounded, symbol);
}
