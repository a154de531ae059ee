// Making the platform fail for this test's shopper only (server/platform-faults.ts): the way to see the pages'
// messages for a failed call.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures";

/** The platform's next `times` answers to `path` (an /api/ path) for this test's shopper fail with `status`. */
export async function failPlatformCall(request: APIRequestContext, path: string, options: { times?: number; status?: number } = {}): Promise<void> {
  const response = await request.post("/__test/platform-fault", { data: { path, times: options.times ?? 1, status: options.status ?? 500 } });
  expect(response.status(), `asking the platform to fail ${path}`).toBe(200);
}
