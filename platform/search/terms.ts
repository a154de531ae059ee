/** Words longer than this are cut: nobody types them, and they only make the queries longer. */
const MAX_WORD_LENGTH = 40;
/** Words after these are ignored: a search box is not a document. */
const MAX_WORDS = 8;

export interface SearchTerms {
  /** The trimmed term as typed: compared with names by trigram similarity. */
  text: string;
  /** An ILIKE pattern finding the term anywhere, its wildcards escaped. */
  likePattern: string;
  /** ILIKE patterns finding each word anywhere: a name holding them all ranks first. */
  wordPatterns: string[];
  /**
   * A `to_tsquery` expression: every word, the last one as a prefix (the shopper may still be typing it).
   * Null when the term has no letters or digits at all.
   */
  tsquery: string | null;
  /**
   * The same, each word of three or more characters also in every spelling with two neighbouring letters
   * swapped ("mlik" → "milk"): the slip trigram similarity misses, since a swap breaks most trigrams of a
   * short word. Null when no word has such spellings.
   */
  swappedTsquery: string | null;
}

/** Escapes LIKE's wildcards and its escape character, so the term matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The word's spellings with two neighbouring characters swapped, the word itself excluded. */
export function swaps(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(""));
  }
  out.delete(word);
  return [...out];
}

/**
 * The term's words: letters and digits only, lower-cased. Everything else is a separator, so nothing the
 * shopper types can reach the tsquery syntax (& | ! : ( ) ' …); the words still travel as a bound parameter.
 */
export function searchWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(""));
}

export function searchTerms(term: string): SearchTerms {
  const text = term.trim();
  const words = searchWords(text);
  const last = words.length - 1;
  const prefix = (word: string, index: number) => (index === last ? `${word}:*` : word);
  const tsquery = words.length > 0 ? words.map(prefix).join(" & ") : null;
  const anySwaps = words.some((word) => word.length >= 3 && swaps(word).length > 0);
  const swappedTsquery = anySwaps
    ? words
        .map((word, index) => {
          const spellings = word.length >= 3 ? [word, ...swaps(word)] : [word];
          return `(${spellings.map((spelling) => prefix(spelling, index)).join(" | ")})`;
        })
        .join(" & ")
    : null;
  return {
    text,
    likePattern: `%${escapeLike(text)}%`,
    wordPatterns: words.map((word) => `%${escapeLike(word)}%`),
    tsquery,
    swappedTsquery,
  };
}
