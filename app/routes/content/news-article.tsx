import { Link } from "react-router";
import type { Route } from "./+types/news-article";
import { ContentArticle } from "~/components/content-page/ContentArticle";
import { newsDateText } from "~/models/news";
import { seoMeta } from "~/models/seo";
import { appContext } from "~/services/context";
import { findBySlug } from "~/services/content.server";
import { foundOr404, pageSeo, readContent, warnIfEmpty, companyName } from "./content-page.server";
import * as styles from "./content.css";

/** A news article (spec 1 §2 /news/{slug}). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const path = new URL(request.url).pathname;
  const what = { type: "news", path };
  const [article, company] = await readContent(log, what, () =>
    Promise.all([findBySlug(platform, "news", params.slug), companyName(platform)]),
  );
  const found = foundOr404(article, path);
  warnIfEmpty(log, what, found.blocks.length === 0);
  const seo = pageSeo(
    request,
    config.publicUrl,
    { ...found, subTitle: found.summary, seo: { ...found.seo, image: found.seo.image ?? found.image } },
    { companyName: company },
  );
  return { article: found, dateText: newsDateText(found.publishedDate), seo };
}

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const { article, dateText } = loaderData;
  const lead = (
    <p className={styles.date}>
      <time dateTime={article.publishedDate}>{dateText}</time>
    </p>
  );
  return (
    <>
      <ContentArticle title={article.title} subTitle={article.summary} blocks={article.blocks} lead={lead} />
      <p>
        <Link to="/news">Back to news</Link>
      </p>
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
