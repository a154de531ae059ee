// Runs several commands at once and fails if any fails: `npm run check` puts Prettier, ESLint and tsc side by side,
// each of which keeps to one core, so on two cores they take the time of the slowest rather than of all three, and
// `npm test` adds the build to them (`npm run check -- build`), which fits in the minute that ESLint runs alone
// (decision 0059). An argument that names a script of package.json runs as `npm run`; anything else as a command.
// Each command's output is printed whole once it ends, so the three never interleave.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string): Promise<Outcome> {
  const command = name in scripts ? `npm run --silent ${name}` : name;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: run-together.ts <script or command>…");
  process.exit(2);
}
const outcomes = await Promise.all(
  names.map((name) =>
    run(name).then((outcome) => {
      const verdict = outcome.code === 0 ? "passed" : `failed (exit ${outcome.code})`;
      process.stdout.write(`${outcome.output}${outcome.output.endsWith("\n") || !outcome.output ? "" : "\n"}`);
      process.stdout.write(`── ${outcome.name}: ${verdict} in ${outcome.seconds.toFixed(0)} s\n`);
      return outcome;
    }),
  ),
);
process.exit(outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
