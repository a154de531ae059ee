import type { Route } from "./+types/brand";
import { ContentArticle } from "~/components/content-page/ContentArticle";
import { seoMeta } from "~/models/seo";
import { appContext } from "~/services/context";
import { findBySlug } from "~/services/content.server";
import { foundOr404, pageSeo, readContent, warnIfEmpty, companyName } from "./content-page.server";
import * as styles from "./content.css";

/** A brand page (spec 1 §2 "/brand/_"): an entry of branding-pages by slug, with its picture. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const path = new URL(request.url).pathname;
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const what = { type: "branding-pages", path };
  const [page, company] = await readContent(log, what, () =>
    Promise.all([slug ? findBySlug(platform, "branding-pages", slug) : null, companyName(platform)]),
  );
  const found = foundOr404(page, path);
  warnIfEmpty(log, what, found.blocks.length === 0);
  return {
    page: found,
    seo: pageSeo(
      request,
      config.publicUrl,
      { ...found, seo: { ...found.seo, image: found.seo.image ?? found.image } },
      { companyName: company },
    ),
  };
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const image = page.image ? (
    <img
      className={styles.brandImage}
      src={page.image.url}
      alt={page.image.alternativeText}
      width={page.image.width ?? undefined}
      height={page.image.height ?? undefined}
    />
  ) : null;
  return <ContentArticle title={page.title} subTitle={page.subTitle} blocks={page.blocks} lead={image} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
