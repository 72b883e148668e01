// BF-5.2: limits of number and ratio inputs. Each check takes the text as typed and answers the message of the
// first broken limit, or null. Empty text passes: whether a value is required is the form item's rule.
import { MSG } from '../messages.ts';
import { formatMessage } from '../format.ts';

export const INTEGER_DIGITS_DEFAULT = 17;
export const DECIMAL_DIGITS_DEFAULT = 2;
export const RATIO_DECIMALS_DEFAULT = 4;
/** Ratios are percentages unless a control says otherwise. */
export const RATIO_MAX_DEFAULT = 100;
export const MOBILE_DIGITS = 11;

type NumberParts = { integer: string; fraction: string };

/** Half-typed values ('-', '12.') are accepted as text in progress; anything else that is not a number is not. */
const NUMBER_TEXT = /^[+-]?(\d*)(?:\.(\d*))?$/;

function splitNumber(value: string): NumberParts | null {
  const match = NUMBER_TEXT.exec(value.trim());
  if (match === null) return null;
  return { integer: match[1] ?? '', fraction: match[2] ?? '' };
}

/** Leading zeros carry no value, so '007' has one integer digit. */
function countIntegerDigits(integer: string): number {
  return integer.replace(/^0+(?=\d)/, '').length;
}

export function checkIntegerDigits(value: string, max: number = INTEGER_DIGITS_DEFAULT): string | null {
  const parts = splitNumber(value);
  if (parts === null) return MSG.numberInvalid;
  return countIntegerDigits(parts.integer) > max ? formatMessage(MSG.integerDigitsMax, { n: max }) : null;
}

export function checkDecimalDigits(value: string, max: number = DECIMAL_DIGITS_DEFAULT): string | null {
  const parts = splitNumber(value);
  if (parts === null) return MSG.numberInvalid;
  return parts.fraction.length > max ? formatMessage(MSG.decimalDigitsMax, { n: max }) : null;
}

export type NumberInputLimits = { integerDigits?: number; decimalDigits?: number };

/** An amount or quantity: at most 17 integer digits and 2 decimals by default. */
export function checkNumberInput(value: string, limits: NumberInputLimits = {}): string | null {
  return (
    checkIntegerDigits(value, limits.integerDigits ?? INTEGER_DIGITS_DEFAULT) ??
    checkDecimalDigits(value, limits.decimalDigits ?? DECIMAL_DIGITS_DEFAULT)
  );
}

export type RatioLimits = { max?: number; decimals?: number };

/** A ratio: at most `max` (100 by default) with 4 decimals by default. */
export function checkRatio(value: string, limits: RatioLimits = {}): string | null {
  const max = limits.max ?? RATIO_MAX_DEFAULT;
  const decimalMessage = checkDecimalDigits(value, limits.decimals ?? RATIO_DECIMALS_DEFAULT);
  if (decimalMessage !== null) return decimalMessage;
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) && amount > max
    ? formatMessage(MSG.ratioMax, { max })
    : null;
}

/** The mobile input keeps digits only, at most `n` of them (BF-5.2 "mobile input limited by digit count"). */
export function limitDigits(value: string, n: number = MOBILE_DIGITS): string {
  return value.replace(/\D/g, '').slice(0, Math.max(0, n));
}
