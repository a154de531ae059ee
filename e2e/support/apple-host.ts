// Loaded into the end-to-end server before it starts (serve.ts: node --import): Apple's hosts (*.apple.com) resolve
// to the loopback address, where the fake of Apple's merchant validation answers (fake-apple-pay.ts). Every other
// name resolves as usual. Never loaded outside the suite.
import dns from "node:dns";

type Callback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

const lookup = dns.lookup;
const loopback = (hostname: string, options: unknown, callback: Callback): void => {
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
  if (all) process.nextTick(callback, null, [{ address: "127.0.0.1", family: 4 }]);
  else process.nextTick(callback, null, "127.0.0.1", 4);
};

dns.lookup = function appleOnLoopback(...args: unknown[]) {
  const [hostname, options, callback] = args;
  if (typeof hostname === "string" && hostname.toLowerCase().endsWith(".apple.com")) {
    return typeof options === "function"
      ? loopback(hostname, {}, options as Callback)
      : loopback(hostname, options, callback as Callback);
  }
  return (lookup as (...a: unknown[]) => void).apply(dns, args);
} as typeof dns.lookup;
