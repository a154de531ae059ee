import { describe, expect, it } from "vitest";
import { BANNER_ID_PATTERN, closedBannerId, headerBannerId, showsHeaderBanner } from "./header-banner";

const banner = { showBanner: true, content: "Free delivery this weekend", showCloseButton: true };

describe("the header banner's dismissal", () => {
  it("fingerprints the announcement's text: the same text the same id, another text another", () => {
    const id = headerBannerId(banner.content);
    expect(id).toMatch(BANNER_ID_PATTERN);
    expect(headerBannerId(`  ${banner.content} `)).toBe(id);
    expect(headerBannerId("Free delivery next weekend")).not.toBe(id);
  });

  it("takes only a well-formed fingerprint from the cookie", () => {
    expect(closedBannerId("abc123")).toBe("abc123");
    expect(closedBannerId("")).toBeNull();
    expect(closedBannerId(undefined)).toBeNull();
    expect(closedBannerId("ABC")).toBeNull();
    expect(closedBannerId("a".repeat(9))).toBeNull();
    expect(closedBannerId("x;y")).toBeNull();
  });

  it("shows a banner that is on, has text and was not closed", () => {
    expect(showsHeaderBanner(banner, null)).toBe(true);
    expect(showsHeaderBanner({ ...banner, showBanner: false }, null)).toBe(false);
    expect(showsHeaderBanner({ ...banner, content: "  " }, null)).toBe(false);
  });

  it("stays closed once this announcement is closed, and a new announcement shows again", () => {
    const closed = headerBannerId(banner.content);
    expect(showsHeaderBanner(banner, closed)).toBe(false);
    expect(showsHeaderBanner({ ...banner, content: "Now open Sundays" }, closed)).toBe(true);
  });

  it("ignores an old dismissal when the banner has no close button", () => {
    expect(showsHeaderBanner({ ...banner, showCloseButton: false }, headerBannerId(banner.content))).toBe(true);
  });
});
