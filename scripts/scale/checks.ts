// What the database must hold after the run, read straight from PostgreSQL: no slot holds more places than its
// capacity, every approved charge has its placed order, no order (or basket) charged twice, and every journey's
// order holds exactly the lines the shopper added, with the coupon, paid the way the shopper paid.
import pg from "pg";
import type { PlacedJourney } from "./journey";

export interface Check {
  name: string;
  /** The figure printed (0 for a passed "none" check). */
  value: number;
  passed: boolean;
  /** A few examples of what failed. */
  details: string[];
}

/** The rows a check found, as a check that passes when there are none. */
function none(name: string, rows: Record<string, unknown>[]): Check {
  return {
    name,
    value: rows.length,
    passed: rows.length === 0,
    details: rows.slice(0, 5).map((row) => JSON.stringify(row)),
  };
}

interface OrderRow {
  business_order_id: string;
  state: string;
  payment_method: string | null;
  coupon_code: string | null;
  lines: { menuItemId: number; quantity: number }[];
}

/** Each finished journey against its order: the same items, one of each, the coupon, the way of paying. */
export function compareLines(journeys: PlacedJourney[], orders: Map<string, OrderRow>): string[] {
  const problems: string[] = [];
  for (const journey of journeys) {
    const order = orders.get(journey.orderNumber);
    if (!order) {
      problems.push(`order ${journey.orderNumber} (shopper ${journey.shopper}) is not in the database`);
      continue;
    }
    const wanted = [...journey.items].sort((a, b) => a - b).join(",");
    const got = order.lines
      .map((line) => line.menuItemId)
      .sort((a, b) => a - b)
      .join(",");
    const quantities = order.lines.filter((line) => line.quantity !== 1);
    if (order.state !== "placed") problems.push(`order ${journey.orderNumber} is ${order.state}, not placed`);
    if (wanted !== got) problems.push(`order ${journey.orderNumber} has items ${got}, the shopper added ${wanted}`);
    if (quantities.length > 0)
      problems.push(
        `order ${journey.orderNumber} has quantities ${quantities.map((line) => line.quantity).join(",")}, the shopper added one of each`,
      );
    if (order.coupon_code !== journey.coupon)
      problems.push(
        `order ${journey.orderNumber} has coupon ${order.coupon_code ?? "none"}, the shopper applied ${journey.coupon}`,
      );
    if (order.payment_method !== journey.payment)
      problems.push(
        `order ${journey.orderNumber} was paid by ${order.payment_method ?? "nothing"}, the shopper paid by ${journey.payment}`,
      );
  }
  return problems;
}

export async function databaseChecks(
  databaseUrl: string,
  journeys: PlacedJourney[],
): Promise<{ checks: Check[]; figures: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[];
    // Live holds per slot, the placed orders' own holds among them (an order keeps its place until the slot ends).
    const overbookedHolds = await rows(`
      select h.store_id, h.method, h.slot_start, count(*)::int as places, m.slot_capacity as capacity
      from slot_holds h join store_order_methods m on m.store_id = h.store_id and m.method = h.method
      where not h.is_asap and h.expires_at > now()
      group by h.store_id, h.method, h.slot_start, m.slot_capacity
      having count(*) > m.slot_capacity`);
    const overbookedOrders = await rows(`
      select o.store_id, o.fulfilment_method, o.slot_start, count(*)::int as orders, m.slot_capacity as capacity
      from orders o join store_order_methods m on m.store_id = o.store_id and m.method = o.fulfilment_method
      where o.state = 'placed' and o.timing <> 'asap'
      group by o.store_id, o.fulfilment_method, o.slot_start, m.slot_capacity
      having count(*) > m.slot_capacity`);
    const paymentsWithoutOrder = await rows(`
      select p.id, p.reference, p.amount from test_gateway_payments p
      where p.status = 'Authorized'
        and not exists (select 1 from orders o where o.draft_order_id = p.reference and o.state = 'placed')
      union all
      select 'attempt ' || a.id, o.draft_order_id, a.amount_pence from order_payments a join orders o on o.id = a.order_id
      where a.status = 'approved' and o.state <> 'placed'`);
    const chargedTwice = await rows(`
      select o.basket_token, count(distinct p.id)::int as charges from orders o
      join test_gateway_payments p on p.reference = o.draft_order_id and p.status = 'Authorized'
      group by o.basket_token having count(distinct p.id) > 1`);
    const orderedTwice = await rows(`
      select basket_token, count(*)::int as orders from orders where state = 'placed' group by basket_token having count(*) > 1`);
    const placed = (
      await client.query(`select business_order_id, state, payment_method, coupon_code, lines from orders`)
    ).rows as OrderRow[];
    const byNumber = new Map(placed.map((order) => [order.business_order_id, order]));
    const lineProblems = compareLines(journeys, byNumber);
    const claimed = new Set(journeys.map((journey) => journey.orderNumber));
    const unclaimed = placed.filter((order) => order.state === "placed" && !claimed.has(order.business_order_id));
    const figures = {
      placedOrders: placed.filter((order) => order.state === "placed").length,
      cashOrders: placed.filter((order) => order.state === "placed" && order.payment_method === "cash").length,
      cardOrders: placed.filter((order) => order.state === "placed" && order.payment_method === "card").length,
      liveHolds: Number(
        (await client.query(`select count(*)::int as n from slot_holds where expires_at > now()`)).rows[0]?.n ?? 0,
      ),
      approvedCharges: Number(
        (await client.query(`select count(*)::int as n from test_gateway_payments where status = 'Authorized'`)).rows[0]
          ?.n ?? 0,
      ),
    };
    return {
      figures,
      checks: [
        none("slots holding more places than their capacity (holds and orders)", overbookedHolds),
        none("slots with more placed orders than their capacity", overbookedOrders),
        none("approved payments without a placed order", paymentsWithoutOrder),
        none("baskets charged twice", chargedTwice),
        none("baskets with two placed orders", orderedTwice),
        {
          name: "journeys whose order differs from what the shopper added",
          value: lineProblems.length,
          passed: lineProblems.length === 0,
          details: lineProblems.slice(0, 5),
        },
        none(
          "placed orders no finished journey accounts for",
          unclaimed.map((order) => ({ order: order.business_order_id })),
        ),
      ],
    };
  } finally {
    await client.end();
  }
}
