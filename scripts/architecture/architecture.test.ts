import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importEdges, readTree, violations, type SourceFile } from "./graph";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A tree of files, each given by its imports alone. */
const tree = (files: Record<string, string[]>): SourceFile[] =>
  Object.entries(files).map(([file, specifiers]) => ({
    file,
    text: specifiers.map((s, i) => `import { x${i} } from "${s}";`).join("\n"),
  }));

/** A small tree that keeps every rule, to which each case below adds one bad import. */
const good = {
  "app/root.tsx": ["~/routes/basket/basket", "#contract"],
  "app/routes/basket/basket.tsx": ["~/models/money", "#contract/basket", "react"],
  "app/models/money.ts": ["#contract/payment-rules"],
  "app/components/basket-summary/BasketForm.tsx": ["~/models/money", "react"],
  "app/services/session.server.ts": ["zod"],
  "app/shopper/basket.server.ts": ["~/services/session.server", "#contract"],
  "platform/contract/index.ts": ["./basket", "./payment-rules"],
  "platform/contract/basket.ts": ["zod"],
  "platform/contract/payment-rules.ts": [],
  "platform/basket/basket.ts": ["../contract", "../db/schema", "drizzle-orm"],
  "platform/db/schema/index.ts": ["drizzle-orm/pg-core"],
  "platform/create.ts": ["./basket/basket", "./db/schema"],
  "server/app.ts": ["../app/root", "../platform/create", "#contract"],
  "server.ts": ["./server/app"],
  "scripts/seed/seed.ts": ["../../platform/create"],
};

const rulesBroken = (extra: Record<string, string[]>) =>
  violations(tree({ ...good, ...extra })).map((v) => `${v.rule}: ${v.detail}`);

describe("the architecture's rules (scripts/architecture/rules.ts)", () => {
  it("hold on the repository: each broken one is named with its file and import", () => {
    expect(violations(readTree(root)).map((v) => `${v.rule}: ${v.detail}`)).toEqual([]);
  });

  it("read every import of the real tree, the aliases resolved", () => {
    const edges = importEdges(readTree(root));
    expect(edges.find((e) => e.specifier === "#contract")?.target).toBe("platform/contract/index.ts");
    expect(edges.find((e) => e.specifier.startsWith("~/models/"))?.target).toMatch(/^app\/models\/.+\.tsx?$/);
    expect(edges.filter((e) => e.file.startsWith("app/routes/")).length).toBeGreaterThan(500);
  });

  it("pass the small good tree", () => {
    expect(rulesBroken({})).toEqual([]);
  });

  it("fail app/ importing the platform beyond its contract", () => {
    expect(rulesBroken({ "app/models/money.ts": ["../../platform/db/schema"] })).toEqual([
      "app/ imports only platform/contract from the platform: " +
        "app/models/money.ts → ../../platform/db/schema (platform/db/schema/index.ts)",
    ]);
  });

  it("fail the contract depending on anything but zod and itself", () => {
    expect(rulesBroken({ "platform/contract/payment-rules.ts": ["luxon", "../basket/basket"] })).toEqual([
      "the contract depends on zod alone: platform/contract/payment-rules.ts → luxon",
      "the contract depends on zod alone: " +
        "platform/contract/payment-rules.ts → ../basket/basket (platform/basket/basket.ts)",
      expect.stringMatching(/^no cycle between folders: platform\/basket ⇄ platform\/contract\n/),
    ]);
  });

  it("fail the platform importing the storefront or the server", () => {
    expect(rulesBroken({ "platform/basket/basket.ts": ["../../app/models/money", "../../server/app"] })).toEqual([
      "the platform never imports app/ or server/: nothing outside platform/: " +
        "platform/basket/basket.ts → ../../app/models/money (app/models/money.ts)",
      "the platform never imports app/ or server/: nothing outside platform/: " +
        "platform/basket/basket.ts → ../../server/app (server/app.ts)",
      expect.stringMatching(/^no cycle between folders: /),
    ]);
  });

  it("fail the storefront importing the server", () => {
    expect(rulesBroken({ "app/models/money.ts": ["../../server/app"] })).toEqual([
      "the storefront never imports the server: server/ composes it: " +
        "app/models/money.ts → ../../server/app (server/app.ts)",
      expect.stringMatching(/^no cycle between folders: app\/models ⇄ app\/root.tsx ⇄ app\/routes\/basket ⇄ server\n/),
    ]);
  });

  it("fail components reaching for the server's adapters, the shopper's reads, screens or the root", () => {
    const component = "app/components/basket-summary/BasketForm.tsx";
    expect(rulesBroken({ [component]: ["~/services/session.server", "~/shopper/basket.server", "~/root"] })).toEqual(
      [
        "services/session.server (app/services/session.server.ts)",
        "shopper/basket.server (app/shopper/basket.server.ts)",
      ]
        .concat("root (app/root.tsx)")
        .map(
          (step) =>
            "components take what they show as props: no adapter, shopper read, screen or root of app/: " +
            `${component} → ~/${step}`,
        ),
    );
  });

  it("fail services/ or shopper/ importing what sits above them", () => {
    expect(
      rulesBroken({
        "app/services/session.server.ts": ["~/shopper/basket.server"],
        "app/shopper/basket.server.ts": ["~/routes/basket/basket"],
      }),
    ).toEqual([
      "services/ holds adapters: no screen, component or shopper read comes back into it: " +
        "app/services/session.server.ts → ~/shopper/basket.server (app/shopper/basket.server.ts)",
      "shopper/ sits below the screens: the reads every area imports import no area, component or root: " +
        "app/shopper/basket.server.ts → ~/routes/basket/basket (app/routes/basket/basket.tsx)",
    ]);
  });

  it("fail zod where the browser runs the code", () => {
    expect(rulesBroken({ "app/models/money.ts": ["zod"], "app/routes/basket/basket.tsx": ["zod"] })).toEqual([
      "zod stays where the browser never runs it: route modules (actions) and .server files: app/models/money.ts → zod",
    ]);
  });

  it("fail server/ reaching into the platform's database", () => {
    expect(rulesBroken({ "server/app.ts": ["../platform/db/schema", "drizzle-orm"] })).toEqual([
      "server/ asks the platform for itself, never for its database (platform/db): " +
        "server/app.ts → ../platform/db/schema (platform/db/schema/index.ts)",
      "server/ asks the platform for itself, never for its database (platform/db): server/app.ts → drizzle-orm",
    ]);
  });

  it("fail a file outside server/ that puts the storefront and the platform together", () => {
    expect(rulesBroken({ "scripts/seed/seed.ts": ["../../platform/create", "../../app/root"] })).toEqual([
      "server/ is the only composer: nothing else imports both app/ and the platform beyond its contract: " +
        "scripts/seed/seed.ts → ../../platform/create (platform/create.ts); " +
        "scripts/seed/seed.ts → ../../app/root (app/root.tsx)",
    ]);
  });

  it("fail a cycle between folders, however long, naming an import for each step", () => {
    expect(
      rulesBroken({
        "app/routes/basket/basket.tsx": ["~/routes/stores/home"],
        "app/routes/stores/home.tsx": ["~/routes/content/guards.server"],
        "app/routes/content/guards.server.ts": ["../basket/basket"],
      }),
    ).toEqual([
      "no cycle between folders: app/routes/basket ⇄ app/routes/content ⇄ app/routes/stores\n" +
        "  app/routes/basket → app/routes/stores: app/routes/basket/basket.tsx → ~/routes/stores/home " +
        "(app/routes/stores/home.tsx)\n" +
        "  app/routes/content → app/routes/basket: app/routes/content/guards.server.ts → ../basket/basket " +
        "(app/routes/basket/basket.tsx)\n" +
        "  app/routes/stores → app/routes/content: app/routes/stores/home.tsx → ~/routes/content/guards.server " +
        "(app/routes/content/guards.server.ts)",
    ]);
  });
});
