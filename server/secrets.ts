import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A secret from the environment, else one made on first start and kept in DATA_DIR under `name`, so a single instance
 * (and `npm run deeplink` on the same machine) works without configuration. Several instances must be given it.
 */
export function keptSecret(
  fromEnv: string | undefined,
  dataDir: string,
  name: string,
  onGenerated: (file: string) => void,
): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  onGenerated(file);
  return secret;
}

/** The deep-link secret (issue 20): DEEPLINK_SECRET, else one kept in DATA_DIR beside the session secret. */
export function deepLinkSecret(
  env: { DEEPLINK_SECRET?: string | undefined; DATA_DIR: string },
  onGenerated: (file: string) => void,
): string {
  return keptSecret(env.DEEPLINK_SECRET, env.DATA_DIR, "deeplink-secret", onGenerated);
}
