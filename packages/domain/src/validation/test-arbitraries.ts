// Generators of valid identity numbers and credit codes for the property tests. Test support only: nothing in
// the product imports this file and the package index does not export it.
import fc from 'fast-check';
import { CREDIT_CODE_AUTHORITIES, CREDIT_CODE_CHARSET, composeCreditCode } from './credit-code.ts';
import { computeIdCardCheck } from './id-card.ts';
import { MAINLAND_PROVINCES, SPECIAL_PROVINCES } from './province-codes.ts';

const provinceCode = fc.constantFrom(...[...MAINLAND_PROVINCES, ...SPECIAL_PROVINCES].map((row) => row.code));
const digits = (length: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^\\d{${length}}$`));

/** Birth dates from 1900-01-01 up to the day before `latest` as yyyymmdd. */
const birthDate = (latest: Date): fc.Arbitrary<string> =>
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date(latest.getTime() - 86_400_000),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10).replaceAll('-', ''));

/** Valid 18-character identity numbers born before `latest` (the `now` the test validates with). */
export function arbitraryIdCard18(latest: Date): fc.Arbitrary<string> {
  return fc
    .tuple(provinceCode, digits(4), birthDate(latest), digits(3))
    .map(([province, county, birth, sequence]) => {
      const body = `${province}${county}${birth}${sequence}`;
      return body + computeIdCardCheck(body);
    });
}

/** Valid first-generation 15-digit identity numbers (born 1900 to 1999). */
export function arbitraryIdCard15(): fc.Arbitrary<string> {
  return fc
    .tuple(provinceCode, digits(4), birthDate(new Date('2000-01-01T00:00:00Z')), digits(3))
    .map(([province, county, birth, sequence]) => `${province}${county}${birth.slice(2)}${sequence}`);
}

const authorityAndType = fc.constantFrom(
  ...Object.entries(CREDIT_CODE_AUTHORITIES).flatMap(([authority, { types }]) =>
    Object.keys(types).map((type) => authority + type),
  ),
);
const serial = fc
  .array(fc.constantFrom(...CREDIT_CODE_CHARSET), { minLength: 8, maxLength: 8 })
  .map((chars) => chars.join(''));

/** Valid unified social credit codes of every registration authority and institution type. */
export function arbitraryCreditCode(): fc.Arbitrary<string> {
  return fc
    .tuple(authorityAndType, provinceCode, digits(4), serial)
    .map(([prefix, province, county, body]) => composeCreditCode(`${province}${county}`, body, prefix));
}
