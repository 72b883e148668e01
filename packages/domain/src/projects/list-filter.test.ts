import { describe, expect, it } from 'vitest';
import { findAction } from '../workflow/actions.ts';
import { PROJECT_FAMILY_OPTIONS, PROJECT_KINDS } from './kinds/index.ts';
import {
  isProjectFilterSet,
  projectListPath,
  readProjectListFilter,
  screenProjectFilter,
} from './list-filter.ts';

const queryOf = (path: string) => new URLSearchParams(path.split('?')[1] ?? '');

describe('the project filter of a screen', () => {
  it('the contract on the rights screens: both equity families, in the statuses the registry allows', () => {
    const filter = screenProjectFilter('right', 'contract');
    expect(filter.families).toEqual(['stock', 'privateStock']);
    const allowed = new Set([
      ...(findAction('stock', 'contract')?.allowedProjectStatuses ?? []),
      ...(findAction('privateStock', 'contract')?.allowedProjectStatuses ?? []),
    ]);
    expect(new Set(filter.statuses)).toEqual(allowed);
    expect(filter.statuses.length).toBeGreaterThan(0);
  });

  it('a project view narrows to the family alone', () => {
    expect(screenProjectFilter('bulk', 'show')).toEqual({ families: ['bulk'], statuses: [] });
  });

  it('a family without projects narrows to no family', () => {
    expect(screenProjectFilter('auction', 'show').families).toEqual([]);
  });

  it('the address is read back as it was written, and foreign values are dropped', () => {
    const filter = screenProjectFilter('right', 'price');
    const path = projectListPath(filter);
    expect(path.startsWith('/index/project?family=stock&family=privateStock&status=')).toBe(true);
    expect(readProjectListFilter(queryOf(path))).toEqual(filter);
    expect(
      readProjectListFilter(queryOf('?family=right&family=bulk&status=x&status=dealt&status=dealt')),
    ).toEqual({ families: ['bulk'], statuses: ['dealt'] });
    expect(projectListPath()).toBe('/index/project');
    expect(isProjectFilterSet(readProjectListFilter(new URLSearchParams()))).toBe(false);
  });
});

describe('the family choices of the filters', () => {
  it('are the project kinds, each by the name it is created under', () => {
    expect(PROJECT_FAMILY_OPTIONS.map((option) => option.value)).toEqual(Object.keys(PROJECT_KINDS));
    expect(PROJECT_FAMILY_OPTIONS).toContainEqual({ value: 'stock', label: '产权转让' });
    expect(PROJECT_FAMILY_OPTIONS).toContainEqual({ value: 'privateStock', label: '私募股权转让' });
    // no screen group and no family without projects: nothing to choose that finds nothing by construction
    const values: string[] = PROJECT_FAMILY_OPTIONS.map((option) => option.value);
    for (const absent of ['right', 'vehicle', 'auction', 'ledger']) expect(values).not.toContain(absent);
  });
});
