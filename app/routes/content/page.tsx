import type { Route } from "./+types/page";
import { RichText } from "~/components/rich-text/RichText";
import { appContext } from "~/services/context";
import { loadBySlug } from "~/services/content.server";
import { prose } from "~/styles/global.css";

/**
 * The catch-all content page (spec 1 §2 "/{slug...}"): a page from the content system at any depth, addressed by
 * its slug path. Anything without a page is the 404 error page, 'Page Not Found: {path}'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { platform } = context.get(appContext);
  const path = new URL(request.url).pathname;
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const page = await loadBySlug(platform, "pages", slug, path);
  return { page };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className={prose}>
      <h1>{page.title}</h1>
      {page.subTitle ? <p>{page.subTitle}</p> : null}
      <RichText blocks={page.blocks} />
    </article>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  if (!page) return [];
  return [
    { title: page.seo.title || page.title },
    ...(page.seo.description ? [{ name: "description", content: page.seo.description }] : []),
  ];
}
