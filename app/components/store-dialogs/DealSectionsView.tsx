import { Link } from "react-router";
import { sectionProgressText, type SectionProgress } from "~/models/deal-progress";
import { formatPence } from "~/models/money";
import * as s from "./StoreDialogs.css";

/** What the deal sections page's loader answers: the deal, each section's progress, what the basket completes. */
export interface DealSectionsData {
  deal: { name: string; price: number; description: string | null };
  dealHref: string;
  sections: SectionProgress[];
  completed: { times: number; saving: number } | null;
  symbol: string;
}

/**
 * A multi-section deal explained (spec 2 §2 modals, "multi-section discount"): one deal takes so many items from each
 * section; each section says how many the basket holds towards the next deal. The page's and the dialog's body.
 */
export function DealSectionsView({ data }: { data: DealSectionsData }) {
  const { deal, sections, completed, symbol } = data;
  const sectionWords = sections.map((section) => `${section.quantity} from ${section.name}`).join(", ");
  return (
    <>
      <p className={s.lead}>
        {deal.name} is {formatPence(deal.price, { symbol })} for {sectionWords}.
      </p>
      {completed ? (
        <p className={s.lead}>
          Your basket completes it {completed.times === 1 ? "once" : `${completed.times} times`}, saving{" "}
          {formatPence(completed.saving, { symbol })}.
          {sections.some((section) => section.chosen > 0) ? " Towards another:" : null}
        </p>
      ) : null}
      <ul className={s.list} aria-label="Sections of the deal">
        {sections.map((section) => (
          <li key={section.id} className={s.section}>
            <span className={s.sectionName}>{section.name}</span>
            <span className={section.chosen >= section.quantity ? s.done : undefined}>
              {sectionProgressText(section)}
            </span>
          </li>
        ))}
      </ul>
      <Link to={data.dealHref} className={s.link}>
        Choose items for {deal.name}
      </Link>
    </>
  );
}
