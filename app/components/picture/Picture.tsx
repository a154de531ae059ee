import { imageUrl, isOptimisable, snapWidth, srcSetWidths, type ImageFit } from "~/models/images";
import * as styles from "./Picture.css";

export interface PictureProps {
  /** A site path ("/catalogue/bakery.svg") or an absolute URL; site paths in the image folders are optimised. */
  src: string;
  /** Empty for a decorative image (the name beside it says the same). */
  alt: string;
  /** The largest size it is shown at, in CSS pixels: reserves the space before it loads (no layout shift). */
  width: number;
  height: number;
  /** How wide it is shown at each viewport, for the browser's choice from the srcSet; its largest width by default. */
  sizes?: string;
  /** The page's main image (the first hero banner): loaded at once, ahead of other images. */
  priority?: boolean;
  preset?: "banner";
  fit?: ImageFit;
  className?: string;
}

/**
 * An image through the optimisation route (spec 1 §7): WebP at the spec's widths for 1x and 2x screens, lazy unless
 * it is the page's main image, decoded off the main thread.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  preset,
  fit = "cover",
  className,
}: PictureProps) {
  const classes = [styles.picture, fit === "cover" ? null : styles.contain, className].filter(Boolean).join(" ");
  const common = {
    width,
    height,
    className: classes,
    loading: priority ? ("eager" as const) : ("lazy" as const),
    decoding: priority ? ("auto" as const) : ("async" as const),
    ...(priority ? { fetchPriority: "high" as const } : {}),
  };
  if (!isOptimisable(src)) return <img src={src} alt={alt} {...common} />;
  const at = (w: number) => imageUrl(src, { width: w, height: Math.round((w * height) / width), fit, preset });
  const srcSet = srcSetWidths(width)
    .map((w) => `${at(w)} ${w}w`)
    .join(", ");
  return (
    <img
      src={at(snapWidth(width))}
      srcSet={srcSet}
      sizes={sizes ?? `(max-width: ${width}px) 100vw, ${width}px`}
      alt={alt}
      {...common}
    />
  );
}
