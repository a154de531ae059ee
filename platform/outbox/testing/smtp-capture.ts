import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server (smtp-server) on a local port that keeps what it receives in memory, for tests of the SMTP
 * sender and for the end-to-end server's mailbox. It can be told to refuse mail, as a relay in trouble does.
 */

export interface CapturedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  /** The message exactly as it came. */
  raw: string;
  /** Milliseconds since the epoch, when it arrived. */
  receivedAt: number;
}

export interface SmtpCapture {
  port: number;
  url: string;
  mails: CapturedMail[];
  /** While set, every message is refused with this 4xx reply (a temporary failure). */
  refuse: string | null;
  close(): Promise<void>;
}

export async function startSmtpCapture(port = 0, host = "127.0.0.1"): Promise<SmtpCapture> {
  const capture: SmtpCapture = {
    port: 0,
    url: "",
    mails: [],
    refuse: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on a loopback port: no certificate for the sender to distrust.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (capture.refuse) return callback(Object.assign(new Error(capture.refuse), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMail(raw);
        const from = session.envelope.mailFrom;
        capture.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: parsed.from || (from ? from.address : ""),
          subject: parsed.subject,
          text: parsed.text,
          raw,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  capture.port = (server.server.address() as AddressInfo).port;
  capture.url = `smtp://${host}:${capture.port}`;
  return capture;
}

/** Headers and plain-text body of a single-part message, as nodemailer writes one. */
export function parseMail(raw: string): { from: string; subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") text = decodeQuotedPrintable(body);
  else if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return {
    from: decodeWords(headers.get("from") ?? ""),
    subject: decodeWords(headers.get("subject") ?? ""),
    text: text.replace(/\r\n/g, "\n").replace(/\n$/, ""),
  };
}

function decodeQuotedPrintable(text: string): string {
  // Each =XX is a byte: percent-decoded as UTF-8, literal % signs escaped first.
  return decodeURIComponent(
    text
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/gi, "%$1"),
  );
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
