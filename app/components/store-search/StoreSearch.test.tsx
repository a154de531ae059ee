import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { RecentSearch } from "~/models/recent-searches";
import { StoreSearch, type StoreSearchProps } from "./StoreSearch";

const base: StoreSearchProps = {
  mode: "postcode",
  action: "/location",
  redirectTo: "/stores-near-by",
  csrf: "csrf-token-1",
  recent: [],
  suggestUrl: "/location/suggestions",
  deviceLocation: "postcode",
};

/** The server's HTML, as a browser with JavaScript off receives it. */
function render(props: Partial<StoreSearchProps> = {}): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <StoreSearch {...base} {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

function tag(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  expect(match, String(pattern)).not.toBeNull();
  return match![0];
}

function attr(element: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1] ?? null;
}

function forms(html: string): string[] {
  return html.match(/<form\b[\s\S]*?<\/form>/g) ?? [];
}

function hidden(form: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input type="hidden"[^>]*>/g) ?? [])
    fields[attr(input, "name")!] = attr(input, "value")!;
  return fields;
}

describe("StoreSearch, postcode mode, without JavaScript", () => {
  const html = render();
  const form = forms(html)[0]!;
  const input = tag(html, /<input[^>]*name="postcode"[^>]*>/);

  it("is a plain form post to the location route carrying csrf, intent and the way back", () => {
    expect(form).toMatch(/^<form[^>]*action="\/location"[^>]*method="post"/);
    expect(hidden(form)).toEqual({ csrf: "csrf-token-1", intent: "postcode", redirectTo: "/stores-near-by" });
  });

  it("has a postcode field of at most 8 characters, with a visible label", () => {
    expect(attr(input, "type")).toBe("text");
    expect(attr(input, "maxLength")).toBe("8");
    expect(attr(input, "autoComplete")).toBe("postal-code");
    expect(attr(input, "autoCapitalize")).toBe("characters");
    expect(attr(input, "spellCheck")).toBe("false");
    expect(attr(input, "placeholder")).toBe("Postcode");
    const id = attr(input, "id")!;
    expect(html).toContain(`<label for="${id}" class="${attr(tag(html, /<label[^>]*>/), "class")}">Postcode</label>`);
  });

  it("submits with a 'Find stores' button", () => {
    expect(form).toMatch(/<button type="submit"[^>]*>Find stores<\/button>/);
  });

  it("leaves 'Use my location' out until script has found geolocation", () => {
    expect(html).not.toContain("Use my location");
    expect(html).not.toContain("Locating");
  });

  it("marks nothing invalid when there is no error", () => {
    expect(attr(input, "aria-invalid")).toBeNull();
    expect(attr(input, "aria-describedby")).toBeNull();
  });

  it("shows the last postcode and a configured placeholder", () => {
    const own = tag(
      render({ defaultPostcode: "SW1A 1AA", postcodePlaceholder: "e.g. SW1A 1AA" }),
      /<input[^>]*name="postcode"[^>]*>/,
    );
    expect(attr(own, "value")).toBe("SW1A 1AA");
    expect(attr(own, "placeholder")).toBe("e.g. SW1A 1AA");
  });

  it("writes no style attribute, which the Content-Security-Policy forbids", () => {
    expect(html).not.toMatch(/\sstyle=/);
  });
});

describe("StoreSearch field errors", () => {
  it("ties the error to the input with aria-describedby and aria-invalid, word for word", () => {
    const html = render({ error: "XY1 2 is not a valid postcode", defaultPostcode: "XY1 2" });
    const input = tag(html, /<input[^>]*name="postcode"[^>]*>/);
    expect(attr(input, "aria-invalid")).toBe("true");
    const describedBy = attr(input, "aria-describedby")!;
    const message = tag(html, new RegExp(`<p id="${describedBy}"[^>]*>[\\s\\S]*?</p>`));
    expect(message.replace(/<[^>]+>/g, "")).toBe("Error: XY1 2 is not a valid postcode");
    // The message sits between the label and the field, as GOV.UK forms do.
    expect(html.indexOf(">Postcode</label>")).toBeLessThan(html.indexOf(message));
    expect(html.indexOf(message)).toBeLessThan(html.indexOf(input));
  });

  it("shows the empty-field message", () => {
    expect(render({ error: "Please enter a valid postcode" })).toContain("</span>Please enter a valid postcode</p>");
  });
});

describe("StoreSearch, address mode, without JavaScript", () => {
  const html = render({ mode: "address" });
  const input = tag(html, /<input[^>]*name="addressQuery"[^>]*>/);

  it("is a text search posting intent address-search", () => {
    expect(hidden(forms(html)[0]!)).toEqual({
      csrf: "csrf-token-1",
      intent: "address-search",
      redirectTo: "/stores-near-by",
    });
    expect(forms(html)[0]).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
  });

  it("labels the field 'Address' with the default placeholder", () => {
    expect(html).toContain(`<label for="${attr(input, "id")}"`);
    expect(html).toMatch(/>Address<\/label>/);
    expect(attr(input, "placeholder")).toBe("Enter your address");
    expect(
      attr(
        tag(render({ mode: "address", addressPlaceholder: "Street and town" }), /<input[^>]*name="addressQuery"[^>]*>/),
        "placeholder",
      ),
    ).toBe("Street and town");
  });

  it("is not a combobox until script can drive one (no aria-controls pointing at nothing)", () => {
    expect(attr(input, "role")).toBeNull();
    expect(html).not.toContain("aria-controls");
    expect(html).not.toContain('role="listbox"');
    expect(html).not.toContain("Use my location");
  });

  it("keeps the searched text in the field", () => {
    expect(
      attr(
        tag(render({ mode: "address", defaultAddressQuery: "10 Downing" }), /<input[^>]*name="addressQuery"[^>]*>/),
        "value",
      ),
    ).toBe("10 Downing");
  });

  it("says 'Unable to find location' on the field when a search matched nothing", () => {
    const none = render({ mode: "address", addressResults: [] });
    const field = tag(none, /<input[^>]*name="addressQuery"[^>]*>/);
    expect(attr(field, "aria-invalid")).toBe("true");
    expect(none).toMatch(new RegExp(`<p id="${attr(field, "aria-describedby")}"[^>]*>.*Unable to find location</p>`));
  });

  it("shows a message from the route instead, such as 'Unable to get address info, try another address.'", () => {
    expect(render({ mode: "address", error: "Unable to get address info, try another address." })).toContain(
      "</span>Unable to get address info, try another address.</p>",
    );
  });
});

describe("StoreSearch address results", () => {
  const results = [
    { description: "10 Downing Street, London, SW1A 2AA", placeId: "p-10", latitude: 51.5034, longitude: -0.1276 },
    { description: "Flat 1 & 2, Mill Lane, Leeds", placeId: "p-11", latitude: null, longitude: null },
  ];
  const html = render({ mode: "address", addressResults: results, defaultAddressQuery: "downing" });
  const choose = forms(html).slice(1);

  it("lists each match as its own form posting intent address-choose", () => {
    expect(html).toContain(">Choose your address</h2>");
    expect(choose).toHaveLength(2);
    expect(hidden(choose[0]!)).toEqual({
      csrf: "csrf-token-1",
      intent: "address-choose",
      redirectTo: "/stores-near-by",
      placeId: "p-10",
      description: "10 Downing Street, London, SW1A 2AA",
      latitude: "51.5034",
      longitude: "-0.1276",
    });
    expect(choose[0]).toMatch(/<button type="submit"[^>]*>10 Downing Street, London, SW1A 2AA<\/button>/);
  });

  it("leaves the coordinates out when the suggestion has none, so the route fetches the place details", () => {
    expect(hidden(choose[1]!)).toEqual({
      csrf: "csrf-token-1",
      intent: "address-choose",
      redirectTo: "/stores-near-by",
      placeId: "p-11",
      description: "Flat 1 &amp; 2, Mill Lane, Leeds",
    });
  });

  it("lists addresses found from the device position in postcode mode too", () => {
    expect(forms(render({ addressResults: results })).slice(1)).toHaveLength(2);
  });

  it("shows no error beside results", () => {
    expect(html).not.toContain("aria-invalid");
  });
});

describe("StoreSearch recent searches", () => {
  const recent: RecentSearch[] = [
    { postcode: "M1 1AE", address: null, timestamp: 3 },
    { postcode: "SW1A 2AA", address: "10 Downing Street, London", timestamp: 2 },
  ];

  it("offers each recent search again as a one-button form", () => {
    const html = render({ recent });
    expect(html).toContain(">Recent searches</p>");
    const [, postcode, address] = forms(html);
    expect(hidden(postcode!)).toEqual({
      csrf: "csrf-token-1",
      intent: "postcode",
      redirectTo: "/stores-near-by",
      postcode: "M1 1AE",
    });
    expect(postcode).toMatch(/<button type="submit"[^>]*>M1 1AE<\/button>/);
    expect(hidden(address!)).toEqual({
      csrf: "csrf-token-1",
      intent: "address-choose",
      redirectTo: "/stores-near-by",
      postcode: "SW1A 2AA",
      description: "10 Downing Street, London",
    });
    expect(address).toMatch(/<button type="submit"[^>]*>10 Downing Street, London<\/button>/);
  });

  it("names the list by its title", () => {
    const html = render({ recent });
    const title = tag(html, /<p id="[^"]+"[^>]*>Recent searches<\/p>/);
    expect(html).toContain(`aria-labelledby="${attr(title, "id")}"`);
  });

  it("shows nothing when there are none", () => {
    expect(render()).not.toContain("Recent searches");
  });
});
