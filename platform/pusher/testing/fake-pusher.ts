import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { bodyMd5, PUSHER_AUTH_VERSION, pusherSignature } from "../pusher";

/*
 * A local stand-in for Pusher Channels' HTTP API, answering its documented shapes: POST /apps/{app_id}/events with
 * the signed query (auth_key, auth_timestamp, auth_version 1.0, body_md5, auth_signature) and a JSON body
 * { name, channels | channel, data (a string) }. It checks what Pusher checks — the key, the signature, the body's MD5,
 * a timestamp within 600 s, channel and event names, the size of data — and answers 200 {} or Pusher's plain-text
 * errors (400, 401, 404, 413). Every event it accepted is kept for the test to read.
 */

export interface PusherEventReceived {
  appId: string;
  name: string;
  channels: string[];
  data: string;
  /** When it arrived, in milliseconds since the epoch. */
  receivedAt: number;
}

export interface FakePusher {
  /** The address to give the adapter as its host (PUSHER_HOST). */
  url: string;
  appId: string;
  key: string;
  secret: string;
  events: PusherEventReceived[];
  /** Every request's answer, in order: how a test sees a refused one. */
  answers: { status: number; body: string }[];
  close(): Promise<void>;
}

const CHANNEL = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
const MAX_DATA_BYTES = 10_240;
const TIMESTAMP_GRACE_SECONDS = 600;

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `port` 0 (the default) takes any free port. */
export async function startFakePusher(
  app: { appId: string; key: string; secret: string },
  options: { port?: number } = {},
): Promise<FakePusher> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answer = (status: number, text: string) => reply(response, status, text, fake);
      const url = new URL(request.url ?? "/", "http://pusher.local");
      const path = `/apps/${app.appId}/events`;
      if (request.method !== "POST" || url.pathname !== path) return answer(404, "404 NOT FOUND");
      const params = Object.fromEntries(url.searchParams);
      const { auth_signature: signature, ...signed } = params;
      if (!signed.auth_key || !signed.auth_timestamp || !signed.auth_version || !signature)
        return answer(401, "Missing authentication parameters");
      if (signed.auth_key !== app.key) return answer(401, "Unknown auth_key");
      if (signed.auth_version !== PUSHER_AUTH_VERSION) return answer(401, "Unsupported auth_version");
      if (Math.abs(Date.now() / 1000 - Number(signed.auth_timestamp)) > TIMESTAMP_GRACE_SECONDS) {
        return answer(401, "Timestamp expired: Given timestamp not within 600s of server time");
      }
      if (signed.body_md5 !== bodyMd5(body)) return answer(401, "Invalid body_md5");
      const expected = pusherSignature({ method: "POST", path, params: signed, secret: app.secret });
      if (!sameHex(signature, expected))
        return answer(401, "Invalid signature: you should have sent HmacSHA256Hex of the string to sign");
      let event: { name?: unknown; channels?: unknown; channel?: unknown; data?: unknown };
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        return answer(400, "Request body is not valid JSON");
      }
      const channels = Array.isArray(event.channels)
        ? event.channels
        : typeof event.channel === "string"
          ? [event.channel]
          : [];
      if (typeof event.name !== "string" || event.name.length === 0 || event.name.length > 200)
        return answer(400, "Event name is missing or longer than 200 characters");
      if (
        channels.length === 0 ||
        channels.length > 100 ||
        !channels.every((c) => typeof c === "string" && CHANNEL.test(c))
      ) {
        return answer(400, "Invalid channel names");
      }
      if (typeof event.data !== "string") return answer(400, "data must be a string");
      if (Buffer.byteLength(event.data) > MAX_DATA_BYTES) return answer(413, "Payload too large");
      fake.events.push({
        appId: app.appId,
        name: event.name,
        channels: channels as string[],
        data: event.data,
        receivedAt: Date.now(),
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
      fake.answers.push({ status: 200, body: "{}" });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const fake: FakePusher = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...app,
    events: [],
    answers: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

function reply(response: ServerResponse, status: number, text: string, fake: FakePusher): void {
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(text);
  fake.answers.push({ status, body: text });
}
