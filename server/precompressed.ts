import type { NextFunction, Request, Response } from "express";
import { existsSync } from "node:fs";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/** The encodings the client accepts, best first, among those we precompress. */
export function preferredEncodings(acceptEncoding: string | undefined): ("br" | "gzip")[] {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const out: ("br" | "gzip")[] = [];
  for (const enc of ["br", "gzip"] as const) if ((accepted.get(enc) ?? accepted.get("*") ?? 0) > 0) out.push(enc);
  return out;
}

/**
 * Serves `file.br` / `file.gz` written at build time (scripts/precompress.ts) in place of `file` when the client
 * accepts them; the static handler after it serves everything else.
 */
export function precompressed(root: string, headers: (res: Response) => void) {
  const known = new Map<string, boolean>();
  const has = (file: string) => {
    let v = known.get(file);
    if (v === undefined) {
      v = existsSync(file);
      known.set(file, v);
    }
    return v;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const ext = path.extname(req.path);
    const type = TYPES[ext];
    if (!type) return next();
    const file = path.join(root, path.normalize(decodeURIComponent(req.path)).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(root)) return next();
    res.vary("Accept-Encoding");
    for (const enc of preferredEncodings(req.headers["accept-encoding"])) {
      const candidate = `${file}.${enc === "br" ? "br" : "gz"}`;
      if (!has(candidate)) continue;
      res.setHeader("Content-Encoding", enc);
      res.setHeader("Content-Type", type);
      headers(res);
      res.sendFile(candidate, { dotfiles: "deny" }, (error) => {
        if (error) next(error);
      });
      return;
    }
    next();
  };
}
