import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [vanillaExtractPlugin(), reactRouter()],
  // Vite ignores tsconfig `paths`, so the alias is repeated here.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // terser packs the browser's JavaScript about 3 KB smaller per page than esbuild's minifier (gzip), worth the
  // slower build for shoppers on cheap phones and bad networks. The benchmark's bare page is built the same way. The
  // server's build is not minified: its stack traces stay readable in the logs.
  build: isSsrBuild
    ? { target: "es2022" }
    : { target: "es2022", minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
}));
