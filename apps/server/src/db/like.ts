// The pattern of a "contains" search (ilike): `%`, `_` and `\` typed by a user are searched for, not used as
// wildcards.
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The pattern of a "contains" search on a lower-cased column (projects.search_text): case-insensitive with LIKE. */
export function lowerContainsPattern(text: string): string {
  return containsPattern(text.toLowerCase());
}

/**
 * The distinct character bigrams of a keyword lower-cased, as `project_bigrams` (migration 0011) takes them of
 * projects.search_text into search_grams: a keyword can only be contained where all of them are, which a GIN
 * index answers. Characters are code points, as PostgreSQL counts them. Empty for a keyword of one character.
 */
export function lowerBigrams(text: string): string[] {
  return [...new Set(lowerBigramsInPlace(text))];
}

/** The bigrams of lowerBigrams one per character but the last, repeated ones kept: a bigram's index is its place. */
export function lowerBigramsInPlace(text: string): string[] {
  const chars = Array.from(text.toLowerCase());
  return chars.slice(0, -1).map((char, at) => char + (chars[at + 1] ?? ''));
}
