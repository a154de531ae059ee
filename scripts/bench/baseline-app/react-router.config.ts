import type { Config } from "@react-router/dev/config";

// The benchmark builds this bare app into a temporary folder so nothing of it lands in the repo.
export default {
  ssr: true,
  buildDirectory: process.env.BENCH_BASELINE_BUILD_DIR ?? "build",
} satisfies Config;
