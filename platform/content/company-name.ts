import type { ContentSource } from "./source";

/** Used when the site content names no company (it always should): messages still read sensibly. */
const FALLBACK_COMPANY_NAME = "our store";

/**
 * The company name from the site's global content, read when needed (the content source keeps its own cache), for
 * the messages the platform sends: order confirmations, sign-in codes, password reset links.
 */
export function companyNameFrom(content: ContentSource): () => Promise<string> {
  return async () => {
    const envelope = await content.get("global", {});
    const data = envelope.data;
    const attributes = data && !Array.isArray(data) ? (data.attributes as { companyName?: unknown }) : null;
    return typeof attributes?.companyName === "string" && attributes.companyName.trim() !== ""
      ? attributes.companyName
      : FALLBACK_COMPANY_NAME;
  };
}
