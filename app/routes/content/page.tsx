import type { Route } from "./+types/page";
import { ContentArticle } from "~/components/content-page/ContentArticle";
import { seoMeta } from "~/models/seo";
import { appContext } from "~/services/context";
import { findBySlug } from "~/services/content.server";
import { foundOr404, pageSeo, readContent, warnIfEmpty, companyName } from "./content-page.server";

/**
 * The catch-all content page (spec 1 §2 "/{slug...}"): a page from the content system at any depth, addressed by
 * its slug path (`/help/ordering/substitutions` is the page with that slug). Anything without a page is the 404 error
 * page, 'Page Not Found: {path}'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const path = new URL(request.url).pathname;
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const what = { type: "pages", path };
  const [page, company] = await readContent(log, what, () =>
    Promise.all([findBySlug(platform, "pages", slug), companyName(platform)]),
  );
  const found = foundOr404(page, path);
  warnIfEmpty(log, what, found.blocks.length === 0);
  return { page: found, seo: pageSeo(request, config.publicUrl, found, { companyName: company }) };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <ContentArticle title={page.title} subTitle={page.subTitle} blocks={page.blocks} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
