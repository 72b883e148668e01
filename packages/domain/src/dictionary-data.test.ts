import { describe, expect, it } from 'vitest';
import { DICTIONARY_ENTRIES } from './dictionary-data.ts';
import { DICTIONARIES, type DictionaryCode } from './dictionaries.ts';
import { ASSET_SOURCE_SEARCH, REGULATOR_CODE_GROUPS } from './regions.ts';

const codes = Object.keys(DICTIONARIES) as DictionaryCode[];

describe('dictionary entries', () => {
  it('give every dictionary entries with distinct keys and labels', () => {
    for (const code of codes) {
      const entries = DICTIONARY_ENTRIES[code];
      expect(entries.length, code).toBeGreaterThan(0);
      expect(new Set(entries.map((e) => e.key)).size, code).toBe(entries.length);
      expect(new Set(entries.map((e) => e.label)).size, code).toBe(entries.length);
    }
  });

  it('point every parent key at an entry of the same dictionary', () => {
    for (const code of codes) {
      const keys = new Set(DICTIONARY_ENTRIES[code].map((e) => e.key));
      for (const entry of DICTIONARY_ENTRIES[code]) {
        if (entry.parentKey !== undefined)
          expect(keys.has(entry.parentKey), `${code}/${entry.key}`).toBe(true);
      }
    }
  });

  it('hold the GB/T 4754 sections A to T and the SH-9.3 regulator groups as a tree', () => {
    expect(DICTIONARY_ENTRIES.industry.map((e) => e.key).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(DICTIONARY_ENTRIES.regulatoryBodies.map((e) => e.key)).toEqual(
      REGULATOR_CODE_GROUPS.map((g) => g.code),
    );
    expect(DICTIONARY_ENTRIES.regulatoryBodies.filter((e) => e.parentKey !== undefined)).toEqual([
      { key: 'A02002001', label: '财政部', parentKey: 'A02002' },
      { key: 'A02004001', label: '省级财政部门', parentKey: 'A02004' },
      { key: 'A02006001', label: '市级财政部门', parentKey: 'A02006' },
    ]);
  });

  it('list the directory asset sources first (SH-7.5)', () => {
    const keys = DICTIONARY_ENTRIES.assetSource.map((e) => e.key);
    expect(keys.slice(0, 3)).toEqual(Object.keys(ASSET_SOURCE_SEARCH));
    expect(DICTIONARY_ENTRIES.assetSource[0]).toEqual({ key: 'GWYGZWJG', label: '国务院国资委监管企业' });
  });
});
