import { describe, expect, it } from 'vitest';
import { readQueryId } from './query-id.ts';

describe('readQueryId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('reads %s', (text, id) => {
    expect(readQueryId(text)).toBe(id);
  });

  it.each([null, '', '0', '007', '-1', '1.5', '1e3', ' 1', 'abc', '9007199254740993'])(
    'refuses %j',
    (text) => {
      expect(readQueryId(text)).toBeNull();
    },
  );
});
