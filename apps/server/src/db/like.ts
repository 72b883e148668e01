// The pattern of a "contains" search (ilike): `%`, `_` and `\` typed by a user are searched for, not used as
// wildcards.
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The pattern of a "contains" search on a lower-cased column (projects.search_text): case-insensitive with LIKE. */
export function lowerContainsPattern(text: string): string {
  return containsPattern(text.toLowerCase());
}
