import type { CreditEntryKind } from "#contract/referral-rules";

/*
 * The member's credit and referral screen (issue 20; spec 2 §2 "a credit and referral screen"): what the page shows,
 * as plain data, and the words of its history.
 */

export interface CreditHistoryView {
  kind: CreditEntryKind;
  /** Pence: positive for rewards, negative for spends. */
  amount: number;
  orderNumber: string | null;
  at: string;
}

export interface CreditPageData {
  balance: number;
  /** The member's share link, whole; null when there is no store for it to open. */
  shareLink: string | null;
  referrerCredit: number;
  newMemberCredit: number;
  referrals: { joined: number; ordered: number };
  history: CreditHistoryView[];
}

/** A history row's heading. */
export function creditEntryTitle(kind: CreditEntryKind): string {
  switch (kind) {
    case "referrer_reward":
      return "A friend you referred placed their first order";
    case "new_member_reward":
      return "Welcome credit for your first order";
    case "spend":
      return "Spent on an order";
  }
}

/** How many friends joined and ordered, in words. */
export function referralsText({ joined, ordered }: { joined: number; ordered: number }): string {
  if (joined === 0) return "No friends have joined through your link yet.";
  const friends = joined === 1 ? "1 friend has" : `${joined} friends have`;
  return `${friends} joined through your link; ${ordered} of them ${ordered === 1 ? "has" : "have"} placed a first order.`;
}

/** The e-mail a member can send from their own mail app (a mailto link: no script, nothing sent by us). */
export function shareMailto(link: string, companyName: string, newMemberCredit: string): string {
  const subject = `Shop at ${companyName} with me`;
  const body = `Register through my link and you get ${newMemberCredit} of credit once your first order is placed: ${link}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
