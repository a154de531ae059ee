import { useEffect, useId } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  serialiseRecentSearches,
  type RecentSearch,
} from "~/models/recent-searches";
import { HiddenFields, type FormTarget } from "./FormParts";
import * as s from "./StoreSearch.css";

/** Reads browser storage, which may be switched off or full; the widget works the same without it. */
function readStoredRecent(): RecentSearch[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(RECENT_SEARCHES_KEY));
  } catch {
    return [];
  }
}

function writeStoredRecent(list: RecentSearch[]): void {
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, serialiseRecentSearches(list));
  } catch {
    // Storage refused: the cookie still carries the list.
  }
}

/** The shopper's recent searches, each a post that searches it again. */
export function RecentSearches({ recent, action, csrf, redirectTo }: { recent: RecentSearch[] } & FormTarget) {
  const titleId = useId();
  // The cookie's list is the server's truth; browser storage fills in when the cookie has gone.
  const hydrated = useHydrated();
  const list = recent.length || !hydrated ? recent : readStoredRecent();
  useEffect(() => {
    if (recent.length) writeStoredRecent(recent);
  }, [recent]);

  if (!list.length) return null;
  return (
    <div className={s.recent}>
      <p id={titleId} className={s.recentTitle}>
        Recent searches
      </p>
      <ul className={s.recentList} aria-labelledby={titleId}>
        {list.map((entry) => (
          <li key={`${entry.postcode ?? ""}|${entry.address ?? ""}`}>
            <Form method="post" action={action} className={s.inlineForm}>
              <HiddenFields
                csrf={csrf}
                redirectTo={redirectTo}
                intent={entry.address ? "address-choose" : "postcode"}
              />
              {entry.postcode ? <input type="hidden" name="postcode" value={entry.postcode} /> : null}
              {entry.address ? <input type="hidden" name="description" value={entry.address} /> : null}
              <button type="submit" className={s.recentButton}>
                {entry.address ?? entry.postcode}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
