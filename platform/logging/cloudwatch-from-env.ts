import type { Clock } from "../contract";
import { CLOUD_LOG_LEVELS, CloudWatchLog, type CloudLogLevel } from "./cloudwatch";

/** The settings the cloud log reads; unset LOG_CLOUD_GROUP means no cloud log. */
export interface CloudLogEnv {
  /** The CloudWatch Logs log group (it must exist); setting it turns the cloud log on. */
  LOG_CLOUD_GROUP?: string;
  /** Default eu-west-2 (spec 1 §9). */
  LOG_CLOUD_REGION?: string;
  /** Another endpoint than https://logs.<region>.amazonaws.com (a VPC endpoint, or a local fake). */
  LOG_CLOUD_ENDPOINT?: string;
  LOG_CLOUD_ACCESS_KEY_ID?: string;
  LOG_CLOUD_SECRET_ACCESS_KEY?: string;
  LOG_CLOUD_SESSION_TOKEN?: string;
  /** The lowest level sent: warn (default), error or fatal. */
  LOG_CLOUD_LEVEL?: string;
}

export class CloudLogSettingsError extends Error {}

/** The cloud log the settings ask for, or null; settings that cannot work are refused at start with what is wrong. */
export function cloudLogFromEnv(env: CloudLogEnv, clock: Clock, fetcher?: typeof fetch): CloudWatchLog | null {
  const value = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim());
  const group = value(env.LOG_CLOUD_GROUP);
  if (!group) return null;
  const accessKeyId = value(env.LOG_CLOUD_ACCESS_KEY_ID);
  const secretAccessKey = value(env.LOG_CLOUD_SECRET_ACCESS_KEY);
  if (!accessKeyId || !secretAccessKey)
    throw new CloudLogSettingsError(
      "LOG_CLOUD_GROUP is set: LOG_CLOUD_ACCESS_KEY_ID and LOG_CLOUD_SECRET_ACCESS_KEY are needed too",
    );
  const region = value(env.LOG_CLOUD_REGION) ?? "eu-west-2";
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new CloudLogSettingsError(`LOG_CLOUD_REGION is not a region name: ${region}`);
  const level = (value(env.LOG_CLOUD_LEVEL) ?? "warn") as CloudLogLevel;
  if (!CLOUD_LOG_LEVELS.includes(level))
    throw new CloudLogSettingsError(`LOG_CLOUD_LEVEL must be one of ${CLOUD_LOG_LEVELS.join(", ")}`);
  const endpoint = value(env.LOG_CLOUD_ENDPOINT) ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new CloudLogSettingsError("LOG_CLOUD_ENDPOINT must be an http(s) URL");
  const sessionToken = value(env.LOG_CLOUD_SESSION_TOKEN) ?? undefined;
  return new CloudWatchLog(
    {
      group,
      region,
      endpoint,
      level,
      credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    },
    clock,
    fetcher,
  );
}
