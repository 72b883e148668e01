import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPlate, isValidVin, normalizePlate, normalizeVin, vinCheckDigit } from './vehicles.ts';

const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'.split('');

/** A VIN with its check digit put in place. */
function withCheck(chars: string[]): string {
  const draft = [...chars.slice(0, 8), '0', ...chars.slice(8, 16)].join('');
  return `${draft.slice(0, 8)}${vinCheckDigit(draft) ?? ''}${draft.slice(9)}`;
}

describe('the VIN (GB 16735)', () => {
  it('takes the textbook VIN, its check digit X, and refuses it with another 9th character', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin(normalizeVin(' 1m8gdm9axkp042788 '))).toBe(true);
  });

  it('refuses I, O and Q, and any length but 17', () => {
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isValidVin('IM8GDM9AXKP042788')).toBe(false);
    expect(isValidVin('1M8GDM9AXKO042788')).toBe(false);
    expect(vinCheckDigit('1M8GDM9AXKQ042788')).toBeNull();
  });

  // GB 16735's table: the characters of one group are worth the same in the check
  const SAME_VALUE = ['0', '1AJ', '2BKS', '3CLT', '4DMU', '5ENV', '6FW', '7GPX', '8HY', '9RZ'];
  const valueGroup = (char: string) => SAME_VALUE.findIndex((group) => group.includes(char));

  it('any 16 characters with their check digit make a valid VIN; a character changed to another value is caught', () => {
    const chars = fc.array(fc.constantFrom(...VIN_CHARS), { minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(
        chars,
        fc.integer({ min: 0, max: 16 }),
        fc.constantFrom(...VIN_CHARS),
        (picked, at, other) => {
          const vin = withCheck(picked);
          expect(isValidVin(vin)).toBe(true);
          if (at === 8) return;
          const changed = `${vin.slice(0, at)}${other}${vin.slice(at + 1)}`;
          // every weight but the 9th's is prime to 11: a change of value anywhere else changes the check
          expect(isValidVin(changed)).toBe(valueGroup(other) === valueGroup(vin.charAt(at)));
        },
      ),
    );
  });
});

describe('the plate (GA 36)', () => {
  it.each(['京A12345', '沪B8K9Z0', '粤BD12345', '苏E12345F', '京A1234学', '浙C1234挂'])(
    'takes %s',
    (plate) => {
      expect(isValidPlate(plate)).toBe(true);
    },
  );

  it.each(['京12345', 'A123456', '京A1234', '京AI2345', '港A12345', '京A123456'])('refuses %s', (plate) => {
    expect(isValidPlate(plate)).toBe(false);
  });

  it('reads a plate as typed, with spaces and the middle dot', () => {
    expect(normalizePlate(' 京a·12345 ')).toBe('京A12345');
  });
});
