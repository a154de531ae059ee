import { systemClock } from "#contract/clock";
import { jsonLogger } from "./platform/logger";
import { CloudLogSettingsError, cloudLogFromEnv } from "./platform/logging/cloudwatch-from-env";
import { createServerParts } from "./server/app";
import { EnvError, parseEnv } from "./server/env";

/** Longer than the 60 s idle timeout of common load balancers and of HTTP client connection pools. */
const KEEP_ALIVE_MS = 65_000;

// Warn and error lines also go to the cloud log when LOG_CLOUD_GROUP is set (platform/logging/cloudwatch.ts).
let cloud;
try {
  cloud = cloudLogFromEnv(process.env as Record<string, string | undefined>, systemClock());
} catch (error) {
  if (error instanceof CloudLogSettingsError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const cloudLog = cloud;
const log = jsonLogger({ service: "storefront" }, (line) => {
  process.stdout.write(line + "\n");
  cloudLog?.offer(line);
});

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const parts = await createServerParts(env, log);
const server = parts.app.listen(env.PORT, env.HOST, () => {
  log.info("server.listening", { url: `http://localhost:${env.PORT}`, mode: env.NODE_ENV });
});
// Node closes an idle kept-alive connection after 5 s. A client (a load balancer, whose idle limit is commonly 60 s,
// or any HTTP client pool) that sends on the connection as it closes gets a reset instead of an answer. Idle
// connections are kept longer than such clients keep them, and the header timeout must outlast the idle one.
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1_000;

/** Graceful shutdown: stop accepting, let requests in flight finish (up to 10 s), then close the database. */
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("server.stopping", { signal });
  const force = setTimeout(() => {
    log.warn("server.forced_exit", {});
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(() => {
    const stopped = async () => {
      await parts.close();
      log.info("server.stopped", {});
      await cloudLog?.flush();
      process.exit(0);
    };
    stopped().catch((error: unknown) => {
      log.error("server.stop_failed", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    });
  });
  // Open event streams end now, once no new request is taken: their browsers open them again on another instance.
  void parts
    .drain()
    .catch((error: unknown) =>
      log.warn("server.drain_failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  // Kept-alive connections stay open for KEEP_ALIVE_MS once idle: close each as soon as its last answer is sent.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
