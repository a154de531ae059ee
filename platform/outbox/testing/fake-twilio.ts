import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for Twilio's Messages resource, answering its documented shapes: 201 with the message (sid,
 * status queued …) for a well-formed request with the right basic auth, 401 with Twilio's error body otherwise, and
 * a 400 error while told to fail. It records every request as it came, so tests check the request's shape, and
 * lists the messages it took as Twilio's read does (GET …/Messages.json?To=…), so end-to-end journeys read their SMS.
 */

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  form: Record<string, string>;
  /** When it arrived, in milliseconds since the epoch. */
  receivedAt: number;
}

export interface FakeTwilio {
  url: string;
  requests: TwilioRequest[];
  /** While set, requests are answered 400 with this message (as Twilio refuses an unreachable number). */
  failWith: string | null;
  close(): Promise<void>;
}

/** `port` 0 (the default) takes any free port; the end-to-end server gives a fixed one. */
export async function startFakeTwilio(
  accountSid: string,
  authToken: string,
  options: { port?: number } = {},
): Promise<FakeTwilio> {
  let count = 0;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const sent: { sid: string; to: string; from: string; body: string; date_created: string }[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://twilio.local");
      // Twilio's "read multiple messages" (GET …/Messages.json?To=…), newest first: how a journey reads its SMS.
      if (request.method === "GET" && url.pathname === messagesPath) {
        if (request.headers.authorization !== expectedAuth)
          return sendJson(response, 401, { code: 20003, message: "Authenticate", status: 401 });
        const to = url.searchParams.get("To");
        const messages = sent.filter((m) => !to || m.to === to).reverse();
        return sendJson(response, 200, {
          messages,
          page: 0,
          page_size: messages.length,
          uri: `${messagesPath}?${url.searchParams}`,
        });
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const recorded: TwilioRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization ?? null,
        contentType: request.headers["content-type"] ?? null,
        form,
        receivedAt: Date.now(),
      };
      fake.requests.push(recorded);
      const reply = (status: number, body: unknown) => sendJson(response, status, body);
      const error = (status: number, code: number, message: string) =>
        reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (recorded.path !== messagesPath || recorded.method !== "POST")
        return error(404, 20404, "The requested resource was not found");
      if (recorded.authorization !== expectedAuth) return error(401, 20003, "Authenticate");
      if (fake.failWith) return error(400, 21211, fake.failWith);
      if (!form.To || !form.From || !form.Body)
        return error(400, 21604, "A 'To' phone number, a 'From' and a 'Body' are required.");
      count++;
      const sid = `SM${String(count).padStart(32, "0")}`;
      const message = {
        sid,
        account_sid: accountSid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        date_created: new Date(recorded.receivedAt).toUTCString(),
      };
      sent.push(message);
      reply(201, message);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
