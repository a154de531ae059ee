import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import type { Banner } from "#contract/banners";
import { Picture } from "~/components/picture/Picture";
import { bannerPath } from "~/models/store-paths";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./Banners.css";
import { BANNER_EVENT_PATH, sendBannerEvent } from "./use-banner-impressions";

/** The banner's link: through the event route, which records the click and redirects (so it works without script). */
export function bannerClickHref(storeSlug: string, banner: Pick<Banner, "id" | "slug">): string {
  return `${BANNER_EVENT_PATH}?${new URLSearchParams({ click: String(banner.id), to: bannerPath(storeSlug, banner.slug) })}`;
}

/**
 * Without script, the banners a page shows are counted by this image, which only a browser without script fetches;
 * with script they are counted when seen (useBannerImpressions). So each view counts once whichever way it ran.
 */
export function NoScriptImpressions({ banners }: { banners: Pick<Banner, "id">[] }) {
  if (!banners.length) return null;
  return (
    <noscript>
      <img
        src={`${BANNER_EVENT_PATH}?display=${banners.map((b) => b.id).join(",")}`}
        alt=""
        width={1}
        height={1}
        className={visuallyHidden}
      />
    </noscript>
  );
}

/**
 * How wide a banner's picture is shown (Banners.css.ts): in a row, 88 % of the content box (the page less its 16 px
 * gutters) up to 560 px; alone, the whole content box up to 800 px. So a phone's browser picks the smallest picture
 * that is sharp on its screen (at 375 px and 2x: 640 wide rather than 768), and a lone banner on a desktop is not
 * drawn from a picture made for 560 px.
 */
export const BANNER_SIZES = "(min-width: 670px) 560px, calc(88vw - 28px)";
export const SINGLE_BANNER_SIZES = "(min-width: 832px) 800px, calc(100vw - 32px)";

export interface BannerListProps {
  banners: Banner[];
  storeSlug: string;
  /** What the list is, for screen readers ("Offers", "More offers"). */
  label: string;
  /** The heading level of each banner's title. */
  headingLevel?: 2 | 3;
  /** The first banner is the page's main image: loaded at once with high priority. */
  priorityFirst?: boolean;
  /** From the page's useBannerImpressions: registers each banner for impression counting. */
  track: (element: HTMLElement | null) => void;
}

/** Hero or secondary banners as a horizontally scrollable list; each opens the banner's page. */
export function BannerList({
  banners,
  storeSlug,
  label,
  headingLevel = 2,
  priorityFirst = false,
  track,
}: BannerListProps) {
  const navigate = useNavigate();
  const csrf = useAuthenticityToken();
  if (!banners.length) return null;
  const Heading = `h${headingLevel}` as "h2";

  const onClick = (event: MouseEvent<HTMLAnchorElement>, banner: Banner) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    // With script: the click is sent as a beacon and the banner page opens without a full page load.
    event.preventDefault();
    sendBannerEvent(csrf, { click: String(banner.id) });
    void navigate(bannerPath(storeSlug, banner.slug));
  };

  return (
    <section aria-label={label}>
      <ul className={banners.length === 1 ? `${styles.list} ${styles.single}` : styles.list}>
        {banners.map((banner, index) => (
          <li
            key={banner.id}
            className={styles.item}
            ref={track}
            data-banner-id={banner.id}
            data-display-seconds={banner.displaySeconds ?? undefined}
          >
            <a
              href={bannerClickHref(storeSlug, banner)}
              className={styles.card}
              onClick={(event) => onClick(event, banner)}
            >
              {banner.image ? (
                <Picture
                  src={banner.image}
                  alt=""
                  width={800}
                  height={400}
                  preset="banner"
                  priority={priorityFirst && index === 0}
                  sizes={banners.length === 1 ? SINGLE_BANNER_SIZES : BANNER_SIZES}
                  className={styles.image}
                />
              ) : null}
              <div className={styles.text}>
                <Heading className={styles.title}>{banner.title}</Heading>
                {banner.body ? <p className={styles.body}>{banner.body}</p> : null}
              </div>
            </a>
          </li>
        ))}
      </ul>
      <NoScriptImpressions banners={banners} />
    </section>
  );
}
