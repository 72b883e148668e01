// The exchange's search of every company's projects with PostgreSQL's statistics at hand (keyword.ts): a common
// keyword counted exactly to LIST_EXACT_BEFORE_ESTIMATE and estimated beyond, its page exact; a rare one looked up by
// its bigrams and counted exactly. An app of its own, since the statistics are read once per database.
import { LIST_EXACT_BEFORE_ESTIMATE, type ProjectListRow } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';
import { estimateTotal } from './repo-lists.ts';

let t: TestApp;
let exchange: Client;
const COMMON = 1_200;
const OTHERS = 1_200;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  const company = await selectRows<{ id: number }>(t.db, sql`select id from companies order by id limit 1`);
  // one name in two holds 设备; one of all holds 钒钛
  await t.db.execute(
    sql`insert into projects (company_id, family, business_type, name, code, status)
        select ${company[0]?.id}, 'bulk', '2',
               case when g % 2 = 0 then '废旧设备第' || g || '批' else '闲置厂房第' || g || '号' end
                 || case when g = 777 then '（钒钛）' else '' end,
               'GR2026ZW' || lpad(g::text, 7, '0'), 'disclosing'
        from generate_series(1, ${COMMON + OTHERS}) as g`,
  );
  await t.db.execute(sql`analyze projects`);
});

afterAll(async () => {
  await t.close();
});

async function search(keyword: string, page = 1) {
  const body = await exchange.post<{
    list: ProjectListRow[];
    total: number;
    isTotalCapped?: boolean;
    isTotalEstimated?: boolean;
  }>('/api/project/list', { page, size: 10, keyword });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

describe("the exchange's keyword search with statistics", () => {
  it('a common keyword: the page exact, the total estimated and said to be', async () => {
    const newest = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where search_text like '%设备%' order by id desc limit 20`,
    );
    const actual = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from projects where search_text like '%设备%'`,
    );
    const found = await search('设备');
    expect(found.isTotalEstimated).toBe(true);
    expect(found.list.map((row) => row.id)).toEqual(newest.slice(0, 10).map((row) => row.id));
    expect((await search('设备', 2)).list.map((row) => row.id)).toEqual(
      newest.slice(10).map((row) => row.id),
    );
    const n = actual[0]?.n ?? 0;
    expect(n).toBeGreaterThan(LIST_EXACT_BEFORE_ESTIMATE);
    // every other of the newest names holds it, as of all of them
    expect(found.total).toBeGreaterThan(n * 0.7);
    expect(found.total).toBeLessThan(n * 1.3);
  });

  it('a rare keyword is counted exactly', async () => {
    const found = await search('钒钛');
    expect(found).toMatchObject({ total: 1, isTotalCapped: false });
    expect(found.isTotalEstimated).toBeUndefined();
    expect(found.list.map((row) => row.name)).toEqual(['闲置厂房第777号（钒钛）']);
  });

  it('a keyword of two common halves that no name holds together is counted exactly: none', async () => {
    // 设备 and 厂房 are each in one name in two, so the keyword is searched for as a common one
    const found = await search('设备厂房');
    expect(found).toMatchObject({ list: [], total: 0 });
    expect(found.isTotalEstimated).toBeUndefined();
  });

  it('the estimate is the share of the ids read, to two significant digits', () => {
    // 101 matches among the newest tenth of a million ids: about 1,010
    expect(estimateTotal({ n: 101, deepest: 900_001, lowest: 1, highest: 1_000_000 })).toBe(1_000);
    expect(estimateTotal({ n: 101, deepest: 999_395, lowest: 1, highest: 1_000_000 })).toBe(170_000);
    // never below what was counted
    expect(estimateTotal({ n: 101, deepest: 1, lowest: 1, highest: 150 })).toBe(101);
  });
});
