import { cp, mkdtemp, readFile, rm, unlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  api,
  apiErrorSchema,
  contactSchema,
  contentTypes,
  DEFAULT_BRANDING_COLORS,
  faqSchema,
  globalSettingsSchema,
  newsArticleSchema,
  pageSchema,
  routeRulesSchema,
} from "../contract";
import { openDatabase } from "../db/open";
import { createPlatform } from "../http";
import { Router } from "../router";
import type { PlatformDeps } from "../context";
import { registerContent } from "./handlers";
import { memoryLogger } from "../testing/memory-logger";
import { contentDeps, get } from "./testing/deps";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));

let dir: string;
let deps: PlatformDeps;
let log: ReturnType<typeof memoryLogger>;
let router: Router;

/** An entry of Strapi's answers, with the attributes these tests read. */
interface StrapiEntry {
  attributes: {
    slug: string;
    companyName: string;
    categoryTitle: string;
    brandingColors: { primary: string };
    redirects: unknown[];
  };
}

/** Strapi's answer: one entry, or a list of them with their paging; or an error's message. */
interface StrapiAnswer {
  data: StrapiEntry & StrapiEntry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
  message: string;
}

async function call(path: string, token?: string | null) {
  const response = await router.handle(get(path, token), deps);
  return { status: response.status, body: (await response.json()) as StrapiAnswer };
}

/** The site settings file, as far as these tests change it. */
interface GlobalJson {
  brandingColors: { primary: string };
}

async function editJson(file: string, change: (doc: GlobalJson) => void) {
  const path = join(dir, file);
  const doc = JSON.parse(await readFile(path, "utf8"));
  change(doc);
  await writeFile(path, JSON.stringify(doc));
}

beforeEach(async () => {
  // A copy, so tests can edit content without touching the repository's files.
  dir = await mkdtemp(join(tmpdir(), "content-"));
  await cp(CONTENT_DIR, dir, { recursive: true });
  log = memoryLogger();
  deps = contentDeps(dir, log);
  router = new Router();
  registerContent(router, deps);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("GET /api/strapi/site-settings", () => {
  it("answers linked_headers and footers_contents in data.attributes", async () => {
    const { status, body } = await call("/api/strapi/site-settings?populate=deep");
    expect(status).toBe(200);
    const parsed = api.strapiSiteSettings.response.parse(body);
    expect(parsed.data.attributes.linked_headers.map((h) => h.name)).toEqual(["Shop", "Help", "About us"]);
    expect(parsed.data.attributes.linked_headers[1]?.subMenuItems[0]).toEqual({ label: "FAQs", slug: "faqs" });
    const contact = parsed.data.attributes.footers_contents.find((f) => f.title === "Get in touch");
    expect(contact?.Phone).toBe("0161 496 0734");
    expect(contact?.CompanyName).toBe("Larder & Co Ltd");
  });

  it("needs a token", async () => {
    const { status, body } = await call("/api/strapi/site-settings", null);
    expect(status).toBe(401);
    expect(apiErrorSchema.parse(body).status).toBe(401);
  });
});

describe("GET /api/strapi/:contentType", () => {
  it("answers the demo brand's global settings in Strapi's single-type shape", async () => {
    const { status, body } = await call("/api/strapi/global?populate=deep");
    expect(status).toBe(200);
    const envelope = api.strapiContent.response.parse(body);
    expect(Array.isArray(envelope.data)).toBe(false);
    const global = globalSettingsSchema.parse((envelope.data as { attributes: unknown }).attributes);
    expect(global.companyName).toBe("Larder & Co");
    expect(global.brandingColors.primary).toBe("#1E5B3C");
    expect(global.logo).toMatchObject({ url: "/brand/larder-logo.svg", width: 196, height: 48 });
  });

  it("answers every content type the site loads from the embedded files", async () => {
    for (const type of Object.keys(contentTypes)) {
      const { status, body } = await call(`/api/strapi/${type}?populate=deep`);
      expect(status, type).toBe(200);
      api.strapiContent.response.parse(body);
    }
  });

  it("answers collections as a list, filtered by slug", async () => {
    const all = await call("/api/strapi/pages?populate=deep");
    expect(all.status).toBe(200);
    const slugs = (all.body.data as { attributes: { slug: string } }[]).map((e) => e.attributes.slug);
    expect(slugs).toEqual([
      "about-us",
      "delivery-information",
      "help/ordering/substitutions",
      "privacy-policy",
      "terms-and-conditions",
    ]);
    expect(all.body.meta.pagination.total).toBe(5);

    const one = await call(
      `/api/strapi/pages?populate=deep&${encodeURIComponent("filters[slug][$eq]")}=privacy-policy`,
    );
    expect(one.body.data).toHaveLength(1);
    const page = pageSchema.parse(one.body.data[0]!.attributes);
    expect(page.title).toBe("Privacy policy");
    expect(page.seo.title).toBe("Privacy policy | Larder & Co");
    expect(page.blocks.some((b) => b.type === "heading")).toBe(true);

    const none = await call("/api/strapi/pages?filters[slug][$eq]=no-such-page");
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it("sorts and pages a collection as Strapi does", async () => {
    const q = (params: string) => call(`/api/strapi/news?populate=deep&${params}`);
    const first = await q("sort=publishedDate:desc&pagination[page]=1&pagination[pageSize]=4");
    expect(first.status).toBe(200);
    const news = (first.body.data as { attributes: unknown }[]).map((e) => newsArticleSchema.parse(e.attributes));
    expect(news.map((n) => n.publishedDate)).toEqual(["2025-05-28", "2025-05-14", "2025-04-30", "2025-04-09"]);
    expect(first.body.meta.pagination).toEqual({ page: 1, pageSize: 4, pageCount: 2, total: 5 });
    const second = await q("sort=publishedDate:desc&pagination[page]=2&pagination[pageSize]=4");
    expect(second.body.data.map((e) => e.attributes.slug)).toEqual(["spring-baking-classes"]);
    const oldestFirst = await q("sort=publishedDate:asc&pagination[pageSize]=2");
    expect(oldestFirst.body.data.map((e) => e.attributes.slug)).toEqual([
      "spring-baking-classes",
      "new-collection-lockers",
    ]);
    // Odd paging parameters fall back to Strapi's defaults rather than failing.
    const odd = await q("pagination[page]=abc&pagination[pageSize]=-3");
    expect(odd.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 5 });
  });

  it("answers the demo brand's FAQs, contact, brand pages and route rules", async () => {
    const faq = faqSchema.parse((await call("/api/strapi/faq")).body.data.attributes);
    expect(faq.faqs.length).toBeGreaterThanOrEqual(8);
    const contact = contactSchema.parse((await call("/api/strapi/contact")).body.data.attributes);
    expect(contact).toMatchObject({ phoneNumber: "0161 496 0734", latitude: 53.4823, longitude: -2.2346 });
    const brand = await call("/api/strapi/branding-pages");
    expect(brand.body.data.map((e) => e.attributes.slug)).toEqual(["our-bakery", "our-kitchen"]);
    const rules = routeRulesSchema.parse((await call("/api/strapi/route-rules")).body.data.attributes);
    expect(rules.redirects).toContainEqual({ from: "/help", to: "/faqs", permanent: true });
    expect(rules.redirects.some((r) => r.to.startsWith("https://"))).toBe(true);
  });

  it("refuses a route rule that would send shoppers to another host, naming the field", async () => {
    for (const to of ["//evil.example", "/\\evil.example", "javascript:alert(1)", "evil.example"]) {
      await writeFile(join(dir, "route-rules.json"), JSON.stringify({ redirects: [{ from: "/x", to }] }));
      const { status, body } = await call("/api/strapi/route-rules");
      expect(status, to).toBe(500);
      expect(body.message, to).toMatch(/route-rules\.json is invalid: redirects\.0\.to: must be a site path/);
    }
    await writeFile(join(dir, "route-rules.json"), JSON.stringify({ redirects: [{ from: "//x", to: "/faqs" }] }));
    expect((await call("/api/strapi/route-rules")).body.message).toMatch(/redirects\.0\.from: must be a site path/);
    await writeFile(join(dir, "route-rules.json"), JSON.stringify({ redirects: [{ from: "/x", to: "/y/*" }] }));
    expect((await call("/api/strapi/route-rules")).body.message).toMatch(
      /only a rule from \/path\/\* can send the rest on/,
    );
    await writeFile(
      join(dir, "route-rules.json"),
      JSON.stringify({
        redirects: [
          { from: "/x", to: "/y?z=1" },
          { from: "/a/*", to: "https://b.example/*" },
        ],
      }),
    );
    expect((await call("/api/strapi/route-rules")).body.data.attributes.redirects).toEqual([
      { from: "/x", to: "/y?z=1", permanent: true },
      { from: "/a/*", to: "https://b.example/*", permanent: true },
    ]);
  });

  it("refuses a news article without a proper date or slug", async () => {
    await writeFile(
      join(dir, "news", "bad.json"),
      JSON.stringify({ title: "Bad", slug: "Bad Slug", publishedDate: "28/05/2025" }),
    );
    const { body } = await call("/api/strapi/news");
    expect(body.data).toHaveLength(5);
    const issue = log.entries.find((l) => l.event === "content.file_invalid")?.fields.issues;
    expect(issue).toMatch(/slug: must be lower-case words joined by hyphens/);
    expect(issue).toMatch(/publishedDate: must be a date such as 2025-06-02/);
  });

  it("answers 404 in the error shape for an unknown content type", async () => {
    const { status, body } = await call("/api/strapi/recipes?populate=deep");
    expect(status).toBe(404);
    expect(apiErrorSchema.parse(body)).toMatchObject({
      status: 404,
      errorCode: 404,
      message: "Unknown content type: recipes",
    });
  });

  it("answers 404 when a single type has no content", async () => {
    await unlink(join(dir, "store.json"));
    const { status, body } = await call("/api/strapi/store");
    expect(status).toBe(404);
    expect(body.message).toBe("Content not found: store");
  });

  it("shows a colour changed in content/ on the next request, with no restart", async () => {
    expect((await call("/api/strapi/global")).body.data.attributes.brandingColors.primary).toBe("#1E5B3C");
    await editJson("global.json", (doc) => {
      doc.brandingColors.primary = "#7a1f5c";
    });
    expect((await call("/api/strapi/global")).body.data.attributes.brandingColors.primary).toBe("#7A1F5C");
  });

  it("shows a page added to content/pages on the next request", async () => {
    await writeFile(
      join(dir, "pages", "allergens.json"),
      JSON.stringify({ title: "Allergens", slug: "allergens", blocks: [] }),
    );
    const { body } = await call("/api/strapi/pages?filters[slug][$eq]=allergens");
    expect(body.data[0]!.attributes).toMatchObject({ title: "Allergens", subTitle: "", slug: "allergens" });
  });

  it("fills colours and settings the content leaves out with the spec defaults", async () => {
    await writeFile(
      join(dir, "global.json"),
      JSON.stringify({ companyName: "Bare Shop", brandingColors: { primary: "#000000" } }),
    );
    const { body } = await call("/api/strapi/global");
    const global = globalSettingsSchema.parse(body.data.attributes);
    expect(global.brandingColors).toEqual({ ...DEFAULT_BRANDING_COLORS, primary: "#000000" });
    expect(global.singleStore).toEqual({ slug: "", postcode: "" });
    expect(global.header.banner.showBanner).toBe(false);
    expect(global.logo).toBeNull();
  });

  it("answers 500 naming the file and field when content is invalid, and recovers once it is fixed", async () => {
    await editJson("global.json", (doc) => {
      doc.brandingColors.primary = "green";
    });
    const broken = await call("/api/strapi/global");
    expect(broken.status).toBe(500);
    expect(broken.body.message).toMatch(
      /^Content file content\/global\.json is invalid: brandingColors\.primary: must be a hex colour/,
    );
    expect(log.entries.some((l) => l.level === "error" && l.event === "content.file_invalid")).toBe(true);

    await editJson("global.json", (doc) => {
      doc.brandingColors.primary = "#123456";
    });
    const fixed = await call("/api/strapi/global");
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.attributes.brandingColors.primary).toBe("#123456");
  });

  it("keeps serving the other pages when one page file is broken", async () => {
    await writeFile(join(dir, "pages", "broken.json"), "{ not json");
    const { status, body } = await call("/api/strapi/pages?filters[slug][$eq]=about-us");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(log.entries.some((l) => l.event === "content.file_unreadable")).toBe(true);
  });

  it("serves an unchanged file from memory rather than re-reading it", async () => {
    const path = join(dir, "store.json");
    const stamp = new Date("2025-01-01T00:00:00Z");
    await utimes(path, stamp, stamp);
    expect((await call("/api/strapi/store")).body.data.attributes.categoryTitle).toBe("Shop by aisle");
    // Same size and modification time, different bytes: only a cache would still answer the old title.
    await writeFile(
      path,
      JSON.stringify({ categoryTitle: "Shop by aislX" }, null, 2).padEnd((await readFile(path)).length),
    );
    await utimes(path, stamp, stamp);
    expect((await call("/api/strapi/store")).body.data.attributes.categoryTitle).toBe("Shop by aisle");
  });
});

describe("createPlatform", () => {
  it("serves the content endpoints", async () => {
    const database = await openDatabase({ memory: true });
    try {
      const platform = createPlatform({ db: database.db, clock: deps.clock, log, config: deps.config });
      // Without a token the route answers 401, where an unregistered path would answer 404.
      const response = await platform.fetch(get("/api/strapi/global", null));
      expect(response.status).toBe(401);
      const unknown = await platform.fetch(get("/api/strapi-nothing", null));
      expect(unknown.status).toBe(404);
    } finally {
      await database.close();
    }
  });
});
