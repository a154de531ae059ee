import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Google's side of an ID token, on loopback: a JWKS endpoint shaped like https://www.googleapis.com/oauth2/v3/certs
 * ({ keys: [ {kty, n, e, alg, use, kid} ] }) and a signer for tokens as Google's token endpoint issues them.
 */

export interface FakeGoogle {
  /** GOOGLE_JWKS_URL for the platform. */
  jwksUrl: string;
  clientId: string;
  /** How many times the key set was fetched. */
  fetches(): number;
  /**
   * An ID token for the person, issued at `now` for an hour, signed by the served key. `claims` override any claim
   * (aud, iss, exp …); `foreignKey` signs with a key the JWKS does not serve, under the served key's id.
   */
  idToken(
    person: GooglePerson,
    now: Date,
    options?: { claims?: JWTPayload & Record<string, unknown>; foreignKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

export interface GooglePerson {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export async function startFakeGoogle(clientId = "test-client.apps.googleusercontent.com"): Promise<FakeGoogle> {
  const kid = "fake-google-key-1";
  const served = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(served.publicKey)), kid, alg: "RS256", use: "sig" };
  let fetches = 0;

  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/oauth2/v3/certs") {
      fetches++;
      res.writeHead(200, {
        "content-type": "application/json; charset=UTF-8",
        "cache-control": "public, max-age=21600",
      });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    fetches: () => fetches,
    async idToken(person, now, options = {}) {
      const iat = Math.floor(now.getTime() / 1000);
      const payload: JWTPayload & Record<string, unknown> = {
        iss: "https://accounts.google.com",
        azp: clientId,
        aud: clientId,
        sub: person.sub,
        email: person.email,
        email_verified: person.emailVerified ?? true,
        given_name: person.givenName,
        family_name: person.familyName,
        iat,
        exp: iat + 3600,
        ...options.claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .sign(options.foreignKey ? foreign.privateKey : served.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
