import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  api,
  apiErrorSchema,
  controllableClock,
  globalSettingsSchema,
  newsArticleSchema,
  pageSchema,
  routeRulesSchema,
  siteSettingsSchema,
} from "../contract";
import { ApiError } from "../errors";
import { Router } from "../router";
import { registerContent } from "./handlers";
import { strapiContentSource } from "./strapi-source";
import { memoryLogger } from "../testing/memory-logger";
import { contentDeps, get } from "./testing/deps";

/*
 * A stand-in for Strapi v4 answering its documented REST shapes: single types as {data: {id, attributes}, meta: {}},
 * collections as {data: [...], meta: {pagination}}, media and relations wrapped in {data}, errors as
 * {data: null, error: {status, name, message}}.
 */

const TOKEN = "strapi-api-token";
let server: Server;
let base: string;
const seen: { path: string; query: URLSearchParams; authorization: string | undefined }[] = [];
let failNext: number | null = null;

const media = (url: string, width: number, height: number) => ({
  data: {
    id: 7,
    attributes: { name: "logo.png", alternativeText: null, width, height, url, mime: "image/png", hash: "logo_1a2b" },
  },
});

const bodies: Record<string, unknown> = {
  global: {
    data: {
      id: 1,
      attributes: {
        companyName: "Strapi Foods",
        logo: media("/uploads/logo_1a2b.png", 200, 50),
        faviconImage: { data: null },
        errorPageImage: media("https://cdn.example.com/error.png", 400, 300),
        fontFamily: null,
        brandingColors: {
          id: 3,
          primary: "#0A7E3F",
          secondary: null,
          success: null,
          danger: null,
          warning: null,
          info: null,
          mainBg: null,
          text: null,
          highlight: null,
        },
        header: {
          id: 4,
          showBetaLabel: true,
          banner: { id: 5, showBanner: true, content: "Hello", bgColor: null, showCloseButton: false },
          navbars: null,
        },
        createdAt: "2025-01-01T00:00:00.000Z",
        updatedAt: "2025-01-02T00:00:00.000Z",
        publishedAt: "2025-01-02T00:00:00.000Z",
      },
    },
    meta: {},
  },
  "site-settings": {
    data: {
      id: 1,
      attributes: {
        linked_headers: {
          data: [
            {
              id: 11,
              attributes: {
                name: "Offers",
                slug: "offers",
                subMenuItems: [{ id: 1, label: "This week", slug: "offers/this-week" }],
              },
            },
          ],
        },
        footers_contents: [
          {
            id: 2,
            title: "Help",
            menuItems: [
              {
                id: 9,
                label: "FAQs",
                slug: "faqs",
                linkType: "internal",
                link: null,
                isExternal: false,
                newWindow: false,
              },
            ],
            Phone: "0113 496 0000",
            Email: null,
            Address: null,
            socialMedia: null,
            Copyright: null,
            CompanyName: "Strapi Foods Ltd",
          },
        ],
      },
    },
    meta: {},
  },
};

function pagesBody(query: URLSearchParams) {
  const pages = [
    {
      id: 3,
      attributes: {
        title: "About",
        subTitle: null,
        slug: "about-us",
        blocks: [
          { type: "paragraph", children: [{ type: "text", text: "Hi" }] },
          { type: "code", children: [{ type: "text", text: "x" }] },
        ],
        seo: null,
      },
    },
    {
      id: 4,
      attributes: {
        title: "Terms",
        subTitle: "Small print",
        slug: "terms",
        blocks: [],
        seo: { id: 1, title: "Terms", description: "T", image: { data: null } },
      },
    },
  ];
  const slug = query.get("filters[slug][$eq]");
  const data = slug ? pages.filter((p) => p.attributes.slug === slug) : pages;
  return { data, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } } };
}

/** Strapi sorts by `sort=field:dir` and pages with `pagination[page]` and `pagination[pageSize]` (25 by default). */
function newsBody(query: URLSearchParams) {
  const article = (id: number, slug: string, publishedDate: string) => ({
    id,
    attributes: {
      title: `Article ${slug}`,
      slug,
      publishedDate,
      summary: null,
      image: media("/uploads/news_1.png", 800, 400),
      blocks: [{ type: "paragraph", children: [{ type: "text", text: slug }] }],
      seo: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      publishedAt: "2025-01-01T00:00:00.000Z",
    },
  });
  let data = [article(1, "first", "2025-01-10"), article(2, "second", "2025-02-10"), article(3, "third", "2025-03-10")];
  const [field, direction] = (query.get("sort") ?? "id:asc").split(":");
  if (field === "publishedDate")
    data.sort(
      (a, b) => a.attributes.publishedDate.localeCompare(b.attributes.publishedDate) * (direction === "desc" ? -1 : 1),
    );
  const slug = query.get("filters[slug][$eq]");
  if (slug) data = data.filter((d) => d.attributes.slug === slug);
  const page = Number(query.get("pagination[page]") ?? 1);
  const pageSize = Number(query.get("pagination[pageSize]") ?? 25);
  const total = data.length;
  return {
    data: data.slice((page - 1) * pageSize, page * pageSize),
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

let routeRulesAttributes: Record<string, unknown> = {
  redirects: [
    { id: 1, from: "/old-offers", to: "/stores", permanent: null },
    { id: 2, from: "/jobs", to: "https://jobs.example.com/", permanent: false },
  ],
};

function answer(req: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(req.url ?? "/", "http://strapi.test");
  seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
  if (failNext !== null) {
    const status = failNext;
    failNext = null;
    return {
      status,
      body: { data: null, error: { status, name: "InternalServerError", message: "Internal Server Error" } },
    };
  }
  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    return {
      status: 401,
      body: {
        data: null,
        error: { status: 401, name: "UnauthorizedError", message: "Missing or invalid credentials" },
      },
    };
  }
  const type = url.pathname.replace(/^\/api\//, "");
  if (type === "pages") return { status: 200, body: pagesBody(url.searchParams) };
  if (type === "news") return { status: 200, body: newsBody(url.searchParams) };
  if (type === "route-rules")
    return { status: 200, body: { data: { id: 1, attributes: routeRulesAttributes }, meta: {} } };
  const body = bodies[type];
  if (!body)
    return { status: 404, body: { data: null, error: { status: 404, name: "NotFoundError", message: "Not Found" } } };
  return { status: 200, body };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body } = answer(req);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  failNext = null;
});

function source(options: { cacheSeconds?: number; token?: string } = {}) {
  const log = memoryLogger();
  const clock = controllableClock("2025-06-02T09:00:00Z");
  const s = strapiContentSource({
    url: `${base}/`,
    token: options.token ?? TOKEN,
    log,
    clock,
    cacheSeconds: options.cacheSeconds ?? 0,
  });
  return { s, log, clock };
}

describe("Strapi content source", () => {
  it("asks for populate=deep with the bearer token and normalises the global settings", async () => {
    const { s } = source();
    const envelope = await s.get("global", {});
    expect(seen[0]).toMatchObject({ path: "/api/global", authorization: `Bearer ${TOKEN}` });
    expect(seen[0]?.query.get("populate")).toBe("deep");
    const global = globalSettingsSchema.parse((envelope.data as { attributes: unknown }).attributes);
    expect(global.companyName).toBe("Strapi Foods");
    // Strapi's relative upload URL is made absolute; an absolute CDN URL is left alone.
    expect(global.logo).toEqual({ url: `${base}/uploads/logo_1a2b.png`, alternativeText: "", width: 200, height: 50 });
    expect(global.errorPageImage?.url).toBe("https://cdn.example.com/error.png");
    expect(global.faviconImage).toBeNull();
    expect(global.brandingColors.primary).toBe("#0A7E3F");
    expect(global.brandingColors.warning).toBe("#F9E000");
    expect(global.header.banner).toEqual({ showBanner: true, content: "Hello", bgColor: null, showCloseButton: false });
  });

  it("unwraps relations in site-settings", async () => {
    const { s } = source();
    const envelope = await s.get("site-settings", {});
    const settings = siteSettingsSchema.parse((envelope.data as { attributes: unknown }).attributes);
    expect(settings.linked_headers).toEqual([
      { name: "Offers", slug: "offers", subMenuItems: [{ label: "This week", slug: "offers/this-week" }] },
    ]);
    expect(settings.footers_contents[0]?.menuItems[0]).toEqual({
      label: "FAQs",
      slug: "faqs",
      linkType: "internal",
      link: "",
      isExternal: false,
      newWindow: false,
    });
  });

  it("passes the slug filter to Strapi for collection types", async () => {
    const { s } = source();
    const envelope = await s.get("pages", { "filters[slug][$eq]": "about-us" });
    expect(seen[0]?.query.get("filters[slug][$eq]")).toBe("about-us");
    expect(Array.isArray(envelope.data) && envelope.data).toHaveLength(1);
    const page = pageSchema.parse((envelope.data as { attributes: unknown }[])[0]?.attributes);
    // The code block has no renderer here and is dropped; the paragraph stays.
    expect(page.blocks).toEqual([{ type: "paragraph", children: [{ type: "text", text: "Hi" }] }]);
    expect(envelope.meta).toMatchObject({ pagination: { total: 1 } });
  });

  it("passes sort and paging to Strapi and reads news articles", async () => {
    const { s } = source();
    const envelope = await s.get("news", {
      sort: "publishedDate:desc",
      "pagination[page]": "1",
      "pagination[pageSize]": "2",
    });
    expect(seen[0]?.query.get("sort")).toBe("publishedDate:desc");
    expect(seen[0]?.query.get("pagination[pageSize]")).toBe("2");
    const articles = (envelope.data as { attributes: unknown }[]).map((e) => newsArticleSchema.parse(e.attributes));
    expect(articles.map((a) => a.slug)).toEqual(["third", "second"]);
    expect(articles[0]?.image?.url).toBe(`${base}/uploads/news_1.png`);
    expect(articles[0]?.seo).toEqual({ title: "", description: "", image: null });
    expect(envelope.meta).toMatchObject({ pagination: { page: 1, pageCount: 2, total: 3 } });
  });

  it("reads route rules, and answers a rule leading off-site in disguise as invalid content", async () => {
    const { s, log } = source();
    const rules = routeRulesSchema.parse(((await s.get("route-rules", {})).data as { attributes: unknown }).attributes);
    expect(rules.redirects).toEqual([
      { from: "/old-offers", to: "/stores", permanent: true },
      { from: "/jobs", to: "https://jobs.example.com/", permanent: false },
    ]);
    const saved = routeRulesAttributes;
    routeRulesAttributes = { redirects: [{ id: 1, from: "/x", to: "//evil.example", permanent: true }] };
    try {
      await expect(s.get("route-rules", {})).rejects.toMatchObject({ status: 502 });
      expect(log.entries).toContainEqual(
        expect.objectContaining({
          event: "content.strapi_invalid",
          fields: expect.objectContaining({ type: "route-rules" }),
        }),
      );
    } finally {
      routeRulesAttributes = saved;
    }
  });

  it("logs a 5xx and rethrows it as a 502", async () => {
    const { s, log } = source();
    failNext = 503;
    const error = await s.get("global", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe("The content service is unavailable. Please try again.");
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "content.strapi_failed",
        fields: expect.objectContaining({ type: "global", status: 503 }),
      }),
    );
  });

  it("treats a rejected token as an outage, not as missing content", async () => {
    const { s, log } = source({ token: "wrong" });
    await expect(s.get("global", {})).rejects.toMatchObject({ status: 502 });
    expect(log.entries[0]?.fields.status).toBe(401);
  });

  it("logs an unreachable Strapi and answers 502", async () => {
    const log = memoryLogger();
    const s = strapiContentSource({
      url: "http://127.0.0.1:9",
      token: TOKEN,
      log,
      clock: controllableClock(),
      cacheSeconds: 0,
    });
    await expect(s.get("global", {})).rejects.toMatchObject({ status: 502 });
    expect(log.entries[0]?.event).toBe("content.strapi_unreachable");
  });

  it("answers 404 when Strapi has no such content", async () => {
    const { s } = source();
    await expect(s.get("home", {})).rejects.toMatchObject({ status: 404, message: "Content not found: home" });
  });

  it("keeps answers for the cache period by the clock, and drops them on invalidate", async () => {
    const { s, clock } = source({ cacheSeconds: 60 });
    await s.get("global", {});
    await s.get("global", {});
    expect(seen).toHaveLength(1);
    clock.advance(61_000);
    await s.get("global", {});
    expect(seen).toHaveLength(2);
    s.invalidate();
    await s.get("global", {});
    expect(seen).toHaveLength(3);
  });
});

describe("GET /api/strapi/* on Strapi", () => {
  it("answers Strapi's content through the platform, and the failure in the error shape", async () => {
    const log = memoryLogger();
    const deps = contentDeps("/nonexistent", log, { url: base, token: TOKEN });
    const router = new Router();
    registerContent(router, {
      ...deps,
      source: strapiContentSource({ url: base, token: TOKEN, log, clock: deps.clock, cacheSeconds: 0 }),
    });

    const ok = await router.handle(get("/api/strapi/site-settings?populate=deep"), deps);
    expect(ok.status).toBe(200);
    expect(api.strapiSiteSettings.response.parse(await ok.json()).data.attributes.linked_headers[0]?.name).toBe(
      "Offers",
    );

    const filtered = await router.handle(
      get("/api/strapi/pages?populate=deep&filters%5Bslug%5D%5B%24eq%5D=terms&secret=x"),
      deps,
    );
    expect(((await filtered.json()) as { data: unknown[] }).data).toHaveLength(1);
    // Only Strapi's selection parameters are passed on.
    expect(seen.at(-1)?.query.has("secret")).toBe(false);

    failNext = 500;
    const failed = await router.handle(get("/api/strapi/global"), deps);
    expect(failed.status).toBe(502);
    expect(apiErrorSchema.parse(await failed.json())).toMatchObject({
      status: 502,
      message: "The content service is unavailable. Please try again.",
    });
  });

  it("builds the Strapi source from config.strapi", async () => {
    const log = memoryLogger();
    const deps = contentDeps("/nonexistent", log, { url: base, token: TOKEN });
    const router = new Router();
    registerContent(router, deps);
    const response = await router.handle(get("/api/strapi/global"), deps);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { attributes: { companyName: string } } };
    expect(body.data.attributes.companyName).toBe("Strapi Foods");
    expect(seen.some((s) => s.path === "/api/global")).toBe(true);
  });
});
