import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Same plugin, target and minifier as the storefront, without anything the storefront adds, so the two builds
// differ only by the storefront's own code and libraries.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: isSsrBuild
    ? { target: "es2022" }
    : { target: "es2022", minify: "terser", terserOptions: { compress: { passes: 2 }, format: { comments: false } } },
}));
