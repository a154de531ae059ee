import { describe, expect, it } from "vitest";
import {
  describeError,
  documentStatus,
  errorDescription,
  errorTitle,
  failureText,
  isUnavailablePage,
  logFailure,
  notFoundMessage,
  unavailablePage,
} from "./error-page";
import { ErrorResponseImpl } from "./test-support/error-response";

describe("error page texts (spec 1 §2, §8)", () => {
  it("has the three descriptions word for word", () => {
    expect(errorDescription(404)).toBe(
      "Either this page no longer exists, or there's a typo in the web address. Click below for something more interesting.",
    );
    expect(errorDescription(500)).toBe(
      "Sorry, something went wrong on our end. Please try again later, or contact support if the problem continues.",
    );
    expect(errorDescription(403)).toBe("An unexpected error occurred. Please try again later.");
    expect(errorDescription(503)).toBe("An unexpected error occurred. Please try again later.");
  });
  it("titles a 404 'Page Not Found'", () => {
    expect(errorTitle(404)).toBe("Page Not Found");
    expect(notFoundMessage("/nope")).toBe("Page Not Found: /nope");
  });
  it("shows a thrown response's message and status", () => {
    expect(describeError(new ErrorResponseImpl(404, "Not Found", { message: "Page Not Found: /x" }))).toEqual({
      status: 404,
      message: "Page Not Found: /x",
    });
    expect(describeError(new ErrorResponseImpl(403, "Forbidden", "No entry"))).toEqual({
      status: 403,
      message: "No entry",
    });
  });
  it("never shows an unexpected error's own message", () => {
    expect(describeError(new Error("connect ECONNREFUSED 10.0.0.1:5432"))).toEqual({
      status: 500,
      message: "There was an error on the system. Please try again.",
    });
  });
});

describe("the 'try again in a moment' page (503)", () => {
  it("says so in its heading, with Retry-After, and is never cached", () => {
    const page = unavailablePage();
    expect(page.data).toEqual({ message: "The shop cannot be reached for a moment. Please try again." });
    expect(page.init).toMatchObject({ status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
    expect(isUnavailablePage(page)).toBe(true);
    expect(describeError(new ErrorResponseImpl(503, "Service Unavailable", page.data))).toEqual({
      status: 503,
      message: page.data.message,
    });
  });
  it("is told apart from other errors", () => {
    expect(isUnavailablePage(new ErrorResponseImpl(503, "Service Unavailable", {}))).toBe(true);
    expect(isUnavailablePage(new ErrorResponseImpl(500, "Error", {}))).toBe(false);
    expect(isUnavailablePage(new Error("boom"))).toBe(false);
    expect(isUnavailablePage(null)).toBe(false);
  });
  it("is sent as a 503 even after a form refused with a 400, when the page's loaders could not be answered", () => {
    const shown = {
      "routes/checkout/card-form": new ErrorResponseImpl(503, "Service Unavailable", unavailablePage().data),
    };
    expect(documentStatus(400, shown)).toBe(503);
    expect(documentStatus(200, shown)).toBe(503);
    expect(documentStatus(500, shown)).toBe(500);
    expect(documentStatus(400, { "routes/checkout/card-form": new ErrorResponseImpl(404, "Not Found", {}) })).toBe(400);
    expect(documentStatus(400, null)).toBe(400);
    expect(documentStatus(200, undefined)).toBe(200);
  });
  it("is named in log lines, as other failures are by their message", () => {
    expect(failureText(unavailablePage())).toBe("the platform cannot answer for now (503)");
    expect(failureText(new Error("boom"))).toBe("boom");
    const lines: string[] = [];
    const log = {
      warn: (event: string) => lines.push(`warn ${event}`),
      error: (event: string) => lines.push(`error ${event}`),
    };
    logFailure(log, "content.global_failed", unavailablePage());
    logFailure(log, "content.global_failed", new Error("boom"));
    expect(lines).toEqual(["warn content.global_failed", "error content.global_failed"]);
  });
});
