import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startFakeFacebook, type FacebookUser } from "../../platform/auth/testing/fake-facebook";
import { startFakeGoogle, type GooglePerson } from "../../platform/auth/testing/fake-google";

/*
 * Google's and Facebook's sides of the authorisation code flow, on loopback, for the adapter's unit tests and the
 * end-to-end suite. Each provider has a consent page (plain HTML forms: "Continue as …" and "Cancel", so it works
 * without JavaScript) that sends the browser back to redirect_uri with a code and the state, or with
 * error=access_denied; and a token endpoint that checks the code, the client secret, the redirect_uri and the PKCE
 * verifier, and answers in the provider's documented shape: Google an ID token signed by the key its JWKS serves
 * (platform/auth/testing/fake-google.ts), Facebook a user access token its Graph API fake knows
 * (platform/auth/testing/fake-facebook.ts), which is what the platform checks.
 */

export interface FakeOAuthOptions {
  port?: number;
  host?: string;
  /** The accounts the consent page offers, first the usual one. */
  google?: { clientId: string; clientSecret: string; people: GooglePerson[] };
  facebook?: { appId: string; appSecret: string; users: FacebookUser[] };
  /** The platform's clock for ID tokens' iat/exp; the real time by default. */
  now?: () => Date;
}

export interface FakeOAuth {
  origin: string;
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    jwksUrl: string;
    people: GooglePerson[];
  };
  facebook: {
    appId: string;
    appSecret: string;
    authUrl: string;
    tokenUrl: string;
    graphUrl: string;
    users: FacebookUser[];
  };
  /** Every token request's form, for tests that check what was sent. */
  tokenRequests: { provider: "google" | "facebook"; params: URLSearchParams }[];
  close(): Promise<void>;
}

interface Grant {
  provider: "google" | "facebook";
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  /** The account chosen on the consent page. */
  account: number;
  expiresAt: number;
}

const DEFAULT_GOOGLE = {
  clientId: "storefront-e2e.apps.googleusercontent.com",
  clientSecret: "fake-google-client-secret",
  people: [
    { sub: "110248495921238986420", email: "alex.morgan@example.com", givenName: "Alex", familyName: "Morgan" },
    // A Google account whose address Google has not verified: the platform refuses it (socialNoEmail).
    {
      sub: "110248495921238986421",
      email: "pat.lee@example.com",
      emailVerified: false,
      givenName: "Pat",
      familyName: "Lee",
    },
  ],
};
const DEFAULT_FACEBOOK = {
  appId: "987654321012345",
  appSecret: "fake-facebook-app-secret",
  users: [
    { id: "10158123456789012", firstName: "Jo", lastName: "Rivers", email: "jo.rivers@example.com" },
    // A Facebook user who shares no e-mail address: the platform refuses them (socialNoEmail).
    { id: "10158123456789013", firstName: "Chris", lastName: "Noble" },
  ],
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(title: string, names: string[], action: string, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join("");
  const buttons = names
    .map((name, i) => `<li><button type="submit" name="account" value="${i}">Continue as ${escape(name)}</button></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>
<form method="post" action="${action}">${hidden}<ul>${buttons}</ul>
<button type="submit" name="decision" value="deny">Cancel</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export async function startFakeOAuth(options: FakeOAuthOptions = {}): Promise<FakeOAuth> {
  const googleConfig = options.google ?? DEFAULT_GOOGLE;
  const facebookConfig = options.facebook ?? DEFAULT_FACEBOOK;
  const now = options.now ?? (() => new Date());
  const google = await startFakeGoogle(googleConfig.clientId);
  const graph = await startFakeFacebook(facebookConfig.appId, facebookConfig.appSecret);
  const grants = new Map<string, Grant>();
  const tokenRequests: FakeOAuth["tokenRequests"] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
  const back = (res: ServerResponse, redirectUri: string, params: Record<string, string>) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    res.writeHead(303, { location: url.toString() }).end();
  };

  /** The consent page: the request must name our client, a code response and an S256 challenge, as both providers require here. */
  function authorise(provider: "google" | "facebook", url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const clientId = provider === "google" ? googleConfig.clientId : facebookConfig.appId;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== clientId || !/^https?:\/\//.test(redirectUri))
      return html(res, 400, "<p>invalid_client or redirect_uri</p>");
    if (
      q.get("response_type") !== "code" ||
      q.get("code_challenge_method") !== "S256" ||
      !q.get("code_challenge") ||
      !q.get("state")
    ) {
      return html(res, 400, "<p>invalid_request</p>");
    }
    if (provider === "google" && !q.get("nonce")) return html(res, 400, "<p>invalid_request: nonce</p>");
    const names =
      provider === "google"
        ? googleConfig.people.map((p) => `${p.givenName ?? ""} ${p.familyName ?? ""}`.trim())
        : facebookConfig.users.map((u) => `${u.firstName} ${u.lastName}`);
    const fields = {
      client_id: clientId,
      redirect_uri: redirectUri,
      state: q.get("state")!,
      code_challenge: q.get("code_challenge")!,
      nonce: q.get("nonce") ?? "",
    };
    html(
      res,
      200,
      consentPage(
        provider === "google" ? "Sign in with Google" : "Log in with Facebook",
        names,
        `/${provider}/decide`,
        fields,
      ),
    );
  }

  async function decide(provider: "google" | "facebook", req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const redirectUri = form.get("redirect_uri") ?? "";
    const state = form.get("state") ?? "";
    if (form.get("decision") === "deny") {
      return back(
        res,
        redirectUri,
        provider === "google"
          ? { error: "access_denied", state }
          : {
              error: "access_denied",
              error_code: "200",
              error_description: "Permissions error",
              error_reason: "user_denied",
              state,
            },
      );
    }
    const account = Number(form.get("account"));
    const accounts: unknown[] = provider === "google" ? googleConfig.people : facebookConfig.users;
    if (!Number.isInteger(account) || !accounts[account]) return html(res, 400, "<p>no such account</p>");
    const code = `${provider === "google" ? "4/0A" : "AQ"}${randomBytes(24).toString("base64url")}`;
    grants.set(code, {
      provider,
      clientId: form.get("client_id") ?? "",
      redirectUri,
      challenge: form.get("code_challenge") ?? "",
      nonce: form.get("nonce") || null,
      account,
      expiresAt: Date.now() + 10 * 60_000,
    });
    back(res, redirectUri, { code, state });
  }

  /** Takes the code (once) and checks what must come with it; the refusal's reason, or the grant. */
  function redeem(provider: "google" | "facebook", p: URLSearchParams): Grant | string {
    const secret = provider === "google" ? googleConfig.clientSecret : facebookConfig.appSecret;
    const clientId = provider === "google" ? googleConfig.clientId : facebookConfig.appId;
    if (p.get("client_id") !== clientId || p.get("client_secret") !== secret) return "invalid_client";
    const code = p.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) return "invalid_grant";
    if (grant.redirectUri !== p.get("redirect_uri")) return "redirect_uri_mismatch";
    if (s256(p.get("code_verifier") ?? "") !== grant.challenge) return "invalid_grant";
    return grant;
  }

  async function googleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const p = await readForm(req);
    tokenRequests.push({ provider: "google", params: p });
    if (p.get("grant_type") !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type" });
    const grant = redeem("google", p);
    if (typeof grant === "string") {
      return json(res, grant === "invalid_client" ? 401 : 400, {
        error: grant,
        error_description: grant === "invalid_client" ? "Unauthorized" : "Bad Request",
      });
    }
    const idToken = await google.idToken(googleConfig.people[grant.account]!, now(), {
      claims: grant.nonce ? { nonce: grant.nonce } : {},
    });
    json(res, 200, {
      access_token: `ya29.${randomBytes(16).toString("base64url")}`,
      expires_in: 3599,
      scope: "openid email profile",
      token_type: "Bearer",
      id_token: idToken,
    });
  }

  async function facebookToken(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    // Facebook's endpoint takes its parameters in the query (GET) or a form (POST).
    const p = req.method === "POST" ? await readForm(req) : url.searchParams;
    tokenRequests.push({ provider: "facebook", params: p });
    const grant = redeem("facebook", p);
    if (typeof grant === "string") {
      return json(res, 400, {
        error: {
          message: `Error validating verification code (${grant})`,
          type: "OAuthException",
          code: 100,
          fbtrace_id: "Afake",
        },
      });
    }
    json(res, 200, {
      access_token: graph.issue(facebookConfig.users[grant.account]!),
      token_type: "bearer",
      expires_in: 5183944,
    });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-oauth.test");
    const route = `${req.method} ${url.pathname}`;
    const fail = (error: unknown) => json(res, 500, { error: String(error) });
    if (route === "GET /google/auth") return authorise("google", url, res);
    if (route === "GET /facebook/dialog/oauth") return authorise("facebook", url, res);
    if (route === "POST /google/decide") return void decide("google", req, res).catch(fail);
    if (route === "POST /facebook/decide") return void decide("facebook", req, res).catch(fail);
    if (route === "POST /google/token") return void googleToken(req, res).catch(fail);
    if (url.pathname === "/facebook/oauth/access_token") return void facebookToken(req, url, res).catch(fail);
    json(res, 404, { error: "not_found" });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    google: {
      ...googleConfig,
      authUrl: `${origin}/google/auth`,
      tokenUrl: `${origin}/google/token`,
      jwksUrl: google.jwksUrl,
    },
    facebook: {
      ...facebookConfig,
      authUrl: `${origin}/facebook/dialog/oauth`,
      tokenUrl: `${origin}/facebook/oauth/access_token`,
      graphUrl: graph.graphUrl,
    },
    tokenRequests,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([google.close(), graph.close()]);
    },
  };
}
