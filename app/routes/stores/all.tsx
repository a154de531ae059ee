import { href, Link } from "react-router";
import type { Route } from "./+types/all";
import { api } from "#contract";
import { shopperContext } from "~/services/context";
import * as styles from "~/styles/pages.css";
import { storePath } from "~/models/store-paths";

/** Every store, by town (the spec's "store-all" route). */
export async function loader({ context }: Route.LoaderArgs) {
  const { stores } = await context.get(shopperContext).api.call(api.listStores, {});
  const towns = new Map<string, typeof stores>();
  for (const store of stores) towns.set(store.town, [...(towns.get(store.town) ?? []), store]);
  return { towns: [...towns.entries()].map(([town, list]) => ({ town, stores: list })) };
}

export default function AllStores({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>All our stores</h1>
      <p>
        Looking for the stores that deliver to you? <Link to={href("/stores-near-by")}>Search by postcode</Link>.
      </p>
      {loaderData.towns.map(({ town, stores }) => (
        <section key={town} aria-labelledby={`town-${town}`}>
          <h2 id={`town-${town}`} className={styles.sectionTitle}>
            {town}
          </h2>
          <ul>
            {stores.map((s) => (
              <li key={s.id}>
                <Link to={storePath(s.slug)}>{s.storeName}</Link>, {s.address.addressLine1}, {s.address.postcode}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function meta() {
  return [{ title: "All our stores" }];
}
