import { describe, expect, it } from "vitest";
import { expectShows } from "./shopper";

describe("expectShows", () => {
  const page =
    "<nav><span>Collection time</span><span>Tomorrow 09:00</span><a>Change<span> time</span></a>" +
    "<span>, <!-- -->10<!-- --> items</span></nav>";

  it("passes when the page's text shows every phrase and no refused one", () => {
    expect(() =>
      expectShows("store home", page, ["Change time", "10 items", /tomorrow/i], ["Pick a time"]),
    ).not.toThrow();
  });

  it("names what is missing and what should not be there", () => {
    expect(() => expectShows("store home", page, ["9 items"], ["Change time"])).toThrow(
      /missing 9 items; shows Change time/,
    );
  });
});
