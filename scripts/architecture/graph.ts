import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { COMPOSER_RULE, folderOf, IMPORT_RULES, isChecked, SOURCE_ROOTS, type ImportEdge } from "./rules";

/** A source file as the checks read it: its path from the repository's root, and its text. */
export interface SourceFile {
  file: string;
  text: string;
}

export interface Violation {
  rule: string;
  /** `file → specifier (the file it names)`, or a cycle's folders and the imports that close it. */
  detail: string;
}

/** Every checked source file under the repository's roots. */
export function readTree(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : walk(rel);
      return isChecked(rel) ? [rel] : [];
    });
  return SOURCE_ROOTS.flatMap((top) =>
    top.endsWith(".ts") ? (existsSync(path.join(root, top)) ? [top] : []) : walk(top),
  ).map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
}

/**
 * The repository file a specifier names, among `known` files: relative paths, `~/` (app/) and `#contract`
 * (package.json's imports, platform/contract/). A package answers null; a relative path that is no known file is
 * kept as written, so a rule still sees where it points.
 */
export function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier === "#contract") base = "platform/contract/index";
  else if (specifier.startsWith("#contract/")) base = `platform/contract/${specifier.slice("#contract/".length)}`;
  else if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? base.replace(/\.(tsx?|js)$/, "");
}

/** Every import, re-export and dynamic import of each file (type-only ones too: they tie the files together). */
export function importEdges(files: readonly SourceFile[]): ImportEdge[] {
  const known = new Set(files.map((f) => f.file));
  return files.flatMap(({ file, text }) =>
    ts.preProcessFile(text, true, true).importedFiles.map(({ fileName: specifier }) => ({
      file,
      specifier,
      target: resolveSpecifier(file, specifier, known),
    })),
  );
}

/** Strongly connected groups of more than one node (Tarjan), each sorted. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const describe = (edge: ImportEdge) =>
  `${edge.file} → ${edge.specifier}${edge.target && edge.target !== edge.specifier ? ` (${edge.target})` : ""}`;

/** Everything in these files that breaks a rule of rules.ts, each with the file and the import. */
export function violations(files: readonly SourceFile[]): Violation[] {
  const edges = importEdges(files);
  const found: Violation[] = [];
  for (const rule of IMPORT_RULES) {
    for (const edge of edges)
      if (rule.applies(edge.file) && rule.breaks(edge)) found.push({ rule: rule.name, detail: describe(edge) });
  }
  for (const { file } of files) {
    const own = edges.filter((e) => e.file === file);
    if (COMPOSER_RULE.applies(file) && COMPOSER_RULE.breaks(own)) {
      found.push({
        rule: COMPOSER_RULE.name,
        detail: own
          .filter((e) => e.target !== null)
          .map(describe)
          .join("; "),
      });
    }
  }
  // Folders import each other one way only; the first import found for each step of a loop is named.
  const graph = new Map<string, Set<string>>();
  const because = new Map<string, ImportEdge>();
  for (const edge of edges) {
    if (edge.target === null) continue;
    const from = folderOf(edge.file);
    const to = folderOf(edge.target);
    if (!graph.has(from)) graph.set(from, new Set());
    if (from === to) continue;
    graph.get(from)!.add(to);
    if (!because.has(`${from} ${to}`)) because.set(`${from} ${to}`, edge);
  }
  for (const group of cycles(graph)) {
    const steps = group.flatMap((a) =>
      group.filter((b) => graph.get(a)!.has(b)).map((b) => `${a} → ${b}: ${describe(because.get(`${a} ${b}`)!)}`),
    );
    found.push({ rule: "no cycle between folders", detail: `${group.join(" ⇄ ")}\n  ${steps.join("\n  ")}` });
  }
  return found;
}
