import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for one request (AWS's "Create a signed AWS API request"): the headers to send, including
 * Authorization. Enough for the JSON APIs the cloud log calls (CloudWatch Logs); no query-string signing of URLs.
 */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: AwsCredentials;
  now: Date;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text, "utf8").digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** The date stamps SigV4 uses: 20150830T123600Z and 20150830. */
export function amzDates(now: Date): { amzDate: string; dateStamp: string } {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return { amzDate, dateStamp: amzDate.slice(0, 8) };
}

export function canonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string,
): { text: string; signedHeaders: string } {
  const entries = Object.entries(headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = entries.map(([k]) => k).join(";");
  const text = [
    method.toUpperCase(),
    url.pathname || "/",
    canonicalQuery(url),
    entries.map(([k, v]) => `${k}:${v}\n`).join(""),
    signedHeaders,
    sha256(body),
  ].join("\n");
  return { text, signedHeaders };
}

export function signAwsRequest(input: SignInput): Record<string, string> {
  const { amzDate, dateStamp } = amzDates(input.now);
  const headers: Record<string, string> = { ...input.headers, host: input.url.host, "x-amz-date": amzDate };
  if (input.credentials.sessionToken) headers["x-amz-security-token"] = input.credentials.sessionToken;
  const { text, signedHeaders } = canonicalRequest(input.method, input.url, headers, input.body);
  const scope = `${dateStamp}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(text)].join("\n");
  const kDate = hmac(`AWS4${input.credentials.secretAccessKey}`, dateStamp);
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), "aws4_request");
  const signature = createHmac("sha256", kSigning).update(stringToSign, "utf8").digest("hex");
  return {
    ...headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
