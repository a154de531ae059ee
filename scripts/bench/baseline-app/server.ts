// The bare page's server: what React Router's Express adapter does with nothing added, plus compression
// when BENCH_COMPRESSION=1 so the storefront can be compared like for like.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const buildDir = process.env.BENCH_BASELINE_BUILD_DIR;
if (!buildDir) throw new Error("BENCH_BASELINE_BUILD_DIR must name the bare app's build folder");
const port = Number(process.env.PORT ?? 3100);

const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
const app = express();
app.disable("x-powered-by");
if (process.env.BENCH_COMPRESSION === "1") app.use(compression());
app.use("/assets", express.static(join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(join(buildDir, "client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));

const server = app.listen(port, "127.0.0.1", () => console.log(`bare page on http://127.0.0.1:${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
