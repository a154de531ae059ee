import { expect } from "vitest";
import { apiErrorSchema, type ApiErrorBody } from "../contract";
import type { TestResponse } from "./test-platform";

/** Checks an error answer's status and, where given, its message, errorCode and errorDisplay. */
export function expectError(
  res: TestResponse,
  status: number,
  expected: { message?: string; errorCode?: string | number; errorDisplay?: string } = {},
): ApiErrorBody & Record<string, unknown> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.status).toBe(status);
  if (expected.message !== undefined) expect(body.message).toBe(expected.message);
  if (expected.errorCode !== undefined) expect(body.errorCode).toBe(expected.errorCode);
  if (expected.errorDisplay !== undefined) expect(body.errorDisplay).toBe(expected.errorDisplay);
  // The raw body: some errors carry fields beyond the standard ones (AGE_RESTRICTED's ageRestriction).
  return res.body as ApiErrorBody & Record<string, unknown>;
}
