import { describe, expect, it } from "vitest";
import { cursorFrom } from "./orders.server";

describe("cursorFrom", () => {
  it("takes a plain cursor and nothing else", () => {
    expect(cursorFrom("MjAyNi0xMS0yNlQxMDowMDowMC4wMDBafDQy")).toBe("MjAyNi0xMS0yNlQxMDowMDowMC4wMDBafDQy");
    expect(cursorFrom(null)).toBeNull();
    expect(cursorFrom("")).toBeNull();
    expect(cursorFrom("a b")).toBeNull();
    expect(cursorFrom("<script>")).toBeNull();
    expect(cursorFrom("x".repeat(101))).toBeNull();
  });
});
