// The production server's own behaviour, on a process of its own: JSON request logs, environment checks at
// start-up, and a graceful stop on SIGTERM that lets a request in flight finish.
import { test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "./fixtures";

const root = join(import.meta.dirname, "..");
// No browser is involved, so one project runs these (tag @once).

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "storefront-lifecycle-"));
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, HOST: "127.0.0.1", ...env },
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  return { child, output: () => output, dataDir };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

test("a bad environment variable stops the server with a message naming it", { tag: "@once" }, async () => {
  const server = start({ PORT: "not-a-port" });
  const code = await exited(server.child);
  rmSync(server.dataDir, { recursive: true, force: true });
  expect(code).toBe(1);
  expect(server.output()).toContain("PORT");
});

test("logs each request as a JSON line and stops gracefully on SIGTERM", { tag: "@once" }, async () => {
  test.setTimeout(90_000);
  const port = String(4400 + Math.floor(Math.random() * 500));
  const server = start({ PORT: port });
  try {
    await expect(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(r.status).toBe(200);
    }).toPass({ timeout: 60_000 });

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    await expect(async () => {
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes('"event":"http.request"') && l.includes('"path":"/"'));
      expect(line, "a JSON log line for GET /").toBeTruthy();
      const entry = JSON.parse(line!) as Record<string, unknown>;
      expect(entry).toMatchObject({ level: "info", method: "GET", path: "/", status: 200 });
      expect(typeof entry.ms).toBe("number");
    }).toPass({ timeout: 5_000 });

    // A request in flight when SIGTERM arrives still gets its answer; then the process exits cleanly.
    const inFlight = fetch(`http://127.0.0.1:${port}/stores`);
    await new Promise((r) => setTimeout(r, 150));
    const exit = exited(server.child);
    server.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('"event":"server.stopped"');
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
