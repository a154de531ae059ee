import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { creditEntryTitle, shareMailto, type CreditHistoryView } from "~/models/credit";
import { historyDate } from "~/models/loyalty";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { MemberSection } from "./MemberArea";
import * as s from "./Loyalty.css";

/**
 * The member's share link: a read-only field anyone can select and copy, an e-mail from their own mail app, and — with
 * script, where the browser lets a page write the clipboard — a button that copies it.
 */
export function ShareLink({
  link,
  companyName,
  newMemberCredit,
}: {
  link: string;
  companyName: string;
  newMemberCredit: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const canCopy = hydrated && typeof navigator !== "undefined" && Boolean(navigator.clipboard);
  const copy = () => {
    navigator.clipboard.writeText(link).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  };
  return (
    <div className={f.formGroup}>
      <label className={f.label} htmlFor="share-link">
        Your link
      </label>
      <input
        className={f.input}
        id="share-link"
        name="shareLink"
        type="text"
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className={s.actions}>
        {canCopy ? (
          <button type="button" className={f.button.secondary} onClick={copy}>
            Copy link
          </button>
        ) : null}
        <a className={s.link} href={shareMailto(link, companyName, newMemberCredit)}>
          Send it by e-mail
        </a>
      </div>
      <p role="status" className={s.empty}>
        {copied === "yes"
          ? "Link copied."
          : copied === "failed"
            ? "The link could not be copied: select it and copy it yourself."
            : ""}
      </p>
    </div>
  );
}

/** Credit given and spent, newest first. */
export function CreditHistory({ history }: { history: readonly CreditHistoryView[] }) {
  return (
    <MemberSection id="credit-history" title="History">
      {history.length === 0 ? (
        <p className={s.empty}>Nothing yet.</p>
      ) : (
        <ul className={s.list}>
          {history.map((entry) => (
            <li key={`${entry.kind}-${entry.orderNumber ?? ""}-${entry.at}`} className={s.card}>
              <p className={s.cardTitle}>
                {creditEntryTitle(entry.kind)}: {entry.amount < 0 ? "−" : "+"}
                {formatPence(Math.abs(entry.amount))}
              </p>
              <p className={s.empty}>
                {entry.orderNumber ? `Order ${entry.orderNumber} · ` : ""}
                {historyDate(entry.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
