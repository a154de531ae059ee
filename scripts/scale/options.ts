// `npm run test:scale -- [options]`: how long, how many shoppers, and whether to build and inject faults.

export interface ScaleOptions {
  /** How long new journeys are started, in seconds; journeys under way then finish. */
  durationSeconds: number;
  /** Shoppers at a time: each starts its next journey when the last ends. */
  concurrency: number;
  /** Three instances (the figure); fewer only for a developer's look. */
  instances: number;
  skipBuild: boolean;
  faults: boolean;
  /** Write the figures into docs/performance.md. */
  record: boolean;
}

export const usage = `npm run test:scale -- [--duration=SECONDS] [--concurrency=N] [--skip-build] [--no-faults] [--record]
  --duration=120     seconds during which journeys are started (default 120)
  --concurrency=50   shoppers at a time (default 50)
  --skip-build       use the existing build/ (CI has built it for npm test)
  --no-faults        no instance killed or stopped, no PostgreSQL restart, no slow answer
  --record           write the figures into docs/performance.md`;

function whole(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"\n${usage}`);
  return number;
}

/** Reads the command line; an unknown option is an error that names it. */
export function parseScaleOptions(argv: string[]): ScaleOptions {
  const options: ScaleOptions = {
    durationSeconds: 120,
    concurrency: 50,
    instances: 3,
    skipBuild: false,
    faults: true,
    record: false,
  };
  for (const arg of argv) {
    const [flag, value] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    if (flag === "--duration" && value !== undefined) options.durationSeconds = whole("--duration", value, 10, 3600);
    else if (flag === "--concurrency" && value !== undefined)
      options.concurrency = whole("--concurrency", value, 1, 500);
    else if (flag === "--skip-build" && value === undefined) options.skipBuild = true;
    else if (flag === "--no-faults" && value === undefined) options.faults = false;
    else if (flag === "--record" && value === undefined) options.record = true;
    else throw new Error(`unknown option ${arg}\n${usage}`);
  }
  return options;
}
