/**
 * Store rules both halves use. No zod here: the browser bundle imports this file, and zod's code generation is
 * refused by the site's Content-Security-Policy.
 */

/** The parts of a method's state the open/closed rule reads. */
export interface MethodAvailability {
  canDeliver: boolean;
  status: "open" | "preorder" | "closed";
}

/**
 * A store's id from its slug or SEO url: the number after the last dash (spec 1 §2), so "victoria-street-1"
 * and "/stores/victoria-street-1/" both give 1. Null when there is no such number.
 */
export function idFromSlug(slug: string): number | null {
  const lastSegment = slug.trim().replace(/\/+$/, "").split("/").pop() ?? "";
  const match = /-(\d+)$/.exec(lastSegment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether a method counts towards the store being open for this shopper: it reaches them and takes orders. */
export function methodIsAvailable(method: MethodAvailability): boolean {
  return method.canDeliver && (method.status === "open" || method.status === "preorder");
}

/** Spec 1 §4: a store is closed when neither delivery nor collection can serve the shopper, open or by pre-order. */
export function storeIsClosed(orderMethods: Record<"delivery" | "collection", MethodAvailability>): boolean {
  return !methodIsAvailable(orderMethods.delivery) && !methodIsAvailable(orderMethods.collection);
}

/**
 * The method a deep link's basket is for (issue 20): the one asked for, when the store serves it at the shopper's
 * location; without one, the preferred method, else the other; null when the store serves neither there.
 */
export function servedMethod(
  orderMethods: Record<"delivery" | "collection", { enabledForMethod: boolean; canDeliver: boolean }>,
  asked: "delivery" | "collection" | null | undefined,
  preferred: "delivery" | "collection",
): "delivery" | "collection" | null {
  const serves = (method: "delivery" | "collection") =>
    orderMethods[method].enabledForMethod && orderMethods[method].canDeliver;
  if (asked) return serves(asked) ? asked : null;
  const other = preferred === "delivery" ? "collection" : "delivery";
  return serves(preferred) ? preferred : serves(other) ? other : null;
}
