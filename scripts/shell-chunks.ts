// How the browser build groups its modules into files (vite.config.ts). Every page loads the client entry and the
// root route with all they import statically, so those modules are put in three files — React, React Router with the
// other libraries, and our own code ("shell") — instead of the twenty or so small files Rollup would otherwise split
// them into (decision 0047): fewer requests for a phone to make before the page is interactive, and not a byte more on
// any page, since no module goes into them that every page would not load anyway. Every stylesheet goes into one file
// (decision 0033).

const CSS = /\.css(\?|$)/;
/** React, and React Router with the other libraries; a virtual module of the build ("\0…") goes with its package. */
const REACT = /(^|[\\/\0])node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const LIBRARY = /(^|[\\/\0])node_modules[\\/]/;

/** The part of Rollup's module information read here. */
export interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}

/**
 * The modules reachable from `roots` through static imports. A module that anything imports dynamically is left out,
 * with what only it leads to: it is loaded on demand, and its static import elsewhere may be one the build drops (a
 * part drawn on the server from a static import and loaded lazily in the browser, as CookieBannerOnDemand does).
 */
export function staticClosure(roots: string[], moduleInfo: (id: string) => ModuleInfoLike | null): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = moduleInfo(id);
    if (!info || (info.dynamicImporters.length > 0 && !roots.includes(id))) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/**
 * The modules to put in the shell's files: the static closure of `roots`, less every module that imports (statically,
 * as written) a module outside it, and so on up. Rollup puts all of a grouped module's static imports in its group,
 * whether or not the build keeps the import, so one such import (CookieBannerOnDemand's of the banner it draws on the
 * server) would bring a lazily loaded part into every page. Those modules are left to Rollup's own grouping. The
 * roots themselves are never grouped. Stylesheets have their own group and stay out of the count.
 */
export function shellModules(roots: string[], moduleInfo: (id: string) => ModuleInfoLike | null): Set<string> {
  const shell = staticClosure(roots, moduleInfo);
  for (const root of roots) shell.delete(root);
  const outside = (dependency: string) =>
    !shell.has(dependency) && !CSS.test(dependency) && !roots.includes(dependency);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of shell) {
      if (moduleInfo(id)?.importedIds.some(outside)) {
        shell.delete(id);
        changed = true;
      }
    }
  }
  return shell;
}

/** React Router's id for a route's browser module. */
export const clientRouteId = (file: string) => `${file}?__react-router-build-client-route`;

/**
 * A `manualChunks` for the client build: stylesheets into "styles"; the modules every page loads (shellModules) into
 * "react" (React, React DOM, the scheduler), "router" (React Router and the other libraries) and "shell" (ours). The
 * entry and the route modules keep their own files, which React Router names in its manifest.
 */
export function clientChunks(entryFile: string, rootRouteFile: string) {
  let shell: Set<string> | null = null;
  return (
    id: string,
    { getModuleInfo }: { getModuleInfo: (id: string) => ModuleInfoLike | null },
  ): string | undefined => {
    if (CSS.test(id)) return "styles";
    shell ??= shellModules([entryFile, clientRouteId(rootRouteFile)], getModuleInfo);
    if (!shell.has(id)) return undefined;
    // Libraries never import our code, and React imports no other library: so "shell" imports "router" and "react",
    // "router" imports "react", and no two files import each other (a cycle between files can run a module before
    // the one it needs).
    if (REACT.test(id)) return "react";
    if (LIBRARY.test(id)) return "router";
    // The build's own helpers (commonjsHelpers, Vite's preload helper) import nothing: with React.
    return id.startsWith("\0") ? "react" : "shell";
  };
}

/** A cycle of files importing each other statically, as file names, or null when there is none. */
export function findImportCycle(imports: Record<string, readonly string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, "open");
    path.push(file);
    for (const next of imports[file] ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of Object.keys(imports)) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Fails the browser build when two of its files import each other: a module of one can then run before a module of
 * the other that it needs (every page's script stopped on "Cannot read properties of undefined (reading
 * 'createContext')" when a library's CommonJS wrapper and the library itself sat in different files).
 */
export function noImportCycles() {
  return {
    name: "storefront:no-import-cycles",
    apply: "build" as const,
    generateBundle(
      this: { error: (message: string) => never },
      _options: unknown,
      bundle: Record<string, { type: string; imports?: string[] }>,
    ) {
      const imports = Object.fromEntries(
        Object.entries(bundle)
          .filter(([, file]) => file.type === "chunk")
          .map(([name, file]) => [name, file.imports ?? []]),
      );
      const cycle = findImportCycle(imports);
      if (cycle) this.error(`the browser build's files import each other: ${cycle.join(" → ")}`);
    },
  };
}
