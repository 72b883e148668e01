// BF-5.3: the weighted length text counters show and limit.
//
// How we read "a Chinese character counts 2 and full-width punctuation 4":
// - full-width punctuation is every character of the CJK Symbols and Punctuation block (U+3000-U+303F, which
//   holds 、。「」【】 and the ideographic space) and of the Halfwidth and Fullwidth Forms block (U+FF00-U+FFEF,
//   which holds ，！？：；（） and also the full-width letters and digits): 4 each. These ranges are tested first,
//   so 〇 (U+3007, Han script but inside the punctuation block) counts 4;
// - a Chinese character is any other character of the Han script (the unified ideographs and their
//   extensions): 2 each;
// - everything else, ASCII, other letters, “” and emoji included, counts 1 per code point.

const FULL_WIDTH_PUNCTUATION = /^[\u3000-\u303f\uff00-\uffef]$/u;
const HAN = /^\p{Script=Han}$/u;

export function isFullWidthPunctuation(char: string): boolean {
  return FULL_WIDTH_PUNCTUATION.test(char);
}

export function isChineseCharacter(char: string): boolean {
  return !isFullWidthPunctuation(char) && HAN.test(char);
}

export function measureChar(char: string): number {
  if (isFullWidthPunctuation(char)) return 4;
  return HAN.test(char) ? 2 : 1;
}

/** The weighted length of a text. */
export function countText(value: string): number {
  let total = 0;
  for (const char of value) total += measureChar(char);
  return total;
}

/** The longest beginning of a text whose weighted length is at most `max`; never splits a character. */
export function truncateText(value: string, max: number): string {
  let total = 0;
  let end = 0;
  for (const char of value) {
    total += measureChar(char);
    if (total > max) break;
    end += char.length;
  }
  return value.slice(0, end);
}
