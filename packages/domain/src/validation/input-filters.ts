// BF-5.4: what each input filter type strips while the user types. Filters only remove (and, for the credit
// code, uppercase); they never reorder or add, so a filtered value is always a subsequence of what was typed.

export const INPUT_FILTER_TYPES = [
  'email',
  'all',
  'number',
  'project-name',
  'stateCreditCode',
  'space',
] as const;
export type InputFilterType = (typeof INPUT_FILTER_TYPES)[number];

/**
 * 'all' keeps Chinese characters, ASCII letters and digits and common punctuation. Common punctuation, as we
 * define it: ASCII punctuation and the Chinese punctuation people type in names and descriptions:
 * ，。、；：？！“”‘’（）《》〈〉【】「」『』〔〕—…·～. Spaces and everything else (emoji, symbols, control
 * characters) are stripped.
 */
const ALL_STRIPPED =
  /[^\p{Script=Han}A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~，。、；：？！“”‘’（）《》〈〉【】「」『』〔〕—…·～]/gu;

/** 'email' keeps what an address of SH-5.5 is written with: letters, digits and @ . _ - */
const EMAIL_STRIPPED = /[^A-Za-z0-9@._-]/g;

/**
 * 'project-name' strips what a file system or an export file name cannot carry, < > / \ | : * ? " and control
 * characters, because project names become document and archive names; spaces inside a name stay.
 */
const PROJECT_NAME_STRIPPED = /[<>/\\|:*?"\p{Cc}]/gu;

/** 'stateCreditCode' keeps the credit-code charset after uppercasing, at most 18 characters. */
const CREDIT_CODE_STRIPPED = /[^0-9A-HJ-NPQRTUWXY]/g;
const CREDIT_CODE_LENGTH = 18;

/** 'number' keeps digits and the first dot; a minus is stripped because these inputs hold amounts. */
function filterNumber(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replaceAll('.', '');
}

/** The value with the characters the filter type does not allow removed. */
export function filterInput(type: InputFilterType, value: string): string {
  switch (type) {
    case 'email':
      return value.replace(EMAIL_STRIPPED, '');
    case 'all':
      return value.replace(ALL_STRIPPED, '');
    case 'number':
      return filterNumber(value);
    case 'project-name':
      return value.replace(PROJECT_NAME_STRIPPED, '');
    case 'stateCreditCode':
      return value.toUpperCase().replace(CREDIT_CODE_STRIPPED, '').slice(0, CREDIT_CODE_LENGTH);
    case 'space':
      // \s covers the full-width space U+3000 and non-breaking spaces as well.
      return value.replace(/\s/g, '');
  }
}
