import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google's siteverify, answering with the documented shape
 * (https://developers.google.com/recaptcha/docs/verify) on a random port. The token decides the answer:
 *  - "v2-pass": success (no score, as the checkbox widget);
 *  - "v3-pass" / "v3-low" / "v3-other-action": success with score 0.9 / 0.3, action coupon_apply / login;
 *  - "slow": answers after 2 s; "error": HTTP 500; "garbage": HTML;
 *  - anything else, or a wrong secret: success false with error codes.
 */
export interface FakeRecaptcha {
  url: string;
  /** Every request's form fields, in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

export async function fakeRecaptcha(secret: string): Promise<FakeRecaptcha> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const send = (status: number, payload: unknown, type = "application/json") => {
        res.writeHead(status, { "content-type": type });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      if (
        req.method !== "POST" ||
        !(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")
      ) {
        return send(405, { success: false, "error-codes": ["bad-request"] });
      }
      const token = form.get("response") ?? "";
      const passed = { success: true, challenge_ts: "2025-06-02T09:00:00Z", hostname: "storefront.test" };
      if (form.get("secret") !== secret) return send(200, { success: false, "error-codes": ["invalid-input-secret"] });
      switch (token) {
        case "v2-pass":
          return send(200, passed);
        case "v3-pass":
          return send(200, { ...passed, score: 0.9, action: "coupon_apply" });
        case "v3-low":
          return send(200, { ...passed, score: 0.3, action: "coupon_apply" });
        case "v3-other-action":
          return send(200, { ...passed, score: 0.9, action: "login" });
        case "slow":
          setTimeout(() => send(200, passed), 2000).unref();
          return;
        case "error":
          return send(500, { error: "Internal Server Error" });
        case "garbage":
          return send(200, "<html>Service unavailable</html>", "text/html");
        default:
          return send(200, { success: false, "error-codes": ["invalid-input-response"] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
