import { cp, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSession, RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { controllableClock } from "#contract";
import { registerContent } from "../../../platform/content/handlers";
import { contentDeps, TEST_TOKEN } from "../../../platform/content/testing/deps";
import { Router } from "../../../platform/router";
import { memoryLogger } from "../../../platform/testing/memory-logger";
import { BASKET_REFERER } from "~/models/back-link";
import type { SessionData } from "~/models/shopper";
import { appContext, type AppServices } from "~/services/context";
import { SharedPlatform } from "~/services/shopper.server";
import { pageSeo, readContent, singleOrEmpty, warnIfEmpty } from "./content-page.server";
import { rememberBackLink, routeRules, routeRulesMiddleware } from "~/shopper/route-guards.server";

/*
 * The content pages' failures (spec 1 §8) and the route guards, against the real content endpoints on a copy of the
 * demo content: the storefront's shared platform reads them over the platform's own router.
 */

const CONTENT_DIR = fileURLToPath(new URL("../../../content", import.meta.url));
let dir: string;
let log: ReturnType<typeof memoryLogger>;
let platform: SharedPlatform;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-pages-"));
  await cp(CONTENT_DIR, dir, { recursive: true });
  log = memoryLogger();
  const deps = contentDeps(dir, log);
  const router = new Router();
  registerContent(router, deps);
  const transport = {
    baseUrl: "http://platform.test",
    async fetch(request: Request) {
      // The server's own guest token; the content endpoints accept the test token.
      if (new URL(request.url).pathname === "/api/auth/oauthToken") {
        return Response.json({
          access_token: TEST_TOKEN,
          refresh_token: "r",
          expires_in: 3600,
          token_type: "Bearer",
          strategy: "guest",
        });
      }
      return router.handle(request, deps);
    },
  };
  // No caching between reads: each test edits the files between them.
  platform = new SharedPlatform(transport, controllableClock("2025-06-02T09:00:00Z"), 0);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("content pages' failures (spec 1 §8)", () => {
  it("logs a failed content fetch with its page, and throws it on", async () => {
    await writeFile(join(dir, "faq.json"), "{ half-written");
    const failed = await readContent(log, { type: "faq", path: "/faqs" }, () => singleOrEmpty(platform, "faq")).catch(
      (e: unknown) => e,
    );
    expect(failed).toMatchObject({ status: 500 });
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "content.fetch_failed",
        fields: expect.objectContaining({ type: "faq", path: "/faqs" }),
      }),
    );
  });

  it("reads content the system has not filled in as an empty page, and warns of it", async () => {
    await unlink(join(dir, "faq.json"));
    const faq = await readContent(log, { type: "faq", path: "/faqs" }, () => singleOrEmpty(platform, "faq"));
    expect(faq).toEqual({ title: "", subTitle: "", faqs: [] });
    expect(log.entries.filter((l) => l.event === "content.fetch_failed")).toEqual([]);
    warnIfEmpty(log, { type: "faq", path: "/faqs" }, faq.faqs.length === 0);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: "warn", event: "content.page_empty", fields: { type: "faq", path: "/faqs" } }),
    );
  });

  it("gives a page without SEO words its title and subtitle, with the company name", () => {
    const seo = pageSeo(
      new Request("http://shop.test/contact/"),
      undefined,
      { title: "Contact us", subTitle: "Seven days", seo: { title: "", description: "", image: null } },
      { companyName: "Larder & Co" },
    );
    expect(seo).toEqual({
      title: "Contact us | Larder & Co",
      description: "Seven days",
      image: null,
      canonical: "http://shop.test/contact",
    });
  });
});

describe("route rules before routing", () => {
  function contextWith(services: Partial<AppServices>) {
    const context = new RouterContextProvider();
    context.set(appContext, services as AppServices);
    return context;
  }
  async function run(path: string, method = "GET"): Promise<Response | "next"> {
    const request = new Request(`http://shop.test${path}`, { method });
    try {
      await routeRulesMiddleware(
        { request, context: contextWith({ platform, log }), params: {}, unstable_pattern: "" } as never,
        async () => new Response("next"),
      );
      return "next";
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("answers the content's redirects and stores-trailing-slash, and lets everything else through", async () => {
    const moved = await run("/help?x=1");
    expect(moved).toBeInstanceOf(Response);
    expect([(moved as Response).status, (moved as Response).headers.get("location")]).toEqual([301, "/faqs?x=1"]);
    const away = (await run("/careers", "POST")) as Response;
    expect([away.status, away.headers.get("location")]).toEqual([307, "https://careers.larderandco.example/"]);
    const slash = (await run("/stores/leeds-3/?_routes=root")) as Response;
    expect([slash.status, slash.headers.get("location")]).toEqual([301, "/stores/leeds-3"]);
    expect(await run("/faqs")).toBe("next");
  });

  it("lets every page through when the rules cannot be read, and logs why", async () => {
    await writeFile(
      join(dir, "route-rules.json"),
      JSON.stringify({ redirects: [{ from: "/x", to: "//evil.example" }] }),
    );
    expect(await routeRules(platform, log)).toEqual([]);
    expect(await run("/help")).toBe("next");
    expect(log.entries.some((l) => l.level === "error" && l.event === "content.route_rules_failed")).toBe(true);

    // No rules at all is no failure: nothing is logged.
    await unlink(join(dir, "route-rules.json"));
    const before = log.entries.length;
    expect(await routeRules(platform, log)).toEqual([]);
    expect(log.entries.slice(before).filter((l) => l.event === "content.route_rules_failed")).toEqual([]);
  });
});

describe("set-basket-referer-url", () => {
  it("keeps a same-site page in the session, changing it only when the shopper comes from another", () => {
    const session = createSession<SessionData>();
    const visit = (referer?: string) =>
      rememberBackLink(
        session,
        new Request("http://shop.test/basket", { headers: referer ? { referer } : {} }),
        BASKET_REFERER,
        "/stores/leeds-3",
      );
    expect(visit()).toBe("/stores/leeds-3");
    expect(session.has("basketReferer")).toBe(false);
    expect(visit("http://shop.test/stores/leeds-3/category/dairy-2")).toBe("/stores/leeds-3/category/dairy-2");
    expect(visit("https://evil.example/")).toBe("/stores/leeds-3/category/dairy-2");
    expect(visit("http://shop.test/checkout/payment")).toBe("/stores/leeds-3/category/dairy-2");
    expect(visit("http://shop.test/about-us")).toBe("/about-us");
    expect(session.get("basketReferer")).toBe("/about-us");
  });
});
