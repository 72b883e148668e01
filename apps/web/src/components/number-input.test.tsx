import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { setNotifier } from '../lib/notify.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { NumberInput, RatioInput } from './number-input.tsx';

let notifier: FakeNotifier;

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => setNotifier(null));

function Harness({ kind, ...limits }: { kind: 'number' | 'ratio'; integerDigits?: number; max?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      {kind === 'number' ? (
        <NumberInput
          aria-label="金额"
          value={value}
          onChange={setValue}
          integerDigits={limits.integerDigits}
        />
      ) : (
        <RatioInput aria-label="比例" value={value} onChange={setValue} max={limits.max} />
      )}
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const stored = () => screen.getByTestId('value').textContent;
const type = (label: string, text: string) => fireEvent.change(input(label), { target: { value: text } });

describe('NumberInput (BF-5.2)', () => {
  it('refuses a 18th integer digit with 整数部分最多17位！', () => {
    render(<Harness kind="number" />);
    fireEvent.focus(input('金额'));
    type('金额', '12345678901234567');
    expect(stored()).toBe('12345678901234567');
    type('金额', '123456789012345678');
    expect(stored()).toBe('12345678901234567');
    expect(notifier.warning).toHaveBeenCalledWith('整数部分最多17位！');
  });

  it('refuses a third decimal with 小数部分最多2位！', () => {
    render(<Harness kind="number" />);
    fireEvent.focus(input('金额'));
    type('金额', '1.23');
    type('金额', '1.234');
    expect(stored()).toBe('1.23');
    expect(notifier.warning).toHaveBeenCalledWith('小数部分最多2位！');
  });

  it('honours a control limit of integer digits', () => {
    render(<Harness kind="number" integerDigits={3} />);
    fireEvent.focus(input('金额'));
    type('金额', '1234');
    expect(stored()).toBe('');
    expect(notifier.warning).toHaveBeenCalledWith('整数部分最多3位！');
  });

  it('shows thousands separators when not editing and the raw digits while editing', () => {
    render(<Harness kind="number" />);
    fireEvent.focus(input('金额'));
    type('金额', '1234567.5');
    expect(input('金额').value).toBe('1234567.5');
    fireEvent.blur(input('金额'));
    expect(input('金额').value).toBe('1,234,567.5');
    expect(stored()).toBe('1234567.5');
  });

  it('warns once for a burst of the same refused keystrokes', () => {
    render(<Harness kind="number" />);
    fireEvent.focus(input('金额'));
    type('金额', '1.2');
    type('金额', '1.234');
    type('金额', '1.235');
    expect(notifier.warning).toHaveBeenCalledTimes(1);
  });
});

describe('RatioInput (BF-5.2)', () => {
  it('refuses a value above the maximum with 数值不能超过N！', () => {
    render(<Harness kind="ratio" />);
    fireEvent.focus(input('比例'));
    type('比例', '100');
    type('比例', '100.5');
    expect(stored()).toBe('100');
    expect(notifier.warning).toHaveBeenCalledWith('数值不能超过100！');
  });

  it('allows 4 decimals and refuses a fifth', () => {
    render(<Harness kind="ratio" max={1} />);
    fireEvent.focus(input('比例'));
    type('比例', '0.1234');
    type('比例', '0.12345');
    expect(stored()).toBe('0.1234');
    expect(notifier.warning).toHaveBeenCalledWith('小数部分最多4位！');
  });
});
