import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * The two Graph API calls the platform makes, on loopback, answering in the Graph API's documented shapes:
 * GET /debug_token?input_token=…&access_token={app-id}|{app-secret} → { data: { app_id, type, application, is_valid,
 * user_id, scopes, expires_at } }, and GET /me?fields=id,first_name,last_name,email&access_token=… → the user's
 * fields (email only when the user has one and granted it). Unknown tokens answer as Facebook does: is_valid false
 * from debug_token, an OAuthException (400) from /me.
 */

export interface FacebookUser {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
}

export interface FakeFacebook {
  /** FACEBOOK_GRAPH_URL for the platform. */
  graphUrl: string;
  appId: string;
  appSecret: string;
  /** A user access token for our app (or `forApp`'s). */
  issue(user: FacebookUser, options?: { forApp?: string }): string;
  /** Every request's path and query, for tests that check what was asked (and that the app secret stays server-side). */
  requests: { path: string; query: URLSearchParams }[];
  close(): Promise<void>;
}

export async function startFakeFacebook(appId = "1234567890", appSecret = "fake-app-secret"): Promise<FakeFacebook> {
  const tokens = new Map<string, { user: FacebookUser; appId: string }>();
  const requests: FakeFacebook["requests"] = [];
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(body));
  };
  const oauthError = {
    error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190 },
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://graph.test");
    requests.push({ path: url.pathname, query: url.searchParams });
    if (req.method !== "GET") return send(res, 405, oauthError);
    if (url.pathname === "/debug_token") {
      if (url.searchParams.get("access_token") !== `${appId}|${appSecret}`) return send(res, 400, oauthError);
      const known = tokens.get(url.searchParams.get("input_token") ?? "");
      if (!known)
        return send(res, 200, {
          data: { is_valid: false, scopes: [], error: { code: 190, message: "Invalid OAuth access token." } },
        });
      return send(res, 200, {
        data: {
          app_id: known.appId,
          type: "USER",
          application: "Fake shop",
          is_valid: true,
          user_id: known.user.id,
          scopes: ["email", "public_profile"],
          expires_at: 1_900_000_000,
        },
      });
    }
    if (url.pathname === "/me") {
      const known = tokens.get(url.searchParams.get("access_token") ?? "");
      if (!known) return send(res, 400, oauthError);
      const { user } = known;
      return send(res, 200, {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        ...(user.email ? { email: user.email } : {}),
      });
    }
    return send(res, 404, oauthError);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    graphUrl: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    issue(user, options = {}) {
      const token = `EAA${randomBytes(24).toString("base64url")}`;
      tokens.set(token, { user, appId: options.forApp ?? appId });
      return token;
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
