import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import { OrderCard, ordersPageQuery } from "~/components/member/OrderParts";
import * as s from "~/components/member/Orders.css";
import { orderLists, type OrderListKind, type OrderListPage } from "./orders.server";

/**
 * The member's orders (spec 2 §2 /member/orders): current ones (placed, not yet delivered or collected) and past ones,
 * five at a time. 'View more' is a link carrying the next page's cursor (?current= or ?past=), so it needs no script.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return orderLists(context, request);
}

const SECTIONS: { kind: OrderListKind; title: string; empty: string; more: string }[] = [
  { kind: "current", title: "Current orders", empty: "You have no current orders.", more: "View more current orders" },
  { kind: "past", title: "Past orders", empty: "You have no past orders yet.", more: "View more past orders" },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const pages: Record<OrderListKind, OrderListPage> = loaderData;
  const at = { current: pages.current.cursor, past: pages.past.cursor };
  return (
    <MemberPage
      title="Your orders"
      lead="Follow the orders on their way to you, see what you ordered before and order it again."
    >
      {SECTIONS.map((section) => {
        const page = pages[section.kind];
        return (
          <MemberSection key={section.kind} id={`${section.kind}-orders`} title={section.title}>
            {page.orders.length === 0 ? (
              <p className={s.empty}>{page.cursor ? "There are no more orders here." : section.empty}</p>
            ) : (
              <ul className={s.list}>
                {page.orders.map((order) => (
                  <OrderCard key={order.businessOrderId} order={order} />
                ))}
              </ul>
            )}
            {page.nextCursor || page.cursor ? (
              <p className={s.pager}>
                {page.nextCursor ? (
                  <Link
                    className={s.link}
                    to={ordersPageQuery({ ...at, [section.kind]: page.nextCursor })}
                    preventScrollReset
                  >
                    {section.more}
                  </Link>
                ) : null}
                {page.cursor ? (
                  <Link className={s.link} to={ordersPageQuery({ ...at, [section.kind]: null })} preventScrollReset>
                    Back to the newest {section.kind} orders
                  </Link>
                ) : null}
              </p>
            ) : null}
          </MemberSection>
        );
      })}
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Your orders" }];
}
