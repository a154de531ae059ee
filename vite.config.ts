import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { clientChunks, noImportCycles } from "./scripts/shell-chunks";

// The build's id (spec 1 §4 build update): the same in the browser's and the server's bundles of one build, so an open
// page can tell when a newer build is live. The client and server builds load this file separately, so the id is
// kept in the environment between them; BUILD_ID from outside (a CI commit id) wins.
const buildId = (process.env.BUILD_ID ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);

const appFile = (name: string) => fileURLToPath(new URL(`./app/${name}`, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [vanillaExtractPlugin(), reactRouter(), ...(isSsrBuild ? [] : [noImportCycles()])],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // Vite ignores tsconfig `paths`, so the alias is repeated here.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // terser packs the browser's JavaScript about 3 KB smaller per page than esbuild's minifier (gzip), worth the
  // slower build for shoppers on cheap phones and bad networks. The benchmark's bare page is built the same way. The
  // server's build is not minified: its stack traces stay readable in the logs.
  // Every stylesheet goes into one file (issue 17): vanilla-extract gives each component its own, and a category
  // page linked fifteen render-blocking files of 1–2 KB, which a phone on a slow network fetches six at a time
  // (Lighthouse: 260 ms of first paint). All of the shop's CSS is 8.5 KB gzip, fetched once and cached for every page.
  // What every page loads (the entry, the root route and their static imports) goes into three files — React, React
  // Router and our shell — instead of about twenty small ones (scripts/shell-chunks.ts, decision 0047).
  build: isSsrBuild
    ? { target: "es2022" }
    : {
        target: "es2022",
        minify: "terser",
        terserOptions: { compress: { passes: 2 }, format: { comments: false } },
        rollupOptions: { output: { manualChunks: clientChunks(appFile("entry.client.tsx"), appFile("root.tsx")) } },
      },
}));
