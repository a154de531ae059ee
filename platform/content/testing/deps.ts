import type { AuthInfo, PlatformConfig, PlatformDeps } from "../../context";
import type { Logger } from "../../logger";
import { controllableClock } from "../../contract";

export const TEST_TOKEN = "test";

/**
 * Router deps for content tests. Content never touches the database, and the tests stay independent of the auth
 * module by accepting one fixed token.
 */
export function contentDeps(contentDir: string, log: Logger, strapi?: { url: string; token: string }): PlatformDeps {
  const guest: AuthInfo = { strategy: "guest", memberId: null, family: "test-family" };
  return {
    db: undefined as never,
    clock: controllableClock("2025-06-02T09:00:00Z"),
    log,
    config: { contentDir, strapi, accessTokenSeconds: 3600, refreshTokenSeconds: 86400 } as PlatformConfig,
    location: undefined as never,
    payments: { gateway: null, applePay: null },
    realtime: null,
    authenticate: async (token) => (token === TEST_TOKEN ? guest : null),
  };
}

export function get(path: string, token: string | null = TEST_TOKEN): Request {
  return new Request(`http://platform.test${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}
