import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { appContext, shopperContext } from "~/services/context";
import { loadSingle } from "~/services/content.server";
import { singleStoreTarget } from "~/shopper/single-store.server";
import * as styles from "./home.css";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const single = await singleStoreTarget(services, context.get(shopperContext));
  if (single) throw redirect(single, 302);
  return { home: await loadSingle(services.platform, "home") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {home.heroTitle}
        </h1>
        {home.heroSubtitle ? <p className={styles.subtitle}>{home.heroSubtitle}</p> : null}
        <div className={styles.search}>
          {home.searchTitle ? <h2 className={styles.searchTitle}>{home.searchTitle}</h2> : null}
          <ShopSearch />
        </div>
        {home.heroImage ? (
          <img
            className={styles.image}
            src={home.heroImage.url}
            alt={home.heroImage.alternativeText}
            width={home.heroImage.width ?? undefined}
            height={home.heroImage.height ?? undefined}
          />
        ) : null}
      </section>
      {home.features.length ? (
        <section aria-labelledby="how-it-works">
          <h2 id="how-it-works" className={styles.sectionTitle}>
            How it works
          </h2>
          <ol className={styles.features}>
            {home.features.map((f) => (
              <li key={f.title} className={styles.feature}>
                <h3 className={styles.featureTitle}>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const seo = loaderData?.home.seo;
  const company = (matches[0]?.data as { site?: { companyName?: string } } | undefined)?.site?.companyName ?? "";
  return [
    { title: seo?.title || company },
    ...(seo?.description ? [{ name: "description", content: seo.description }] : []),
  ];
}
