import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalRequest } from "../sigv4";
import { createHash, createHmac } from "node:crypto";

/**
 * A local stand-in for CloudWatch Logs' JSON API (CreateLogStream, DescribeLogStreams, PutLogEvents), for tests. It
 * checks each call's Signature Version 4 with the one secret it knows and answers AWS's documented shapes and error
 * types. `failNext` makes the next calls answer 500, to drive retries.
 */
export interface FakeCloudWatch {
  url: string;
  streams: Map<string, { timestamp: number; message: string }[]>;
  calls: { action: string; body: Record<string, unknown> }[];
  failNext: number;
  close(): Promise<void>;
}

export async function startFakeCloudWatch(options: {
  group: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}): Promise<FakeCloudWatch> {
  const fake: Omit<FakeCloudWatch, "url" | "close"> = { streams: new Map(), calls: [], failNext: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/x-amz-json-1.1" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, type: string, message: string) => answer(status, { __type: type, message });
      if (!signatureValid(req.method ?? "", req.url ?? "/", req.headers, text, options))
        return error(
          403,
          "InvalidSignatureException",
          "The request signature we calculated does not match the signature you provided.",
        );
      const target = String(req.headers["x-amz-target"] ?? "");
      const action = target.startsWith("Logs_20140328.") ? target.slice("Logs_20140328.".length) : "";
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return error(400, "SerializationException", "Invalid JSON");
      }
      fake.calls.push({ action, body });
      if (fake.failNext > 0) {
        fake.failNext--;
        return error(500, "ServiceUnavailableException", "The service cannot complete the request.");
      }
      if (body.logGroupName !== options.group)
        return error(400, "ResourceNotFoundException", "The specified log group does not exist.");
      const name = String(body.logStreamName ?? "");
      switch (action) {
        case "DescribeLogStreams": {
          const prefix = String(body.logStreamNamePrefix ?? "");
          const logStreams = [...fake.streams.keys()]
            .filter((n) => n.startsWith(prefix))
            .map((n) => ({
              logStreamName: n,
              creationTime: 0,
              arn: `arn:aws:logs:${options.region}:000000000000:log-group:${options.group}:log-stream:${n}`,
            }));
          return answer(200, { logStreams });
        }
        case "CreateLogStream":
          if (fake.streams.has(name))
            return error(400, "ResourceAlreadyExistsException", "The specified log stream already exists");
          fake.streams.set(name, []);
          return answer(200, {});
        case "PutLogEvents": {
          const stream = fake.streams.get(name);
          if (!stream) return error(400, "ResourceNotFoundException", "The specified log stream does not exist.");
          const events = body.logEvents as { timestamp: number; message: string }[];
          if (!Array.isArray(events) || events.length === 0 || events.length > 10_000)
            return error(400, "InvalidParameterException", "logEvents is invalid");
          for (let i = 1; i < events.length; i++)
            if (events[i]!.timestamp < events[i - 1]!.timestamp)
              return error(
                400,
                "InvalidParameterException",
                "Log events in a single PutLogEvents request must be in chronological order.",
              );
          stream.push(...events);
          return answer(200, { nextSequenceToken: String(stream.length) });
        }
        default:
          return error(400, "UnknownOperationException", "");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function signatureValid(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): boolean {
  const auth = String(headers.authorization ?? "");
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/logs\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match || match[1] !== keys.accessKeyId || match[3] !== keys.region) return false;
  const [, , dateStamp, region, signed, signature] = match;
  const signedHeaders: Record<string, string> = {};
  for (const name of signed!.split(";")) signedHeaders[name] = String(headers[name] ?? "");
  const amzDate = signedHeaders["x-amz-date"] ?? "";
  const { text } = canonicalRequest(method, new URL(path, `http://${headers.host}`), signedHeaders, body);
  const scope = `${dateStamp}/${region}/logs/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, createHash("sha256").update(text).digest("hex")].join("\n");
  const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, dateStamp!), region!), "logs"), "aws4_request");
  return createHmac("sha256", kSigning).update(stringToSign).digest("hex") === signature;
}
