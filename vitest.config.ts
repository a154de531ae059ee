import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two malloc arenas for the test processes (they inherit this): with glibc's default of eight per core, memory V8's
// helper threads free stays in their arenas, and the resident set the API fuzzing measures (decision 0045) grew by up
// to 60 MB that no one held. Set in the environment, it wins.
process.env.MALLOC_ARENA_MAX ??= "2";

// Kept apart from vite.config.ts: the React Router plugin must not run under vitest.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "platform/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    // Every core: vitest leaves one free by default, which on CI's two cores ran the files one at a time (817 s for
    // the suite against 554 s with both).
    maxWorkers: availableParallelism(),
    // Each worker keeps its modules from one test file to the next (decision 0055): every file set up its own copy of
    // vite's transforms, drizzle, zod, React and the platform, 113-118 s of the suite's worker time, and no test file
    // mocks a module or changes the environment another reads (each opens its own database and platform).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
