import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyMd5,
  pusherClusterUrl,
  pusherParamsToSign,
  pusherPublisher,
  pusherSignature,
  signedPusherQuery,
} from "./pusher";
import { startFakePusher, type FakePusher } from "./testing/fake-pusher";

// The worked example of Pusher's "Generating authentication signatures" (REST API reference).
const DOCS = {
  appId: "3",
  key: "278d425bdf160c739803",
  secret: "7ad3773142a6692b25b8",
  timestamp: 1353088179,
  body: '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}',
  bodyMd5: "ec365a775a4cd0599faeb73354201b6f",
  signature: "da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c",
};

describe("Pusher's request signature", () => {
  it("signs the documented example to the documented signature", () => {
    expect(bodyMd5(DOCS.body)).toBe(DOCS.bodyMd5);
    const params = {
      auth_key: DOCS.key,
      auth_timestamp: String(DOCS.timestamp),
      auth_version: "1.0",
      body_md5: DOCS.bodyMd5,
    };
    expect(pusherSignature({ method: "POST", path: "/apps/3/events", params, secret: DOCS.secret })).toBe(
      DOCS.signature,
    );
    const query = signedPusherQuery({
      key: DOCS.key,
      secret: DOCS.secret,
      path: "/apps/3/events",
      body: DOCS.body,
      timestamp: DOCS.timestamp,
    });
    expect(Object.fromEntries(query)).toEqual({ ...params, auth_signature: DOCS.signature });
  });

  it("signs the parameters with keys lower-cased and sorted, values as they are", () => {
    expect(pusherParamsToSign({ body_md5: "b", Auth_Version: "1.0", auth_key: "k", auth_timestamp: "1" })).toBe(
      "auth_key=k&auth_timestamp=1&auth_version=1.0&body_md5=b",
    );
    const a = pusherSignature({ method: "POST", path: "/apps/3/events", params: { b: "2", a: "1" }, secret: "s" });
    expect(pusherSignature({ method: "post", path: "/apps/3/events", params: { a: "1", b: "2" }, secret: "s" })).toBe(
      a,
    );
    expect(
      pusherSignature({ method: "POST", path: "/apps/4/events", params: { a: "1", b: "2" }, secret: "s" }),
    ).not.toBe(a);
  });

  it("reaches a cluster at api-{cluster}.pusher.com, and takes no host for a cluster", () => {
    expect(pusherClusterUrl("eu")).toBe("https://api-eu.pusher.com");
    expect(pusherClusterUrl("mt1")).toBe("https://api-mt1.pusher.com");
    expect(() => pusherClusterUrl("evil.example/x")).toThrow(/not a cluster name/);
  });
});

describe("pusherPublisher against the local fake", () => {
  let fake: FakePusher;
  beforeAll(async () => {
    fake = await startFakePusher({ appId: "4242", key: "app-key", secret: "app-secret" });
  });
  afterAll(() => fake.close());

  it("publishes an event the fake accepts, signed and with its MD5", async () => {
    const publisher = pusherPublisher({ appId: "4242", secret: "app-secret", host: fake.url });
    await publisher.publish(
      { key: "app-key", cluster: "eu" },
      { channel: "order-abc", name: "order-status", data: '{"status":"picked"}' },
    );
    expect(fake.events.at(-1)).toMatchObject({
      appId: "4242",
      name: "order-status",
      channels: ["order-abc"],
      data: '{"status":"picked"}',
    });
    expect(fake.answers.at(-1)).toEqual({ status: 200, body: "{}" });
  });

  it("fails with Pusher's words for a wrong secret, an unknown key or a stale timestamp", async () => {
    const event = { channel: "order-abc", name: "order-status", data: "{}" };
    const wrongSecret = pusherPublisher({ appId: "4242", secret: "not-the-secret", host: fake.url });
    await expect(wrongSecret.publish({ key: "app-key", cluster: "eu" }, event)).rejects.toThrow(
      /^Pusher answered 401: Invalid signature/,
    );
    const right = pusherPublisher({ appId: "4242", secret: "app-secret", host: fake.url });
    await expect(right.publish({ key: "other-key", cluster: "eu" }, event)).rejects.toThrow(
      "Pusher answered 401: Unknown auth_key",
    );
    const stale = pusherPublisher({
      appId: "4242",
      secret: "app-secret",
      host: fake.url,
      now: () => Date.now() - 700_000,
    });
    await expect(stale.publish({ key: "app-key", cluster: "eu" }, event)).rejects.toThrow(
      /^Pusher answered 401: Timestamp expired/,
    );
    const otherApp = pusherPublisher({ appId: "99", secret: "app-secret", host: fake.url });
    await expect(otherApp.publish({ key: "app-key", cluster: "eu" }, event)).rejects.toThrow("Pusher answered 404");
    await expect(right.publish({ key: "app-key", cluster: "eu" }, { ...event, channel: "order abc" })).rejects.toThrow(
      "Pusher answered 400: Invalid channel names",
    );
  });
});
