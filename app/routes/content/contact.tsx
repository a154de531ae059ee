import type { Route } from "./+types/contact";
import { openStreetMapHref } from "~/models/contact";
import { seoMeta } from "~/models/seo";
import { visuallyHidden } from "~/styles/global.css";
import { appContext } from "~/services/context";
import { pageSeo, readContent, singleOrEmpty, warnIfEmpty, companyName } from "./content-page.server";
import * as styles from "./content.css";

/** The contact page (spec 1 §2 /contact, §3 Contact): address, phone, e-mail, opening hours and a map link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const what = { type: "contact", path: "/contact" };
  const [contact, company] = await readContent(log, what, () =>
    Promise.all([singleOrEmpty(platform, "contact"), companyName(platform)]),
  );
  warnIfEmpty(log, what, !contact.address && !contact.phoneNumber && !contact.email);
  const seo = pageSeo(
    request,
    config.publicUrl,
    { ...contact, seo: { title: "", description: "", image: null } },
    { companyName: company },
  );
  const map =
    contact.latitude !== null && contact.longitude !== null
      ? openStreetMapHref(contact.latitude, contact.longitude)
      : null;
  return { contact, map, seo };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contact, map } = loaderData;
  return (
    <div className={styles.page}>
      {contact.title ? <h1 className={styles.title}>{contact.title}</h1> : null}
      {contact.subTitle ? <p className={styles.subTitle}>{contact.subTitle}</p> : null}
      <dl className={styles.details}>
        {contact.address ? (
          <div>
            <dt>Address</dt>
            <dd>
              <address>{contact.address}</address>
              {map ? (
                <a className={styles.mapLink} href={map} rel="noopener noreferrer">
                  View on OpenStreetMap<span className={visuallyHidden}> (another site)</span>
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
        {contact.phoneNumber ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a className={styles.mapLink} href={`tel:${contact.phoneNumber.replace(/[^\d+]/g, "")}`}>
                {contact.phoneNumber}
              </a>
            </dd>
          </div>
        ) : null}
        {contact.email ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a className={styles.mapLink} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </dd>
          </div>
        ) : null}
        {contact.openingHours ? (
          <div>
            <dt>Opening hours</dt>
            <dd>{contact.openingHours}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
