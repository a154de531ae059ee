import type { ReactNode } from "react";
import type { Block } from "#contract";
import { RichText } from "~/components/rich-text/RichText";
import { prose } from "~/styles/global.css";
import * as styles from "./ContentArticle.css";

export interface ContentArticleProps {
  title: string;
  subTitle?: string;
  blocks: Block[];
  /** Shown between the heading and the blocks: an article's date, a brand page's picture. */
  lead?: ReactNode;
}

/** A content page's title, subtitle and blocks (spec 1 §3 Page) as one article; an empty page is an empty article. */
export function ContentArticle({ title, subTitle, blocks, lead }: ContentArticleProps) {
  return (
    <article className={`${prose} ${styles.article}`}>
      {title ? <h1 className={styles.title}>{title}</h1> : null}
      {subTitle ? <p className={styles.subTitle}>{subTitle}</p> : null}
      {lead}
      <RichText blocks={blocks} />
    </article>
  );
}
