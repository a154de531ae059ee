import { BackLink } from "~/components/back-link/BackLink";
import type { BasketAnswer } from "~/components/basket-summary/BasketForm";
import { OrderNotAdded } from "~/components/member/OrderParts";
import type { BasketPageData } from "~/models/route-data";
import { EmptyBasket, NoStore } from "./EmptyBasket";
import { FilledBasket } from "./FilledBasket";

/**
 * The basket page (spec 2 §2 basket): the way back, then no store chosen, an empty basket, or the basket. The items an
 * 'Order again' or a deep link could not add are listed above it, once.
 */
export function BasketPage({ data, answer }: { data: BasketPageData; answer: BasketAnswer | undefined }) {
  const back = <BackLink href={data.backHref} />;
  if (data.kind === "no-store") {
    return (
      <>
        {back}
        <NoStore refused={answer} />
      </>
    );
  }
  const { store, basket } = data;
  const notAdded = <OrderNotAdded items={data.notAdded.items} from={data.notAdded.from} />;
  if (!basket || basket.items.length === 0) {
    return (
      <>
        {back}
        {notAdded}
        <EmptyBasket storeName={store.name} storeSlug={store.slug} notice={store.notice} refused={answer} />
      </>
    );
  }
  return (
    <>
      {back}
      {notAdded}
      <FilledBasket data={data} basket={basket} coupon={answer?.coupon ?? null} points={answer?.points ?? null} />
    </>
  );
}
