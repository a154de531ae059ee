// Summarises a `node --cpu-prof` profile: self time by package (node_modules/<name>), by our own file, and the
// busiest functions. Usage: node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top=25]
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function where(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node internals";
  const own = url.match(/\/(build\/server\/[^/]+|platform\/[^?]+|app\/[^?]+|server\/[^?]+|server\.ts)/);
  return own ? own[1]! : url;
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self]
  .filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)")
  .reduce((a, [, t]) => a + t, 0);
const busy = total - idle;
const group = (key: (n: Node) => string) => {
  const sums = new Map<string, number>();
  for (const [id, t] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") continue;
    const k = key(node);
    sums.set(k, (sums.get(k) ?? 0) + t);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
};
const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s`);
console.log("\nby package or file (self time):");
for (const [k, t] of group(where)) console.log(`${pct(t)}  ${k}`);
console.log("\nby function (self time):");
for (const [k, t] of group(
  (n) => `${n.callFrame.functionName || "(anonymous)"} ${where(n)}:${n.callFrame.lineNumber + 1}`,
))
  console.log(`${pct(t)}  ${k}`);
