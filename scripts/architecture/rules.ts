/*
 * The architecture's rules, in one place (issue 39, decision 0057): which folder a file belongs to, and what each part
 * of the tree may import. `scripts/architecture/architecture.test.ts` holds the tree to them and names each import
 * that breaks one. Paths are relative to the repository, with forward slashes.
 */

/** One import of one file: what it wrote, and the repository file it names (null for a package). */
export interface ImportEdge {
  file: string;
  specifier: string;
  target: string | null;
}

export interface ImportRule {
  /** What the rule says, as a failure message ends. */
  name: string;
  /** The files the rule is about. */
  applies: (file: string) => boolean;
  /** True when this import breaks the rule. */
  breaks: (edge: ImportEdge) => boolean;
}

const isPlatform = (path: string) => path.startsWith("platform/");
const isContract = (path: string) => path.startsWith("platform/contract/");
const isApp = (path: string) => path.startsWith("app/");
const isServer = (path: string) => path.startsWith("server/") || path === "server.ts";
/** In one of app/'s folders: `inApp("components")("app/components/x/X.tsx")`. */
const inApp =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => path.startsWith(`app/${folder}/`));
/** A package's name from a bare specifier: `zod`, `@scope/name`, `node:fs`. */
const packageName = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;

export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: "app/ imports only platform/contract from the platform",
    applies: isApp,
    breaks: ({ target }) => target !== null && isPlatform(target) && !isContract(target),
  },
  {
    name: "the contract depends on zod alone",
    applies: isContract,
    breaks: ({ specifier, target }) => (target === null ? packageName(specifier) !== "zod" : !isContract(target)),
  },
  {
    name: "the platform never imports app/ or server/: nothing outside platform/",
    applies: isPlatform,
    breaks: ({ target }) => target !== null && !isPlatform(target),
  },
  {
    name: "the storefront never imports the server: server/ composes it",
    applies: isApp,
    breaks: ({ target }) => target !== null && isServer(target),
  },
  {
    name: "components take what they show as props: no adapter, shopper read, screen or root of app/",
    applies: inApp("components"),
    breaks: ({ target }) =>
      target !== null && (inApp("services", "shopper", "routes")(target) || target === "app/root.tsx"),
  },
  {
    name: "services/ holds adapters: no screen, component or shopper read comes back into it",
    applies: inApp("services"),
    breaks: ({ target }) => target !== null && inApp("routes", "components", "shopper")(target),
  },
  {
    name: "shopper/ sits below the screens: the reads every area imports import no area, component or root",
    applies: inApp("shopper"),
    breaks: ({ target }) => target !== null && (inApp("routes", "components")(target) || target === "app/root.tsx"),
  },
  {
    name: "zod stays where the browser never runs it: route modules (actions) and .server files",
    applies: (file) => isApp(file) && !inApp("routes")(file) && !/\.server\.tsx?$/.test(file),
    breaks: ({ specifier, target }) => target === null && packageName(specifier) === "zod",
  },
  {
    name: "server/ asks the platform for itself, never for its database (platform/db)",
    applies: isServer,
    breaks: ({ specifier, target }) =>
      target === null ? /^drizzle-orm(\/|$)/.test(specifier) : target.startsWith("platform/db/"),
  },
];

/**
 * server/ is the only composer: a file outside it that imports both the storefront (app/) and the platform beyond its
 * contract is putting the two together itself. Checked per file, over all of its imports.
 */
export const COMPOSER_RULE = {
  name: "server/ is the only composer: nothing else imports both app/ and the platform beyond its contract",
  applies: (file: string) => !isServer(file),
  breaks: (edges: readonly ImportEdge[]) =>
    edges.some((e) => e.target !== null && isApp(e.target)) &&
    edges.some((e) => e.target !== null && isPlatform(e.target) && !isContract(e.target)),
};

/**
 * The folder a file belongs to, the unit that must not import round a cycle: an area of the storefront's screens
 * (`app/routes/basket`), a component (`app/components/product-card`), another folder of app/ (`app/models`), a module
 * of the platform (`platform/slots`); a file directly under app/ or platform/ is a unit of its own (`app/root.tsx`,
 * `platform/http.ts`), as the platform's modules have always been (decision 0016). server/, e2e/ and each folder of
 * scripts/ are one unit each.
 */
export function folderOf(file: string): string {
  const parts = file.split("/");
  const [top, second] = parts;
  if (top === "app") {
    if (second === "routes" || second === "components") return parts.length > 3 ? parts.slice(0, 3).join("/") : file;
    return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
  }
  if (top === "platform") return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
  if (top === "scripts") return parts.length > 2 ? parts.slice(0, 2).join("/") : "scripts";
  if (top === "server" || top === "e2e") return top;
  return file;
}

/** Files the rules read: the project's TypeScript, not tests (a test may use anything), not tools' output. */
export const SOURCE_ROOTS = ["app", "platform", "server", "scripts", "e2e", "server.ts"] as const;
export const isChecked = (file: string) =>
  /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !/(^|\/)\+types\//.test(file);
