import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controllableClock } from "../contract";
import { jsonLogger } from "../logger";
import { CloudLogSettingsError, cloudLogFromEnv } from "./cloudwatch-from-env";
import { startFakeCloudWatch, type FakeCloudWatch } from "./testing/fake-cloudwatch";

const KEYS = { accessKeyId: "AKIATESTCLOUDLOG", secretAccessKey: "test-secret-for-the-fake", region: "eu-west-2" };
const GROUP = "/storefront/test";
let fake: FakeCloudWatch;

beforeAll(async () => {
  fake = await startFakeCloudWatch({ group: GROUP, ...KEYS });
});
afterAll(async () => {
  await fake?.close();
});

function cloudLog(extra: Record<string, string> = {}, now = "2026-11-26T10:00:00Z") {
  const clock = controllableClock(now);
  const cloud = cloudLogFromEnv(
    {
      LOG_CLOUD_GROUP: GROUP,
      LOG_CLOUD_ENDPOINT: fake.url,
      LOG_CLOUD_ACCESS_KEY_ID: KEYS.accessKeyId,
      LOG_CLOUD_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      ...extra,
    },
    clock,
  )!;
  // The server's own logger, writing each line to the cloud log as server.ts does.
  const log = jsonLogger({ service: "storefront" }, (line) => cloud.offer(line));
  return { cloud, log, clock };
}

describe("the cloud log (CloudWatch Logs)", () => {
  it("makes the day's stream once, then puts warn and error lines in one signed batch; info stays out", async () => {
    fake.calls.length = 0;
    const { cloud, log } = cloudLog();
    log.info("server.listening", {});
    log.warn("payments.gateway_error", { kind: "unavailable" });
    log.error("client.log", { clientLevel: "fatal", message: "boom" });
    await cloud.flush();
    expect(fake.calls.map((c) => c.action)).toEqual(["DescribeLogStreams", "CreateLogStream", "PutLogEvents"]);
    const events = fake.streams.get("2026-11-26")!;
    expect(events.map((e) => JSON.parse(e.message).event)).toEqual(["payments.gateway_error", "client.log"]);
    expect(events.every((e) => Number.isInteger(e.timestamp))).toBe(true);

    log.warn("again", {});
    await cloud.flush();
    // The stream is known now: one call.
    expect(fake.calls.map((c) => c.action).slice(3)).toEqual(["PutLogEvents"]);
  });

  it("finds a stream another instance made, and takes 'already exists' as made", async () => {
    fake.calls.length = 0;
    fake.streams.set("2026-11-27", []);
    const first = cloudLog({}, "2026-11-27T08:00:00Z");
    first.log.error("x", {});
    await first.cloud.flush();
    expect(fake.calls.map((c) => c.action)).toEqual(["DescribeLogStreams", "PutLogEvents"]);
  });

  it("sends 25 lines at once, without waiting for the 5 s", async () => {
    fake.calls.length = 0;
    const { cloud, log } = cloudLog({}, "2026-11-28T08:00:00Z");
    for (let i = 0; i < 25; i++) log.warn(`line.${i}`, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.streams.get("2026-11-28")).toHaveLength(25);
    expect(cloud).toBeTruthy();
  });

  it("tries a failed batch again at most 3 times, then drops it", async () => {
    fake.calls.length = 0;
    const { cloud, log } = cloudLog({}, "2026-11-29T08:00:00Z");
    fake.failNext = 10;
    log.error("lost", {});
    await cloud.flush();
    expect(fake.calls).toHaveLength(4);
    fake.failNext = 0;
    log.error("kept", {});
    await cloud.flush();
    expect(fake.streams.get("2026-11-29")!.map((e) => JSON.parse(e.message).event)).toEqual(["kept"]);
  });

  it("sends only errors when LOG_CLOUD_LEVEL is error, and a wrong signature is refused", async () => {
    fake.calls.length = 0;
    const { cloud, log } = cloudLog({ LOG_CLOUD_LEVEL: "error" }, "2026-11-30T08:00:00Z");
    log.warn("quiet", {});
    log.error("loud", {});
    await cloud.flush();
    expect(fake.streams.get("2026-11-30")!.map((e) => JSON.parse(e.message).event)).toEqual(["loud"]);

    fake.calls.length = 0;
    const wrong = cloudLog({ LOG_CLOUD_SECRET_ACCESS_KEY: "not-the-secret" }, "2026-12-01T08:00:00Z");
    wrong.log.error("refused", {});
    await wrong.cloud.flush();
    expect(fake.calls).toHaveLength(0);
    expect(fake.streams.has("2026-12-01")).toBe(false);
  });

  it("is off without a group, and refuses settings that cannot work", () => {
    const clock = controllableClock("2026-11-26T10:00:00Z");
    expect(cloudLogFromEnv({}, clock)).toBeNull();
    expect(() => cloudLogFromEnv({ LOG_CLOUD_GROUP: "g" }, clock)).toThrow(CloudLogSettingsError);
    expect(() =>
      cloudLogFromEnv(
        {
          LOG_CLOUD_GROUP: "g",
          LOG_CLOUD_ACCESS_KEY_ID: "a",
          LOG_CLOUD_SECRET_ACCESS_KEY: "s",
          LOG_CLOUD_REGION: "London",
        },
        clock,
      ),
    ).toThrow(/region/);
    expect(() =>
      cloudLogFromEnv(
        {
          LOG_CLOUD_GROUP: "g",
          LOG_CLOUD_ACCESS_KEY_ID: "a",
          LOG_CLOUD_SECRET_ACCESS_KEY: "s",
          LOG_CLOUD_LEVEL: "info",
        },
        clock,
      ),
    ).toThrow(/LOG_CLOUD_LEVEL/);
  });
});
