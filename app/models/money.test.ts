import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPence, formatPrice } from "./money";

describe("formatPrice (spec 1 §5)", () => {
  it("shows two decimals with comma thousands separators and the pound sign", () => {
    expect(formatPrice(1234.5)).toBe("£1,234.50");
    expect(formatPrice(0)).toBe("£0.00");
    expect(formatPrice(3)).toBe("£3.00");
    expect(formatPrice(0.1 + 0.2)).toBe("£0.30");
    expect(formatPrice(999.999)).toBe("£1,000.00");
    expect(formatPrice(1234567.891)).toBe("£1,234,567.89");
  });

  it("rounds half a penny up as written", () => {
    expect(formatPrice(1.005)).toBe("£1.01");
    expect(formatPrice(2.675)).toBe("£2.68");
  });

  it("reads numeric strings", () => {
    expect(formatPrice("12.5")).toBe("£12.50");
    expect(formatPrice(" 1000 ")).toBe("£1,000.00");
  });

  it("puts the minus sign before the symbol", () => {
    expect(formatPrice(-1234.5)).toBe("-£1,234.50");
    expect(formatPrice(-0.001)).toBe("£0.00");
  });

  it("uses the store's currency symbol when given", () => {
    expect(formatPrice(5, { symbol: "€" })).toBe("€5.00");
  });

  it("shows £0.00 for a value that is not a number, and logs a warning", () => {
    for (const bad of ["abc", "", null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, [1]]) {
      const warn = vi.fn();
      expect(formatPrice(bad, { warn }), String(bad)).toBe("£0.00");
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[1]).toBe(bad);
    }
  });

  it("does not warn for a number", () => {
    const warn = vi.fn();
    formatPrice(2, { warn });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("formatPrice default logger", () => {
  afterEach(() => vi.restoreAllMocks());
  it("warns on the console", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(formatPrice("n/a")).toBe("£0.00");
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe("formatPence", () => {
  it("formats integer pence", () => {
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(100000000)).toBe("£1,000,000.00");
    expect(formatPence(-250)).toBe("-£2.50");
  });
  it("shows £0.00 for a value that is not a number, and logs a warning", () => {
    const warn = vi.fn();
    expect(formatPence("x", { warn })).toBe("£0.00");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
