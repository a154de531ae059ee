import { expect } from "vitest";

/** Fails when any log entry, in any field at any depth, carries one of the secrets. */
export function expectNoSecretsIn(logs: readonly unknown[], secrets: string[]): void {
  expect(logs.length, "the test should have logged something to look through").toBeGreaterThan(0);
  const text = logs.map((entry) => JSON.stringify(entry));
  for (const secret of secrets.filter((s) => s.length >= 6)) {
    const leaks = text.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
    expect(leaks, `a log line carries a secret (${secret.slice(0, 3)}…)`).toEqual([]);
  }
}
