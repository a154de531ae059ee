import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/orders-reorder";
import { MemberPage } from "~/components/member/MemberArea";
import { ReorderExplanation } from "~/components/member/OrderParts";
import * as s from "~/components/member/Orders.css";
import * as forms from "~/styles/forms.css";
import { memberOrder, orderAgain } from "./orders.server";

/** 'Order again' confirmed on a page of its own (without script; the order's page opens it as a dialog with script). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const order = await memberOrder(context, request, params.orderId);
  return { businessOrderId: order.businessOrderId, storeName: order.store.storeName };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return orderAgain(context, request, params.orderId);
}

export default function Reorder({ loaderData }: Route.ComponentProps) {
  const { businessOrderId, storeName } = loaderData;
  const orderPath = `/member/orders/${businessOrderId}`;
  return (
    <MemberPage title="Order again?" lead={`Order ${businessOrderId} from ${storeName}.`}>
      <ReorderExplanation storeName={storeName} />
      <Form method="post" action={`${orderPath}/reorder`}>
        <AuthenticityTokenInput />
        <div className={s.actions}>
          <button type="submit" className={forms.button.primary}>
            Add the items to my basket
          </button>
          <Link className={forms.button.secondary} to={orderPath}>
            Cancel
          </Link>
        </div>
      </Form>
    </MemberPage>
  );
}

export function meta() {
  return [{ title: "Order again?" }];
}
