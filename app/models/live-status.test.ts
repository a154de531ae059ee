import { describe, expect, it } from "vitest";
import {
  isFinal,
  liveStatusMessage,
  liveStatusOf,
  parseLiveStatus,
  sameLiveStatus,
  sseComment,
  sseMessage,
} from "./live-status";

describe("the text/event-stream format", () => {
  it("writes an event's fields, one data line per line, and the blank line that ends it", () => {
    expect(sseMessage({ data: "hello" })).toBe("data: hello\n\n");
    expect(sseMessage({ event: "status", data: '{"a":1}' })).toBe('event: status\ndata: {"a":1}\n\n');
    expect(sseMessage({ event: "status", data: "one\ntwo\r\nthree", id: "7", retry: 5000 })).toBe(
      "retry: 5000\nid: 7\nevent: status\ndata: one\ndata: two\ndata: three\n\n",
    );
    expect(sseMessage({ data: "" })).toBe("data: \n\n");
  });

  it("refuses a line break in a field that would end it early", () => {
    expect(() => sseMessage({ event: "status\ndata: forged", data: "x" })).toThrow(
      "An event's event cannot hold a line break",
    );
    expect(() => sseMessage({ id: "1\n", data: "x" })).toThrow("An event's id cannot hold a line break");
  });

  it("writes comments on one line, so they never become data", () => {
    expect(sseComment("keep-alive")).toBe(": keep-alive\n\n");
    expect(sseComment("a\n\ndata: b")).toBe(": a data: b\n\n");
  });

  it("writes an order's state as a status event, with the reconnection delay when asked", () => {
    expect(liveStatusMessage({ status: "picked", completed: false })).toBe(
      'event: status\ndata: {"status":"picked","completed":false}\n\n',
    );
    expect(liveStatusMessage({ status: "picked", completed: true }, 5000)).toBe(
      'retry: 5000\nevent: status\ndata: {"status":"picked","completed":true}\n\n',
    );
  });
});

describe("an order's live state", () => {
  it("is its status, completed once the board marked it delivered or collected", () => {
    expect(liveStatusOf({ status: "en_route", completedAt: null })).toEqual({ status: "en_route", completed: false });
    expect(liveStatusOf({ status: "en_route", completedAt: "2025-06-02T10:00:00.000Z" })).toEqual({
      status: "en_route",
      completed: true,
    });
    expect(isFinal({ status: "picked", completed: true })).toBe(true);
    expect(isFinal({ status: "picked", completed: false })).toBe(false);
  });

  it("compares by status and completion", () => {
    expect(sameLiveStatus({ status: "picked", completed: false }, { status: "picked", completed: false })).toBe(true);
    expect(sameLiveStatus({ status: "picked", completed: false }, { status: "picked", completed: true })).toBe(false);
    expect(sameLiveStatus({ status: "picked", completed: false }, { status: "en_route", completed: false })).toBe(
      false,
    );
  });

  it("is read back from an event, and anything else is not taken for one", () => {
    expect(parseLiveStatus('{"status":"picked","completed":false}')).toEqual({ status: "picked", completed: false });
    expect(parseLiveStatus("not json")).toBeNull();
    expect(parseLiveStatus("null")).toBeNull();
    expect(parseLiveStatus('{"status":"picked"}')).toBeNull();
    expect(parseLiveStatus('{"status":3,"completed":false}')).toBeNull();
  });
});
