import type { Route } from "./+types/home";
import { appContext } from "~/services/context";
import { loadSingle } from "~/services/content.server";
import * as styles from "./home.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { platform } = context.get(appContext);
  return { home: await loadSingle(platform, "home") };
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
