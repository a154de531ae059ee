import { describe, expect, it } from "vitest";
import { BUILD_RELOAD_WINDOW_MS, liveBuildId, logReload, parseReloadLog, shouldReloadForBuild } from "./build-update";

describe("shouldReloadForBuild", () => {
  const now = 1_000_000;
  it("reloads for another live build, not for the running one or a failed check", () => {
    expect(shouldReloadForBuild("b2", "b1", "/stores", now, {})).toBe(true);
    expect(shouldReloadForBuild("b1", "b1", "/stores", now, {})).toBe(false);
    expect(shouldReloadForBuild(null, "b1", "/stores", now, {})).toBe(false);
  });

  it("reloads a path at most once in 10 s; other paths are counted apart", () => {
    const log = logReload({}, "/stores", now);
    expect(shouldReloadForBuild("b2", "b1", "/stores", now + BUILD_RELOAD_WINDOW_MS - 1, log)).toBe(false);
    expect(shouldReloadForBuild("b2", "b1", "/basket", now + 1, log)).toBe(true);
    expect(shouldReloadForBuild("b2", "b1", "/stores", now + BUILD_RELOAD_WINDOW_MS, log)).toBe(true);
  });
});

describe("the reload log", () => {
  it("drops entries older than the window when it records one", () => {
    expect(logReload({ "/old": 0, "/recent": 95_000 }, "/new", 100_000)).toEqual({
      "/recent": 95_000,
      "/new": 100_000,
    });
  });

  it("reads back what it wrote, and anything else as empty", () => {
    expect(parseReloadLog(JSON.stringify({ "/a": 5 }))).toEqual({ "/a": 5 });
    expect(parseReloadLog('{"/a":"5","/b":7}')).toEqual({ "/b": 7 });
    for (const bad of [null, "", "not json", "[1]", "3"]) expect(parseReloadLog(bad)).toEqual({});
  });
});

describe("liveBuildId", () => {
  it("takes a non-empty string id and nothing else", () => {
    expect(liveBuildId({ id: "abc" })).toBe("abc");
    for (const bad of [null, {}, { id: "" }, { id: 3 }, { id: "x".repeat(101) }, "abc"])
      expect(liveBuildId(bad)).toBeNull();
  });
});
