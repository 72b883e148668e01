// How a keyword is searched for in projects' names and codes (search_text, search_grams): which of its bigrams to
// look up in the GIN index, or none. The LIKE on search_text always decides what matches; the bigrams only choose
// the rows it reads, so the answer is the same whichever are chosen, and only its cost differs.
//
// The cost of the GIN lookup is in its longest posting lists: 上海化工集团闲置厂房 has nine bigrams, one of which
// (集团) is in nearly every name, and all nine cost 22 ms a lookup where its two rarest cost 1 ms. Which are rare
// PostgreSQL's statistics say (pg_stats.most_common_elems of search_grams, the frequencies of the most common
// bigrams), read once and again every few minutes. And a keyword that is everywhere (设备, one name in six) is not
// looked up at all: reading names newest first from the narrow index of search_text finds its page, and its count is
// estimated past a hundred matches (repo-lists.ts), where its bigram's posting list holds a sixth of the table.
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { lowerBigramsInPlace, lowerContainsPattern } from '../../db/like.ts';

export type KeywordSearch = {
  /** the LIKE pattern on search_text */
  pattern: string;
  /** the bigrams the GIN index is asked for (all of them must be in a matching row's search_grams); empty: none */
  grams: string[];
};

/** A keyword of more bigrams than this is looked up by the rarest of each half. */
const MAX_GRAMS = 2;
/**
 * A keyword whose rarest bigrams are together in at least this share of names is common: its matches come often
 * enough in the newest names that reading them in order is cheaper than the index (1.6 ms for a thousand matches of
 * 设备 in the narrow index of search_text, against 7-12 ms through its bigram).
 */
const COMMON_SHARE = 0.1;
/** How long the statistics read are used before they are read again (PostgreSQL's autovacuum renews them). */
const STATS_TTL_MS = 5 * 60_000;

type GramStats = {
  /** the share of names each of the most common bigrams is in */
  shares: Map<string, number>;
  /** the share assumed for a bigram not among them (below the least common of them), as PostgreSQL assumes */
  otherShare: number;
  readAt: number;
};

const NO_STATS: GramStats = { shares: new Map(), otherShare: 0, readAt: 0 };
const statsOf = new WeakMap<Db, { stats: GramStats; reading?: Promise<void> }>();

async function readStats(db: Db): Promise<GramStats> {
  // text[] casts: most_common_elems is of the pseudo-type anyarray
  const rows = await selectRows<{ elems: string[] | null; freqs: number[] | null }>(
    db,
    sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats where schemaname = current_schema() and tablename = 'projects' and attname = 'search_grams'`,
  );
  const elems = rows[0]?.elems ?? [];
  // most_common_elem_freqs holds one frequency per element, then their minimum, maximum and the null share
  const freqs = rows[0]?.freqs ?? [];
  const shares = new Map(elems.map((elem, at) => [elem, Number(freqs[at] ?? 0)]));
  const least = freqs.length > elems.length ? Number(freqs[elems.length]) : 0;
  return { shares, otherShare: least / 2, readAt: Date.now() };
}

/**
 * The statistics for `db`: the last ones read, renewed in the background when older than STATS_TTL_MS; the first
 * call waits for them. A failed read keeps the old ones (or none: every bigram counts as rare).
 */
async function gramStats(db: Db): Promise<GramStats> {
  let entry = statsOf.get(db);
  if (entry === undefined) {
    entry = { stats: NO_STATS };
    statsOf.set(db, entry);
  }
  const held = entry;
  if (Date.now() - held.stats.readAt > STATS_TTL_MS && held.reading === undefined) {
    held.reading = readStats(db)
      .then((stats) => {
        held.stats = stats;
      })
      .catch(() => undefined)
      .finally(() => {
        held.reading = undefined;
      });
  }
  if (held.stats === NO_STATS && held.reading !== undefined) await held.reading;
  return held.stats;
}

/**
 * The choice for a keyword given the statistics: the rarest bigram of each half of the keyword (bigrams side by
 * side say almost the same thing: 上海 and 海化 are in the same 4,565 names, 海化 and 团闲 in the 355 that match), or
 * none when even they are common.
 */
export function chooseGrams(keyword: string, stats: Pick<GramStats, 'shares' | 'otherShare'>): string[] {
  const grams = lowerBigramsInPlace(keyword);
  const shareOf = (gram: string) => stats.shares.get(gram) ?? stats.otherShare;
  const rarest = (candidates: string[]) =>
    // among equals (no statistics), the first in the keyword
    candidates.reduce((best, gram) => (shareOf(gram) < shareOf(best) ? gram : best));
  let chosen = [...new Set(grams)];
  if (grams.length > MAX_GRAMS) {
    // the halves' bigrams share no character
    const middle = Math.floor((grams.length + 1) / 2);
    chosen = [...new Set([rarest(grams.slice(0, middle - 1)), rarest(grams.slice(middle))])];
  }
  const share = chosen.reduce((product, gram) => product * shareOf(gram), 1);
  return chosen.length === 0 || share >= COMMON_SHARE ? [] : chosen;
}

/** How to search every company's projects for `keyword` (trimmed, not empty). */
export async function keywordSearch(db: Db, keyword: string): Promise<KeywordSearch> {
  return { pattern: lowerContainsPattern(keyword), grams: chooseGrams(keyword, await gramStats(db)) };
}
