// The test server's deep-link secret (support/serve.ts gives it to the server as DEEPLINK_SECRET), so journeys can make
// links with `npm run deeplink` as a marketer would.
export const E2E_DEEPLINK_SECRET = "e2e-deep-link-secret-of-at-least-32-characters";
