import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_FILTER_TYPES, filterInput } from './input-filters.ts';

describe('input filters (BF-5.4)', () => {
  it('email keeps letters, digits and @ . _ -', () => {
    expect(filterInput('email', ' zhang san+1@例子.com ')).toBe('zhangsan1@.com');
    expect(filterInput('email', 'a_b-c.d@x.cn')).toBe('a_b-c.d@x.cn');
  });

  it('all strips spaces, emoji and symbols but keeps Chinese, letters, digits and common punctuation', () => {
    expect(filterInput('all', '北京 产权（一期）😀,A-1；\t')).toBe('北京产权（一期）,A-1；');
    expect(filterInput('all', '《报告》“终稿”…★')).toBe('《报告》“终稿”…');
  });

  it('number keeps digits and the first dot', () => {
    expect(filterInput('number', '-1,234.5.6元')).toBe('1234.56');
    expect(filterInput('number', '..5')).toBe('.5');
    expect(filterInput('number', 'abc')).toBe('');
  });

  it('project-name strips characters a file name cannot carry', () => {
    expect(filterInput('project-name', 'A<B>C/D\\E|F:G*H?I"J\u0007K 项目')).toBe('ABCDEFGHIJK 项目');
  });

  it('stateCreditCode uppercases and keeps the credit-code charset, 18 at most', () => {
    expect(filterInput('stateCreditCode', ' 91440300-708461136t ')).toBe('91440300708461136T');
    expect(filterInput('stateCreditCode', 'iosvz91440300708461136T999')).toBe('91440300708461136T');
  });

  it('space strips every whitespace, full-width space included', () => {
    expect(filterInput('space', ' a\tb\u3000c\u00a0d\n')).toBe('abcd');
  });

  it('only removes characters: every result is a subsequence of the input (credit code after uppercasing)', () => {
    const isSubsequence = (part: string, whole: string): boolean => {
      let index = 0;
      for (const char of whole) if (index < part.length && part[index] === char) index += 1;
      return index === part.length;
    };
    fc.assert(
      fc.property(fc.constantFrom(...INPUT_FILTER_TYPES), fc.string(), (type, text) => {
        const source = type === 'stateCreditCode' ? text.toUpperCase() : text;
        expect(isSubsequence(filterInput(type, text), source)).toBe(true);
        expect(filterInput(type, filterInput(type, text))).toBe(filterInput(type, text));
      }),
    );
  });
});
