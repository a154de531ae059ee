import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { BoardOrder, type BoardOrderView } from "./BoardOrder";

const order: BoardOrderView = {
  businessOrderId: "10042",
  status: "sent_to_store",
  nextStatus: "store_accepted_picking",
  canComplete: false,
  completed: false,
  type: "Collection",
  when: "Tuesday 3 June, 11:00 – 11:30",
  customer: "Robin Shopper",
  phone: "07700 900 123",
  email: "robin.shopper@example.com",
  address: null,
  instructions: null,
  campaign: null,
  lines: [{ key: "l1", name: "Semi-Skimmed Milk 2 Pints", variant: null, quantity: 2, price: 250 }],
  items: 2,
  total: "£2.50",
  payment: "Cash",
  placedAt: "10:02",
};

function render(view: BoardOrderView): string {
  const Stub = createRoutesStub([
    {
      path: "/staff",
      Component: () => (
        <AuthenticityTokenProvider token="t">
          <BoardOrder order={view} storeId={1} />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/staff"]} />);
}

describe("an order on the staff board", () => {
  it("names the marketing campaign that brought it (issue 20)", () => {
    expect(render({ ...order, campaign: "winter" })).toMatch(/<dt>Campaign<\/dt><dd>winter<\/dd>/);
  });
  it("says nothing of a campaign when there was none", () => {
    expect(render(order)).not.toContain("Campaign");
  });
});
