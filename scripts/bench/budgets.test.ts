import { describe, expect, it } from "vitest";
import { budgets, countMisses, pageVerdicts, scoreVerdict } from "./budgets";

describe("budgets (issue 17)", () => {
  it("holds anonymous pages to 0.5× the bare page and p95 ≤ 50 ms", () => {
    expect(pageVerdicts("anonymous", 0.5, 50)).toEqual({ share: "ok", p95: "ok" });
    expect(pageVerdicts("anonymous", 0.49, 50.1)).toEqual({ share: "MISS", p95: "MISS" });
  });

  it("holds shopper pages to 0.25× and p95 ≤ 100 ms", () => {
    expect(pageVerdicts("shopper", 0.25, 100)).toEqual({ share: "ok", p95: "ok" });
    expect(pageVerdicts("shopper", 0.24, 101)).toEqual({ share: "MISS", p95: "MISS" });
  });

  it("counts a figure that could not be measured as missed", () => {
    expect(pageVerdicts("shopper", null, Number.NaN)).toEqual({ share: "MISS", p95: "MISS" });
    expect(scoreVerdict(null, 98)).toBe("MISS");
  });

  it("reads Lighthouse's 0–1 scores as it shows them, rounded", () => {
    expect(scoreVerdict(0.975, budgets.lighthouse.minPerformance)).toBe("ok");
    expect(scoreVerdict(0.97, budgets.lighthouse.minPerformance)).toBe("MISS");
    expect(scoreVerdict(1, budgets.lighthouse.minAccessibility)).toBe("ok");
    expect(scoreVerdict(0.99, budgets.lighthouse.minAccessibility)).toBe("MISS");
  });

  it("counts MISS cells, including failure counts", () => {
    expect(countMisses(["ok", "MISS", "≥ 0.5× MISS", "3 MISS", "—", "0"])).toBe(3);
  });
});
