// The project list's family and status filters against the demo data: every family choice the filters offer
// (GET /api/project/searchs, the domain's PROJECT_FAMILY_OPTIONS the web draws) finds the demo projects of its kind
// and only those, and together they find every demo project; the lists of several families and statuses (我的项目
// narrowed to the projects a screen's action can start on) answer any of them.
import {
  isProjectFamily,
  PROJECT_FAMILY_OPTIONS,
  type ProjectListRow,
  type ProjectSearchOptions,
} from '@cqjy/domain';
import { screenProjectFilter } from '@cqjy/domain/projects/list-filter';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let exchange: Client;
let owner: Client;
/** every demo project: id, family, status and owner company */
let demo: { id: number; family: string; status: string; companyId: number }[];
let ownerCompanyId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  demo = (
    await selectRows<{ id: number; family: string; status: string; company_id: number }>(
      t.db,
      sql`select id, family, status, company_id from projects order by id`,
    )
  ).map((row) => ({ id: row.id, family: row.family, status: row.status, companyId: row.company_id }));
  const company = await selectRows<{ company_id: number }>(
    t.db,
    sql`select o.company_id from operators o join users u on u.id = o.user_id
        where u.username = 'transferor' and o.is_default`,
  );
  ownerCompanyId = company[0]?.company_id ?? 0;
});

afterAll(async () => {
  await t.close();
});

/** The ids a list call answers (one page of 100: the demo has fewer). */
async function listIds(client: Client, filter: Record<string, unknown>): Promise<number[]> {
  const body = await client.post<{ list: ProjectListRow[]; total: number }>('/api/project/list', {
    page: 1,
    size: 100,
    ...filter,
  });
  expect(body.status, body.msg).toBe(0);
  expect(body.data.total).toBe(body.data.list.length);
  return body.data.list.map((row) => row.id).sort((a, b) => a - b);
}

const idsOf = (rows: typeof demo) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('the family choices', () => {
  it('are the project kinds, each by its name, as the domain offers them to the web', async () => {
    const body = await exchange.get<ProjectSearchOptions>('/api/project/searchs');
    expect(body.status, body.msg).toBe(0);
    expect(body.data.families).toEqual(PROJECT_FAMILY_OPTIONS);
    for (const option of body.data.families) expect(isProjectFamily(option.value), option.value).toBe(true);
    expect(body.data.families).toContainEqual({ value: 'stock', label: '产权转让' });
    expect(body.data.families).toContainEqual({ value: 'privateStock', label: '私募股权转让' });
  });

  it('each choice finds the demo projects of its kind and only those; together, every demo project', async () => {
    expect(new Set(demo.map((row) => row.family)).size).toBeGreaterThan(1);
    const found: number[] = [];
    for (const { value } of PROJECT_FAMILY_OPTIONS) {
      const ids = await listIds(exchange, { family: value });
      expect(ids, value).toEqual(idsOf(demo.filter((row) => row.family === value)));
      found.push(...ids);
      // a company's own list: its projects of the kind
      expect(await listIds(owner, { family: value }), value).toEqual(
        idsOf(demo.filter((row) => row.family === value && row.companyId === ownerCompanyId)),
      );
    }
    expect(found.sort((a, b) => a - b)).toEqual(idsOf(demo));
  });
});

describe('several families and statuses at once', () => {
  it('answers the projects of any of the families in any of the statuses', async () => {
    const filter = screenProjectFilter('right', 'contract');
    const expected = demo.filter(
      (row) =>
        (filter.families as string[]).includes(row.family) &&
        (filter.statuses as string[]).includes(row.status),
    );
    expect(await listIds(exchange, { families: filter.families, statuses: filter.statuses })).toEqual(
      idsOf(expected),
    );
    const equity = demo.filter((row) => row.family === 'stock' || row.family === 'privateStock');
    expect(equity.length).toBeGreaterThan(0);
    expect(await listIds(exchange, { families: ['stock', 'privateStock'] })).toEqual(idsOf(equity));
    const statuses = [...new Set(demo.map((row) => row.status))].slice(0, 2);
    expect(await listIds(exchange, { statuses })).toEqual(
      idsOf(demo.filter((row) => statuses.includes(row.status))),
    );
    // with the single filters on top: both hold
    expect(await listIds(exchange, { families: ['stock', 'bulk'], family: 'bulk' })).toEqual(
      idsOf(demo.filter((row) => row.family === 'bulk')),
    );
  });

  it('refuses a status that is none, changing nothing', async () => {
    const body = await exchange.post('/api/project/list', { page: 1, size: 10, statuses: ['nonsense'] });
    expect(body.status).toBe(1);
  });
});
