// The bench and CI's budgets stage measure pages with shoppers they prepare through the storefront's own forms
// (scripts/bench/shopper.ts). When a form changes, that preparation must change with it: once the add form lost a
// field the bench looked for, CI's budgets stage found "only 0 items could be added" after the whole suite had passed.
// Here the guest shopper is prepared against the journeys' server, so such a change fails where it is made.
import { guestShopper } from "../scripts/bench/shopper";
import { expect, test } from "./fixtures";

test("the bench's guest shopper is prepared through the storefront's forms: a ten-line basket, a held time @once", async ({
  baseURL,
}) => {
  // One of tomorrow's later times, so the journeys holding the first ones are not crowded out.
  const session = await guestShopper(new URL(baseURL!).origin, 4);
  // guestShopper checks the store bar and the basket itself; here, that the session ends on checkout's payment step.
  const payment = await session.get("/checkout/payment");
  expect(payment).toMatch(/<h1[^>]*>Checkout Payment<\/h1>/);
});
