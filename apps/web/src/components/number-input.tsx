// BF-5.2 number and ratio inputs: typing past a limit is refused with the domain's message as a warning (at most
// once a second, BF-9.1), and the value is shown with thousands separators while the field is not being edited
// (SH-9.1). Values are decimal strings, so an amount keeps every digit the user typed.
import { useState } from 'react';
import { Input } from 'antd';
import type { InputProps } from 'antd';
import { formatThousands } from '@cqjy/domain/format';
import {
  DECIMAL_DIGITS_DEFAULT,
  INTEGER_DIGITS_DEFAULT,
  RATIO_DECIMALS_DEFAULT,
  RATIO_MAX_DEFAULT,
  checkNumberInput,
  checkRatio,
} from '@cqjy/domain/validation/number-input';
import { useThrottledWarning } from './use-throttled-warning.ts';

type NumberValue = string | number | null | undefined;

type BaseProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: NumberValue;
  onChange?: (value: string) => void;
};

type LimitedNumberInputProps = BaseProps & { check: (text: string) => string | null };

function toText(value: NumberValue): string {
  return value === null || value === undefined ? '' : String(value);
}

function LimitedNumberInput({ value, onChange, check, onBlur, ...rest }: LimitedNumberInputProps) {
  const [isEditing, setIsEditing] = useState(false);
  const warn = useThrottledWarning();
  const text = toText(value);

  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={isEditing ? text : formatThousands(text)}
      onBlur={(event) => {
        setIsEditing(false);
        // A half-typed number ('12.', '-') is finished on leaving the field.
        if (text === '-' || text === '+') onChange?.('');
        else if (text.endsWith('.')) onChange?.(text.slice(0, -1));
        onBlur?.(event);
      }}
      onChange={(event) => {
        // Typing shows the raw number (no thousands separators) until the field is left. The text is not changed
        // on focus: a selection made then (Tab selects the whole text) would collapse under the new text, and what
        // is typed would be added to the number instead of replacing it.
        setIsEditing(true);
        const typed = event.target.value.replaceAll(',', '').trim();
        if (typed === '') {
          onChange?.('');
          return;
        }
        const problem = check(typed);
        if (problem !== null) {
          warn(problem);
          return;
        }
        onChange?.(typed);
      }}
    />
  );
}

export type NumberInputProps = BaseProps & {
  /** integer digits allowed (17 unless given) */
  integerDigits?: number;
  /** decimals allowed (2 unless given) */
  decimalDigits?: number;
};

/** An amount or quantity. */
export function NumberInput({
  integerDigits = INTEGER_DIGITS_DEFAULT,
  decimalDigits = DECIMAL_DIGITS_DEFAULT,
  ...rest
}: NumberInputProps) {
  return (
    <LimitedNumberInput
      {...rest}
      check={(text) => checkNumberInput(text, { integerDigits, decimalDigits })}
    />
  );
}

export type RatioInputProps = BaseProps & {
  /** the largest value (100 unless given) */
  max?: number;
  /** decimals allowed (4 unless given) */
  decimals?: number;
};

/** A ratio, a percentage unless `max` says otherwise. */
export function RatioInput({
  max = RATIO_MAX_DEFAULT,
  decimals = RATIO_DECIMALS_DEFAULT,
  ...rest
}: RatioInputProps) {
  return <LimitedNumberInput {...rest} check={(text) => checkRatio(text, { max, decimals })} />;
}
