// The project list's keyword search: the same answers whether it runs on the LIKE alone (a company's list, a
// one-character keyword) or on the bigram index first (the exchange's list), and the bigram index can serve the
// exchange's condition. Projects are written straight into the table, a set of names chosen for each rule.
import { LIST_COUNT_CAP, type ProjectListRow } from '@cqjy/domain';
import { and, arrayContains, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { lowerBigrams, lowerContainsPattern } from '../../db/like.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';
import { chooseGrams } from './keyword.ts';
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

  it("the exchange's search looks up the rarest bigram of each half of a keyword, and none of a common one", () => {
    // shares of names as pg_stats gives them on the bench's million projects
    const stats = {
      shares: new Map([
        ['上海', 0.054],
        ['海化', 0.0046],
        ['化工', 0.082],
        ['工集', 0.082],
        ['集团', 1],
        ['团闲', 0.0835],
        ['闲置', 0.0835],
        ['置厂', 0.0835],
        ['厂房', 0.0835],
        ['设备', 0.169],
      ]),
      otherShare: 0.0018,
    };
    // not 上海 with 海化: side by side, they are in the same names
    expect(chooseGrams('上海化工集团闲置厂房', stats)).toEqual(['海化', '团闲']);
    // one name in six: read in order, not looked up
    expect(chooseGrams('设备', stats)).toEqual([]);
    expect(chooseGrams('集团', stats)).toEqual([]);
    // a bigram the statistics do not list is rarer than those they do
    expect(chooseGrams('钨矿采矿权', stats)).toEqual(['钨矿', '采矿']);
    expect(chooseGrams('设备钨', stats)).toEqual(['设备', '备钨']);
    // without statistics (a new database), the first bigram of each half
    expect(chooseGrams('上海化工集团闲置厂房', { shares: new Map(), otherShare: 0 })).toEqual([
      '上海',
      '团闲',
    ]);
    expect(chooseGrams('设', stats)).toEqual([]);
    expect(chooseGrams('设备设备', stats)).toEqual([]);
  });

  it("the exchange's pages of a looked-up keyword are the slices of its whole list, in every order", async () => {
    for (const sort of ['newest', 'oldest', 'disclosureEnd'] as const) {
      const list = async (page: number, size: number) => {
        const body = await exchange.post<{ list: ProjectListRow[]; total: number }>('/api/project/list', {
          page,
          size,
          keyword: '设备',
          sort,
        });
        expect(body.status, body.msg).toBe(0);
        return body.data;
      };
      const whole = await list(1, 100);
      expect(whole.total).toBeGreaterThanOrEqual(3);
      const second = await list(2, 2);
      expect(second.total).toBe(whole.total);
      expect(second.list.map((row) => row.id)).toEqual(whole.list.slice(2, 4).map((row) => row.id));
      // past the end: no rows, the same total, also past the largest array subscript
      for (const page of [50, 2 ** 31]) {
        const beyond = await list(page, 2);
        expect(beyond).toEqual({ ...beyond, list: [], total: whole.total });
      }
    }
  });

  it('more matches of a looked-up keyword than the cap: the count says so, the page is the newest', async () => {
    const company = await selectRows<{ company_id: number }>(
      t.db,
      sql`select company_id from projects where id = ${ids.get('闲置厂房')}`,
    );
    await t.db.execute(
      sql`insert into projects (company_id, family, business_type, name, code, status)
          select ${company[0]?.company_id}, 'bulk', '2', '钼矿探矿权第' || g || '宗', 'GR2026ZY' || lpad(g::text, 7, '0'),
                 'disclosing'
          from generate_series(1, ${LIST_COUNT_CAP + 5}) as g`,
    );
    const newest = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where name like '钼矿探矿权%' order by id desc limit 10`,
    );
    const body = await exchange.post<{ list: ProjectListRow[]; total: number; isTotalCapped: boolean }>(
      '/api/project/list',
      { page: 1, size: 10, keyword: '钼矿探矿' },
    );
    expect(body.status, body.msg).toBe(0);
    expect(body.data).toMatchObject({ total: LIST_COUNT_CAP, isTotalCapped: true });
    expect(body.data.list.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    await t.db.execute(sql`delete from projects where name like '钼矿探矿权%'`);
  });

  it("a common keyword's count in the exchange's list reads the narrow index of names", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return selectRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select count(*) from (select 1 from ${projects}
            where ${like(projects.searchText, lowerContainsPattern('设备'))} limit 1001) counted`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'Index Only Scan using projects_search_text_idx',
    );
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
