// Shares of a company (持股比例, 拟转让比例): typed as a percentage with at most four decimals (BF-5.2: ratio
// inputs default to 4 decimals) and kept as integer millionths of the whole, so that shares add up exactly —
// 33.3333% + 33.3333% + 33.3334% is 100%, which no binary fraction promises.

/** The whole company: 100.0000% in millionths. */
export const SHARE_WHOLE = 1_000_000;

/** The decimals of a percentage a share is typed with. */
export const SHARE_DECIMALS = 4;

/** '51.2345' (or '51.2345%') -> 512345; null for text that is no percentage of 0 to 100 with at most 4 decimals. */
export function parseShareText(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?%?$/.exec(text.trim());
  if (match === null) return null;
  const [, integer = '', fraction = ''] = match;
  const millionths = Number(integer) * 10_000 + Number(fraction.padEnd(SHARE_DECIMALS, '0'));
  return millionths <= SHARE_WHOLE ? millionths : null;
}

/** 512345 -> '51.2345' (the percentage, four decimals, without the % sign). */
export function formatShare(millionths: number): string {
  const sign = millionths < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(millionths))).padStart(5, '0');
  return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** The sum of shares; a share that is not a whole number of millionths counts as the whole (it cannot be right). */
export function sumShares(shares: readonly (number | undefined)[]): number {
  return shares.reduce<number>(
    (sum, share) => sum + (share === undefined ? 0 : Number.isSafeInteger(share) ? share : SHARE_WHOLE),
    0,
  );
}
