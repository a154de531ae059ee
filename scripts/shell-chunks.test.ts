import { describe, expect, it } from "vitest";
import {
  clientChunks,
  clientRouteId,
  findImportCycle,
  shellModules,
  staticClosure,
  type ModuleInfoLike,
} from "./shell-chunks";

/** A module graph: each module's static imports, and the modules something imports dynamically. */
function graph(imports: Record<string, string[]>, dynamic: string[] = []) {
  return (id: string): ModuleInfoLike | null =>
    id in imports ? { importedIds: imports[id]!, dynamicImporters: dynamic.includes(id) ? ["someone"] : [] } : null;
}

const entry = "/app/entry.client.tsx";
const root = clientRouteId("/app/root.tsx");

describe("the modules every page loads (decision 0047)", () => {
  const modules = graph(
    {
      [entry]: [
        "/node_modules/react-dom/index.js",
        "/node_modules/react-router/dist/index.mjs",
        "/app/nonce.tsx",
        "\0commonjsHelpers.js",
        "\0node_modules/cookie/index.js?commonjs-module",
      ],
      "\0commonjsHelpers.js": [],
      "\0node_modules/cookie/index.js?commonjs-module": ["/node_modules/cookie/index.js"],
      "/node_modules/cookie/index.js": [],
      "/node_modules/react-router/dist/index.mjs": [],
      [root]: ["/app/root.tsx"],
      "/app/root.tsx": ["/app/nonce.tsx", "/app/Banner.tsx", "/app/styles/global.css.ts", "/app/OnDemand.tsx"],
      "/node_modules/react-dom/index.js": ["/node_modules/scheduler/index.js"],
      "/node_modules/scheduler/index.js": [],
      "/app/nonce.tsx": [],
      "/app/Banner.tsx": ["/app/Banner.css.ts"],
      "/app/Banner.css.ts": ["/app/Banner.css.ts.vanilla.css"],
      "/app/Banner.css.ts.vanilla.css": [],
      "/app/styles/global.css.ts": [],
      // Drawn on the server from a static import, loaded lazily in the browser.
      "/app/OnDemand.tsx": ["/app/Lazy.tsx"],
      "/app/Lazy.tsx": ["/app/Dialog.tsx"],
      "/app/Dialog.tsx": [],
      "/app/routes/basket.tsx": ["/app/Dialog.tsx"],
    },
    ["/app/Lazy.tsx"],
  );

  it("follows static imports and stops at what is loaded on demand", () => {
    const closure = staticClosure([entry, root], modules);
    expect(closure.has("/node_modules/scheduler/index.js")).toBe(true);
    expect(closure.has("/app/OnDemand.tsx")).toBe(true);
    expect(closure.has("/app/Lazy.tsx")).toBe(false);
    expect(closure.has("/app/Dialog.tsx")).toBe(false);
    expect(closure.has("/app/routes/basket.tsx")).toBe(false);
  });

  it("leaves out a module whose imports would bring a lazy part along, and the modules that import it", () => {
    const shell = shellModules([entry, root], modules);
    expect([...shell].sort()).toEqual([
      "\0commonjsHelpers.js",
      "\0node_modules/cookie/index.js?commonjs-module",
      "/app/Banner.css.ts",
      "/app/Banner.css.ts.vanilla.css",
      "/app/Banner.tsx",
      "/app/nonce.tsx",
      "/app/styles/global.css.ts",
      "/node_modules/cookie/index.js",
      "/node_modules/react-dom/index.js",
      "/node_modules/react-router/dist/index.mjs",
      "/node_modules/scheduler/index.js",
    ]);
  });

  it("groups React, React Router and the rest of the shell; stylesheets into one file; the rest as Rollup would", () => {
    const chunk = clientChunks(entry, "/app/root.tsx");
    const meta = { getModuleInfo: modules };
    expect(chunk("/node_modules/react-dom/index.js", meta)).toBe("react");
    expect(chunk("/node_modules/scheduler/index.js", meta)).toBe("react");
    expect(chunk("\0commonjsHelpers.js", meta)).toBe("react");
    // A package's virtual wrapper goes with the package, or the two files would import each other.
    expect(chunk("\0node_modules/cookie/index.js?commonjs-module", meta)).toBe("router");
    expect(chunk("/node_modules/cookie/index.js", meta)).toBe("router");
    expect(chunk("/node_modules/react-router/dist/index.mjs", meta)).toBe("router");
    expect(chunk("/app/nonce.tsx", meta)).toBe("shell");
    expect(chunk("/app/Banner.css.ts.vanilla.css", meta)).toBe("styles");
    expect(chunk(entry, meta)).toBeUndefined();
    expect(chunk(root, meta)).toBeUndefined();
    expect(chunk("/app/root.tsx", meta)).toBeUndefined();
    expect(chunk("/app/Lazy.tsx", meta)).toBeUndefined();
    expect(chunk("/app/routes/basket.tsx", meta)).toBeUndefined();
  });
});

describe("files that import each other", () => {
  it("are found, with the way round", () => {
    expect(
      findImportCycle({
        "entry.js": ["shell.js", "react.js"],
        "shell.js": ["router.js", "react.js"],
        "router.js": ["react.js"],
        "react.js": [],
      }),
    ).toBeNull();
    expect(
      findImportCycle({
        "entry.js": ["shell.js"],
        "shell.js": ["react.js"],
        "react.js": ["router.js"],
        "router.js": ["react.js"],
      }),
    ).toEqual(["react.js", "router.js", "react.js"]);
  });
});
