import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalRequest, signAwsRequest } from "./sigv4";

// AWS's worked example of Signature Version 4 (IAM ListUsers, 30 August 2015, the documentation's example keys).
const EXAMPLE = {
  url: new URL("https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08"),
  headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
  credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  now: new Date("2015-08-30T12:36:00Z"),
};

describe("Signature Version 4", () => {
  it("builds AWS's example canonical request", () => {
    const { text, signedHeaders } = canonicalRequest(
      "GET",
      EXAMPLE.url,
      { ...EXAMPLE.headers, host: "iam.amazonaws.com", "x-amz-date": "20150830T123600Z" },
      "",
    );
    expect(signedHeaders).toBe("content-type;host;x-amz-date");
    expect(createHash("sha256").update(text).digest("hex")).toBe(
      "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59",
    );
  });

  it("signs AWS's example request with its documented signature", () => {
    const headers = signAwsRequest({ method: "GET", body: "", region: "us-east-1", service: "iam", ...EXAMPLE });
    expect(headers["x-amz-date"]).toBe("20150830T123600Z");
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, " +
        "SignedHeaders=content-type;host;x-amz-date, " +
        "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7",
    );
  });

  it("signs a session token when there is one", () => {
    const headers = signAwsRequest({
      method: "POST",
      body: "{}",
      region: "eu-west-2",
      service: "logs",
      ...EXAMPLE,
      credentials: { ...EXAMPLE.credentials, sessionToken: "tok" },
    });
    expect(headers["x-amz-security-token"]).toBe("tok");
    expect(headers.authorization).toContain("SignedHeaders=content-type;host;x-amz-date;x-amz-security-token,");
  });
});
