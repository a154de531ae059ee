import { data, href } from "react-router";
import type { Route } from "./+types/deal-sections";
import { api, idFromSlug } from "#contract";
import { BackLink } from "~/components/back-link/BackLink";
import { DealSectionsView, type DealSectionsData } from "~/components/store-dialogs/DealSectionsView";
import { dealProgress } from "~/models/deal-progress";
import { dealPath } from "~/models/store-paths";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { currentBasket } from "./slots.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as styles from "~/styles/pages.css";

/**
 * A multi-section deal's sections and the basket's progress through them: a page without script, and the data of the
 * basket's "multi-section discount" dialog with it (read with a fetcher, so an old slug text is not redirected: the id
 * after the last dash decides).
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<DealSectionsData> {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const dealId = idFromSlug(params.dealSlug);
  if (dealId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  let deal;
  try {
    ({ deal } = await shopper.shared.cached(api.getDeal, { storeId: details.id, dealId, fulfilmentMethod: method }));
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400))
      storeNotFound(shopper, request);
    if (error instanceof PlatformError)
      throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
  const basket = await currentBasket(shopper, details);
  const promotion = basket?.promotions.find((p) => p.id === deal.id) ?? null;
  return {
    deal: { name: deal.name, price: deal.price, description: deal.description },
    dealHref: dealPath(details.slug, deal.slug),
    sections: dealProgress(deal.sections, basket?.items ?? [], promotion?.times ?? 0),
    completed: promotion ? { times: promotion.times, saving: promotion.saving } : null,
    symbol: details.currency.symbolChar,
  };
}

export default function DealSections({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <BackLink href={href("/basket")} />
      <h1 className={styles.title}>{loaderData.deal.name}: your progress</h1>
      <DealSectionsView data={loaderData} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: `${loaderData.deal.name}: your progress` }] : [];
}
