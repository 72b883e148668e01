import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callPath, defineCall, zPathId } from './contract.ts';
import { MSG } from './messages.ts';

const showCall = defineCall({
  method: 'GET',
  path: '/api/thing/:kind/show/:id',
  tag: 'thing',
  summary: '查看',
  params: z.object({ kind: z.string(), id: zPathId }),
  answer: z.null(),
});

describe('callPath', () => {
  it('fills every :param, encoded', () => {
    expect(callPath(showCall, { kind: '甲 乙', id: 7 })).toBe('/api/thing/%E7%94%B2%20%E4%B9%99/show/7');
  });

  it('refuses a missing param rather than sending a path that names another row', () => {
    expect(() => callPath(showCall, { kind: 'a' })).toThrow(/:id/);
    expect(() => callPath(showCall, { kind: 'a', id: { id: 1 } })).toThrow(/:id/);
  });

  it('leaves a path without params as it is', () => {
    expect(callPath({ path: '/api/task/counts' })).toBe('/api/task/counts');
  });
});

describe('zPathId', () => {
  it('reads the digits of a path segment as the id', () => {
    expect(zPathId.parse('42')).toBe(42);
    expect(zPathId.parse(42)).toBe(42);
  });

  it('names no row with anything else (the server answers 404)', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '1234567890', '', ' 1']) {
      const result = zPathId.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.notFound);
    }
  });
});
