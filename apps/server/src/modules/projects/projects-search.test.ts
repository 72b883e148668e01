// The project list's keyword search: the same answers whether it runs on the LIKE alone (a company's list, a
// one-character keyword) or on the bigram index first (the exchange's list), and the bigram index can serve the
// exchange's condition. Projects are written straight into the table, a set of names chosen for each rule.
import type { ProjectListRow } from '@cqjy/domain';
import { and, arrayContains, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { lowerBigrams, lowerContainsPattern } from '../../db/like.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';
import { projects } from './tables.ts';

let t: TestApp;
let owner: Client;
let exchange: Client;
/** the id of each project below by its name */
const ids = new Map<string, number>();

// Names of the owner's company; codes in the server's pattern, unique to this file (ZZ is no region).
const NAMES = [
  '废旧设备一批',
  '生产设备及配件',
  '闲置厂房',
  // 设 and 备 apart: no bigram 设备
  '设计备案资料',
  // both bigrams of 设备二 without 设备二: the LIKE decides
  '设备一备二',
  '钨矿采矿权',
  '100%股权',
  '100_股权',
  '1000股权',
];

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  const company = await selectRows<{ company_id: number }>(
    t.db,
    sql`select o.company_id from operators o join users u on u.id = o.user_id
        where u.username = 'transferor' and o.is_default`,
  );
  for (const [at, name] of NAMES.entries()) {
    const rows = await selectRows<{ id: number }>(
      t.db,
      sql`insert into projects (company_id, family, business_type, name, code, status)
          values (${company[0]?.company_id}, 'bulk', '2', ${name}, ${`GR2026ZZ${String(at).padStart(7, '0')}`},
                  'disclosing')
          returning id`,
    );
    ids.set(name, rows[0]?.id ?? 0);
  }
});

afterAll(async () => {
  await t.close();
});

/** The names among this file's projects that a list of `client` finds for the keyword. */
async function found(client: Client, keyword: string): Promise<string[]> {
  const body = await client.post<{ list: ProjectListRow[]; total: number }>('/api/project/list', {
    page: 1,
    size: 100,
    keyword,
  });
  expect(body.status, body.msg).toBe(0);
  expect(body.data.total).toBe(body.data.list.length);
  const names = new Map([...ids].map(([name, id]) => [id, name]));
  return body.data.list.flatMap((row) => names.get(row.id) ?? []).sort();
}

/** Both lists: the owner's (LIKE alone, on the scope's index) and the exchange's (bigram index, then LIKE). */
async function foundByBoth(keyword: string): Promise<string[]> {
  const own = await found(owner, keyword);
  expect(await found(exchange, keyword)).toEqual(own);
  return own;
}

describe('keyword search', () => {
  it('a two-character keyword finds the names containing it, and only those', async () => {
    expect(await foundByBoth('设备')).toEqual(['废旧设备一批', '生产设备及配件', '设备一备二'].sort());
    // every bigram of the keyword present is not enough: they must follow each other as typed
    expect(await foundByBoth('设备二')).toEqual([]);
    expect(await foundByBoth('备二')).toEqual(['设备一备二']);
  });

  it('a one-character keyword searches by LIKE alone', async () => {
    expect(lowerBigrams('矿')).toEqual([]);
    expect(await foundByBoth('矿')).toEqual(['钨矿采矿权']);
    expect(await foundByBoth('备')).toEqual(
      ['废旧设备一批', '生产设备及配件', '设计备案资料', '设备一备二'].sort(),
    );
  });

  it('a code is found in any case', async () => {
    expect(await foundByBoth('gr2026zz0000005')).toEqual(['钨矿采矿权']);
    expect(await foundByBoth('Gr2026Zz0000005')).toEqual(['钨矿采矿权']);
    expect(await foundByBoth('ZZ000000')).toEqual([...NAMES].sort());
  });

  it('% and _ typed by a user are searched for, not wildcards', async () => {
    expect(await foundByBoth('100%')).toEqual(['100%股权']);
    expect(await foundByBoth('0_股')).toEqual(['100_股权']);
    expect(await foundByBoth('%')).toEqual(['100%股权']);
    expect(await foundByBoth('_')).toEqual(['100_股权']);
    expect(await foundByBoth('100股权')).toEqual([]);
  });

  it('a keyword running from the name into the code matches nothing', async () => {
    expect(await foundByBoth('一批gr')).toEqual([]);
    expect(await foundByBoth('厂房GR2026')).toEqual([]);
  });

  it('the bigrams of a keyword are those the database stores for a name', async () => {
    const rows = await selectRows<{ grams: string[] }>(
      t.db,
      sql`select search_grams as grams from projects where id = ${ids.get('100_股权')}`,
    );
    const stored = rows[0]?.grams ?? [];
    expect(stored).toEqual(expect.arrayContaining(lowerBigrams('100_股权')));
    expect(stored).toEqual(expect.arrayContaining(lowerBigrams('GR2026ZZ0000007')));
    // each once, in code point order
    expect(stored).toEqual([...new Set(stored)].sort());
    // characters are code points, as PostgreSQL counts them, not UTF-16 units
    expect(lowerBigrams('ＡＢab𠀀𠀁')).toEqual(['ａｂ', 'ｂa', 'ab', 'b𠀀', '𠀀𠀁']);
  });

  it("the bigram index can serve the exchange's keyword condition", async () => {
    // Only bitmap scans allowed: the plan shows the index matches the condition the exchange's list writes, not
    // which plan PostgreSQL would choose on a table of this size.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const where = and(
        arrayContains(projects.searchGrams, lowerBigrams('设备')),
        like(projects.searchText, lowerContainsPattern('设备')),
      );
      return selectRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select count(*) from (select 1 from ${projects} where ${where} limit 1001) counted`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'Bitmap Index Scan on projects_search_grams_idx',
    );
  });
});
