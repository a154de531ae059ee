import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for Twilio's Messages resource, answering its documented shapes: 201 with the message (sid,
 * status queued …) for a well-formed request with the right basic auth, 401 with Twilio's error body otherwise, and
 * a 400 error while told to fail. It records every request as it came, so tests check the request's shape.
 */

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  form: Record<string, string>;
}

export interface FakeTwilio {
  url: string;
  requests: TwilioRequest[];
  /** While set, requests are answered 400 with this message (as Twilio refuses an unreachable number). */
  failWith: string | null;
  close(): Promise<void>;
}

export async function startFakeTwilio(accountSid: string, authToken: string): Promise<FakeTwilio> {
  let count = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const recorded: TwilioRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization ?? null,
        contentType: request.headers["content-type"] ?? null,
        form,
      };
      fake.requests.push(recorded);
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (recorded.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json` || recorded.method !== "POST") return error(404, 20404, "The requested resource was not found");
      if (recorded.authorization !== expectedAuth) return error(401, 20003, "Authenticate");
      if (fake.failWith) return error(400, 21211, fake.failWith);
      if (!form.To || !form.From || !form.Body) return error(400, 21604, "A 'To' phone number, a 'From' and a 'Body' are required.");
      count++;
      const sid = `SM${String(count).padStart(32, "0")}`;
      reply(201, { sid, account_sid: accountSid, to: form.To, from: form.From, body: form.Body, status: "queued", num_segments: "1", direction: "outbound-api" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
