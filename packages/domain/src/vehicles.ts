// A motor vehicle as the disposal course names it (机动车处置; spec 001 sections 3 and 5, issue 32): by its plate
// (号牌号码), its vehicle identification number (车辆识别代号, VIN) and its engine number. The rules here are the
// public ones the entry and the import check before anything is stored:
// - the VIN of GB 16735: 17 characters of digits and capitals without I, O and Q, its 9th the check digit computed
//   from the others (each character's value times its position's weight, summed, modulo 11; 10 is written X);
// - the plate of GA 36: a province's abbreviation, the issuing office's letter, then five characters (a new-energy
//   plate six), or a special series ending in its mark (挂, 学, 警, 领 ...).
// The plate as others see it (carNumberPublish: its last four characters hidden) is format.ts's maskCarNumber.
export const VIN_LENGTH = 17;

/** The position weights of GB 16735 (the 9th, the check digit itself, weighs nothing). */
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The value of each letter in the check (the digits are their own value); I, O and Q are never used. */
const VIN_LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const VIN_PATTERN = /^[0-9A-HJ-NPR-Z]{17}$/;

/** A VIN as people type it: trimmed, upper-cased. */
export function normalizeVin(text: string): string {
  return text.trim().toUpperCase();
}

/** The check digit the other 16 characters of `vin` call for ('0'..'9' or 'X'); null when they cannot be valued. */
export function vinCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const char = vin.charAt(i);
    const value = /\d/.test(char) ? Number(char) : VIN_LETTER_VALUES[char];
    if (value === undefined) return null;
    sum += value * (VIN_WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Whether `vin` (normalized) is a VIN of GB 16735: its characters and its check digit. */
export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin) && vinCheckDigit(vin) === vin.charAt(8);
}

/** The provinces' abbreviations a plate starts with (the 31 of the mainland). */
export const PLATE_PROVINCES = '京津冀晋蒙辽吉黑沪苏浙皖闽赣鲁豫鄂湘粤桂琼渝川贵云藏陕甘青宁新';

const PROVINCE = `[${PLATE_PROVINCES}]`;
// the office's letter (not I or O), then five characters (not I or O), or six for a new-energy plate (D or F first
// for a small car, last for a large one); the special series end in their mark
const PLATE_PATTERNS = [
  new RegExp(`^${PROVINCE}[A-HJ-NP-Z][A-HJ-NP-Z0-9]{5}$`),
  new RegExp(`^${PROVINCE}[A-HJ-NP-Z][DF][A-HJ-NP-Z0-9]{5}$`),
  new RegExp(`^${PROVINCE}[A-HJ-NP-Z][0-9]{5}[DF]$`),
  new RegExp(`^${PROVINCE}[A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}[挂学警港澳领试超]$`),
];

/** A plate as people type it: trimmed, without inner spaces or the middle dot, upper-cased. */
export function normalizePlate(text: string): string {
  return text.replace(/[\s·.]/g, '').toUpperCase();
}

/** Whether `plate` (normalized) is a plate of GA 36's ordinary, new-energy or special series. */
export function isValidPlate(plate: string): boolean {
  return PLATE_PATTERNS.some((pattern) => pattern.test(plate));
}
