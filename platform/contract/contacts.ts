/*
 * Contact details as every module reads them: checkout's contact step and the auth module's registration and
 * sign-in by mobile normalise and mask the same way.
 */

/**
 * A UK mobile number in its national form ("07700900982"), or null when it is not one. Spaces, dashes, dots and
 * brackets are ignored; "+44 7…" and "+44 (0)7…" are the same number written internationally.
 */
export function normaliseUkMobile(value: string): string | null {
  const compact = value.replace(/[\s\-.()]/g, "");
  const national = /^07\d{9}$/.test(compact)
    ? compact
    : /^\+447\d{9}$/.test(compact)
      ? `0${compact.slice(3)}`
      : /^\+4407\d{9}$/.test(compact)
        ? compact.slice(3)
        : null;
  return national;
}

/** The same number in international form ("+447700900982"), as member accounts keep it; null when not a UK mobile. */
export function internationalUkMobile(value: string): string | null {
  const national = normaliseUkMobile(value);
  return national ? `+44${national.slice(1)}` : null;
}

/** "sam.patel@example.com" → "s***@example.com": enough for the shopper to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
