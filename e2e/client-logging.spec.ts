// Issue 18 item 4, "Client logging" (spec 1 §7, §9): the page's uncaught errors go to /_log in one batch (sent 5000 ms
// after the first, or when 25 wait) and the server writes them as JSON lines in its log. The batching and retries
// themselves are unit-tested (app/models/log-batcher.test.ts).
import { expect, test } from "./fixtures";
import { readServerLog } from "./support/server-log";

test("two errors in a page reach the server's log in one batch @js-only @desktop-only", async ({
  page,
  browserProblems,
}) => {
  const marker = `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/stores");
  await expect(page.getByRole("main")).toBeVisible();
  const batches: unknown[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/_log") batches.push(request.postDataJSON());
  });
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/_log", { timeout: 15_000 });
  const startedAt = Date.now();
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`${m} first`);
    });
    setTimeout(() => {
      throw new Error(`${m} second`);
    }, 50);
  }, marker);
  expect((await sent).status()).toBe(202);
  // Not one request per error: both waited for the batch.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4000);
  expect(batches).toHaveLength(1);
  const [batch] = batches as { entries: { level: string; message: string }[] }[];
  expect(batch!.entries.map((e) => e.message)).toEqual([
    `Uncaught Error: ${marker} first`,
    `Uncaught Error: ${marker} second`,
  ]);
  const log = await readServerLog();
  const lines = log.split("\n").filter((line) => line.includes(marker));
  expect(lines).toHaveLength(2);
  for (const line of lines)
    expect(JSON.parse(line)).toMatchObject({ level: "error", event: "client.log", clientLevel: "error" });
  // The two errors were this test's own.
  expect(browserProblems.pageErrors.every((e) => e.includes(marker))).toBe(true);
  browserProblems.pageErrors.splice(0);
});
