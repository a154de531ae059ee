// Making the platform fail for this test's shopper only (server/platform-faults.ts): the way to see the pages'
// messages for a failed call.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures";

export interface FaultOptions {
  times?: number;
  status?: number;
  /**
   * The storefront's shared reads (business profile, white-label settings, content) instead of this shopper's calls.
   * Every shopper then sees the fault: only for `*.clock.spec.ts` journeys, which have their server to themselves.
   */
  shared?: boolean;
}

/** The platform's next `times` answers to `path` (an /api/ path) for this test's shopper fail with `status`. */
export async function failPlatformCall(
  request: APIRequestContext,
  path: string,
  options: FaultOptions = {},
): Promise<void> {
  const response = await request.post("/__test/platform-fault", {
    data: { path, times: options.times ?? 1, status: options.status ?? 500, shared: options.shared ?? false },
  });
  expect(response.status(), `asking the platform to fail ${path}`).toBe(200);
}

/**
 * The platform's next `times` answers to `path` for this test's shopper come back altered, as a faulty platform might
 * send them: "slot-times-equal" ends listed slots (all, or only the `kind` given) and the basket's held slot at their
 * start; "slot-end-blank" blanks the held slot's end; "asap-twin" lists a broken copy before each ASAP slot;
 * "server-time" makes the platform's clock answer `at`.
 */
export async function editPlatformAnswer(
  request: APIRequestContext,
  path: string,
  edit: "slot-times-equal" | "slot-end-blank" | "asap-twin" | "server-time",
  options: { times?: number; kind?: "asap" | "future"; at?: string } = {},
): Promise<void> {
  const response = await request.post("/__test/platform-fault", {
    data: {
      path,
      times: options.times ?? 1,
      edit,
      ...(options.kind ? { kind: options.kind } : {}),
      ...(options.at ? { at: options.at } : {}),
    },
  });
  expect(response.status(), `asking the platform to alter ${path}`).toBe(200);
}
