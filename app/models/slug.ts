/** Spec 1 §2: an id is the number after the last dash of a slug ("victoria-street-1" → 1). */
export function idFromSlug(slug: string | undefined): number | null {
  if (!slug) return null;
  const match = /-(\d+)$/.exec(slug.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
