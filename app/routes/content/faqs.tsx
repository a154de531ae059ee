import type { Route } from "./+types/faqs";
import { seoMeta } from "~/models/seo";
import { appContext } from "~/services/context";
import { pageSeo, readContent, singleOrEmpty, warnIfEmpty, companyName } from "./content-page.server";
import * as styles from "./content.css";

/**
 * FAQs (spec 1 §2 /faqs, §3 FAQ): each question is a <details> disclosure, so it opens and closes with or without
 * JavaScript, and the browser tells screen readers whether it is expanded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const what = { type: "faq", path: "/faqs" };
  const [faq, company] = await readContent(log, what, () =>
    Promise.all([singleOrEmpty(platform, "faq"), companyName(platform)]),
  );
  warnIfEmpty(log, what, faq.faqs.length === 0);
  const seo = pageSeo(
    request,
    config.publicUrl,
    { ...faq, seo: { title: "", description: "", image: null } },
    { companyName: company },
  );
  return { faq, seo };
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { faq } = loaderData;
  return (
    <div className={styles.page}>
      {faq.title ? <h1 className={styles.title}>{faq.title}</h1> : null}
      {faq.subTitle ? <p className={styles.subTitle}>{faq.subTitle}</p> : null}
      <div className={styles.faqList}>
        {faq.faqs.map((item) => (
          <details key={item.question} className={styles.faq}>
            <summary className={styles.question}>{item.question}</summary>
            <p className={styles.answer}>{item.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
