import { describe, expect, it } from "vitest";
import {
  ALLOWED_WIDTHS,
  imageCacheKey,
  imageUrl,
  isAllowedSource,
  parseImageParams,
  snapWidth,
  srcSetWidths,
} from "./images";

const parse = (query: string) => parseImageParams(new URLSearchParams(query));

describe("image parameters (spec 1 §9)", () => {
  it("allows the spec widths at 1x and 2x, and the banner preset's", () => {
    expect(ALLOWED_WIDTHS).toEqual([320, 640, 768, 800, 1024, 1280, 1536, 1600, 2048, 2560, 3072]);
  });

  it("snaps a width up to the next allowed one, and caps at the largest", () => {
    expect(snapWidth(1)).toBe(320);
    expect(snapWidth(320)).toBe(320);
    expect(snapWidth(321)).toBe(640);
    expect(snapWidth(700)).toBe(768);
    expect(snapWidth(3000)).toBe(3072);
  });

  it("defaults to WebP at quality 75, cover, 640 wide, height from the source", () => {
    expect(parse("src=/catalogue/bakery.svg")).toEqual({
      ok: true,
      params: {
        src: "/catalogue/bakery.svg",
        width: 640,
        height: null,
        format: "webp",
        quality: 75,
        fit: "cover",
        blur: 0,
      },
    });
  });

  it("keeps the asked aspect ratio when the width snaps", () => {
    const result = parse("src=/catalogue/bakery.svg&w=300&h=150&fmt=avif&q=60&fit=contain");
    expect(result).toEqual({
      ok: true,
      params: {
        src: "/catalogue/bakery.svg",
        width: 320,
        height: 160,
        format: "avif",
        quality: 60,
        fit: "contain",
        blur: 0,
      },
    });
  });

  it("the banner preset is WebP, quality 80, 800 wide", () => {
    const result = parse("src=/catalogue/pizza.svg&preset=banner");
    expect(result.ok && result.params).toMatchObject({ width: 800, format: "webp", quality: 80 });
  });

  it("the placeholder is 10x10 at quality 50 with blur 3", () => {
    const result = parse("src=/catalogue/pizza.svg&w=640&h=640&placeholder=1");
    expect(result.ok && result.params).toMatchObject({ width: 10, height: 10, quality: 50, blur: 3 });
    const wide = parse("src=/catalogue/pizza.svg&w=800&h=400&placeholder=1");
    expect(wide.ok && wide.params).toMatchObject({ width: 10, height: 5 });
  });

  it.each([
    ["", "src is required: a path such as /catalogue/bakery.svg"],
    ["src=https://evil.example/x.png", "src must be an image file under /catalogue/ or /brand/ on this site"],
    ["src=//evil.example/catalogue/x.png", "src must be an image file under /catalogue/ or /brand/ on this site"],
    ["src=/catalogue/../../etc/passwd.png", "src must be an image file under /catalogue/ or /brand/ on this site"],
    ["src=/catalogue/notes.txt", "src must be an image file under /catalogue/ or /brand/ on this site"],
    ["src=/assets/app.js", "src must be an image file under /catalogue/ or /brand/ on this site"],
    ["src=/catalogue/a.svg&w=0", "w must be a whole number from 1 to 3072"],
    ["src=/catalogue/a.svg&w=5000", "w must be a whole number from 1 to 3072"],
    ["src=/catalogue/a.svg&w=12.5", "w must be a whole number from 1 to 3072"],
    ["src=/catalogue/a.svg&h=-1", "h must be a whole number from 1 to 3072"],
    ["src=/catalogue/a.svg&q=0", "q must be a whole number from 1 to 100"],
    ["src=/catalogue/a.svg&q=101", "q must be a whole number from 1 to 100"],
    ["src=/catalogue/a.svg&fmt=gif", "fmt must be one of webp, avif, jpeg, png"],
    ["src=/catalogue/a.svg&fit=fill", "fit must be one of cover, contain, inside"],
    ["src=/catalogue/a.svg&preset=hero", "preset must be banner"],
    ["src=/catalogue/a.svg&placeholder=yes", "placeholder must be 1"],
  ])("refuses %s", (query, message) => {
    expect(parse(query)).toEqual({ ok: false, message });
  });

  it("only same-site files in the image folders are sources", () => {
    expect(isAllowedSource("/catalogue/bakery.svg")).toBe(true);
    expect(isAllowedSource("/brand/larder-logo.svg")).toBe(true);
    expect(isAllowedSource("/catalogue/sub/x.PNG")).toBe(true);
    expect(isAllowedSource("/catalogue/x.svg?x=1")).toBe(false);
    expect(isAllowedSource("/catalogue/%2e%2e/x.svg")).toBe(false);
    expect(isAllowedSource("/catalogue\\..\\x.svg")).toBe(false);
  });

  it("one cache key per distinct output", () => {
    const a = parse("src=/catalogue/a.svg&w=300");
    const b = parse("src=/catalogue/a.svg&w=320");
    const c = parse("src=/catalogue/a.svg&w=320&q=80");
    if (!a.ok || !b.ok || !c.ok) throw new Error("expected valid parameters");
    expect(imageCacheKey(a.params)).toBe(imageCacheKey(b.params));
    expect(imageCacheKey(c.params)).not.toBe(imageCacheKey(b.params));
  });
});

describe("picture URLs", () => {
  it("leave defaults out and round-trip through the parser", () => {
    const url = imageUrl("/catalogue/bakery.svg", { width: 320, height: 320 });
    expect(url).toBe("/img?src=%2Fcatalogue%2Fbakery.svg&w=320&h=320");
    const parsed = parseImageParams(new URL(url, "http://x").searchParams);
    expect(parsed.ok && parsed.params).toMatchObject({ width: 320, height: 320, format: "webp", quality: 75 });
    expect(imageUrl("/catalogue/a.svg", { width: 800, preset: "banner", fit: "contain" })).toBe(
      "/img?src=%2Fcatalogue%2Fa.svg&w=800&fit=contain&preset=banner",
    );
  });

  it("offer the spec widths up to twice the shown width", () => {
    expect(srcSetWidths(240)).toEqual([320, 640]);
    expect(srcSetWidths(480)).toEqual([320, 640, 768, 1024]);
    expect(srcSetWidths(800)).toEqual([320, 640, 768, 1024, 1280, 1536, 1600]);
    expect(srcSetWidths(80)).toEqual([320]);
  });
});
