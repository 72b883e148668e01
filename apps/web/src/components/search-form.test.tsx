// The pager's total of a paged list: exact, stopped at the count's cap (n+), or estimated (约 n).
import { describe, expect, it } from 'vitest';
import { pagedTableProps } from './search-form.tsx';

function totalText(data: { total: number; isTotalCapped?: boolean; isTotalEstimated?: boolean }): string {
  const props = pagedTableProps({ page: 1, size: 10 }, () => undefined, {
    data: { list: [], ...data },
    isFetching: false,
  });
  const pagination = props.pagination;
  if (pagination === false || pagination?.showTotal === undefined) throw new Error('no total shown');
  const shown = pagination.showTotal(data.total, [1, 10]);
  if (typeof shown !== 'string') throw new Error('the total is not a text');
  return shown;
}

describe('the total of a paged list', () => {
  it('says an exact count, a count stopped at the cap and an estimate each as it is', () => {
    expect(totalText({ total: 42 })).toBe('共 42 条');
    expect(totalText({ total: 1000, isTotalCapped: true })).toBe('共 1,000+ 条');
    expect(totalText({ total: 170000, isTotalEstimated: true })).toBe('约 170,000 条');
  });
});
