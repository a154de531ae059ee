// What the end-to-end server writes to its log: serve.ts copies the server's output (one JSON line per event) into a
// file named by E2E_PORT, emptied at each start, and journeys read it here to check what must never be logged
// (card numbers, security codes, wallet tokens).
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function serverLogPath(port: number | string): string {
  return join(tmpdir(), `storefront-e2e-${port}.log`);
}

/** The server's log so far, after waiting `settleMs` for lines still on their way. */
export async function readServerLog(settleMs = 500): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return readFileSync(serverLogPath(process.env.E2E_PORT ?? "4317"), "utf8");
}
