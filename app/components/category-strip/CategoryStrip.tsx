import { Link } from "react-router";
import { categoryPath } from "~/models/store-paths";
import * as styles from "./CategoryStrip.css";

export interface CategoryStripProps {
  storeSlug: string;
  categories: { id: number; slug: string; name: string }[];
  /** The category whose page this is, marked as the current page; none on the store's home. */
  currentId?: number;
}

/** UX.md "Category page": the store's categories as a row of links the shopper scrolls sideways. */
export function CategoryStrip({ storeSlug, categories, currentId }: CategoryStripProps) {
  if (!categories.length) return null;
  return (
    <nav aria-label="Categories" className={styles.strip}>
      <ul className={styles.list}>
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={categoryPath(storeSlug, c.slug)}
              className={c.id === currentId ? styles.current : styles.other}
              aria-current={c.id === currentId ? "page" : undefined}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
