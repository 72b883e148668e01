import {
  BUSINESS_TYPES,
  DICTIONARIES,
  isCreditCode,
  MSG,
  type DictItem,
  type DictTreeNode,
  type EnterpriseDirectoryItem,
  type ProjectPermission,
  type ZoningItem,
} from '@cqjy/domain';
import { DICTIONARY_ENTRIES } from '@cqjy/domain/dictionary-data';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DEMO_PROJECT_PERMISSIONS } from '../../seeds/seed.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { seedDictionaries } from './seed.ts';
import { buildTree } from './service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  for (const username of ['transferor', 'member', 'admin', 'land']) {
    tokens[username] = await loginAs(t.app, username);
  }
});

afterAll(async () => {
  await t.close();
});

function get(username: string, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: bearer(tokens[username] ?? '') });
}

function post(username: string, url: string, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: bearer(tokens[username] ?? ''),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function listKeys(username: string, url: string): Promise<string[]> {
  const body = readJson<DictItem[]>(await get(username, url));
  expect(body.status, body.msg).toBe(0);
  return body.data.map((item) => item.key);
}

/** Replaces the project permissions of the company the user signs in to. */
async function setPermissions(username: string, permissions: ProjectPermission[]): Promise<void> {
  await t.db.execute(sql`
    update companies set project_permissions = ${JSON.stringify(permissions)}::jsonb
    where id = (select o.company_id from operators o join users u on u.id = o.user_id
                where u.username = ${username} and o.is_default)`);
}

/** DEMO_PROJECT_PERMISSIONS with some business types' asset types replaced. */
function permissionsWith(overrides: Record<string, string[]>): ProjectPermission[] {
  return DEMO_PROJECT_PERMISSIONS.map((entry) => ({
    businessType: entry.businessType,
    projectAssetType: overrides[entry.businessType] ?? entry.projectAssetType,
  }));
}

describe('dictionary lists', () => {
  it('answers a dictionary in its order on both paths of the spec', async () => {
    const first = readJson<DictItem[]>(await get('member', '/api/app/dict/data/list/scale'));
    expect(first.data.map((item) => item.label)).toEqual(['大型', '中型', '小型', '微型']);
    expect(first.data[0]).toEqual({ key: '1', label: '大型', parentKey: null, sort: 1 });
    const second = readJson<DictItem[]>(await get('member', '/api/app/dict/data/scale/list'));
    expect(second.data).toEqual(first.data);
  });

  it('has every dictionary of the spec seeded, with the named entries', async () => {
    for (const code of Object.keys(DICTIONARIES) as (keyof typeof DICTIONARIES)[]) {
      const keys = await listKeys('member', `/api/app/dict/data/list/${code}`);
      expect(keys, code).toEqual(DICTIONARY_ENTRIES[code].map((entry) => entry.key));
      expect(keys.length, code).toBeGreaterThan(0);
    }
    const labels = async (code: string) =>
      readJson<DictItem[]>(await get('member', `/api/app/dict/data/list/${code}`)).data.map((i) => i.label);
    expect(await labels('paymentMode')).toEqual(['一次性付款', '分期付款']);
    expect(await labels('personCertificateType')).toEqual([
      '身份证',
      '护照',
      '港澳居民来往内地通行证',
      '台湾居民来往大陆通行证',
      '其他',
    ]);
    expect(await labels('orgCertificateType')).toEqual(['统一社会信用代码', '组织机构代码', '其他']);
    expect(await labels('currency')).toEqual(expect.arrayContaining(['人民币', '美元', '欧元', '港币']));
    expect(await labels('industry')).toHaveLength(20);
    expect((await labels('industry'))[0]).toBe('农、林、牧、渔业');
    expect(await labels('businessType')).toEqual(BUSINESS_TYPES.map((type) => type.label));
    expect(await listKeys('member', '/api/app/dict/data/list/assetSource')).toEqual(
      expect.arrayContaining(['GWYGZWJG', 'BJSGZW', 'A02002001']),
    );
  });

  it('answers an empty list for an unknown code', async () => {
    expect(readJson(await get('member', '/api/app/dict/data/list/noSuchCode'))).toEqual({
      status: 0,
      msg: MSG.ok,
      data: [],
    });
  });

  it('answers the regulator codes as a tree (SH-9.3)', async () => {
    const body = readJson<DictTreeNode[]>(
      await get('member', '/api/app/dict/data/list/regulatoryBodies/tree'),
    );
    expect(body.data.map((node) => node.key)).toEqual([
      'A02001',
      'A02002',
      'A02003',
      'A02004',
      'A02005',
      'A02006',
    ]);
    const childrenOf = (key: string) =>
      body.data.find((node) => node.key === key)?.children.map((child) => child.key);
    expect(childrenOf('A02002')).toEqual(['A02002001']);
    expect(childrenOf('A02004')).toEqual(['A02004001']);
    expect(childrenOf('A02006')).toEqual(['A02006001']);
    expect(childrenOf('A02001')).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/dict/data/list/scale' });
    expect(response.statusCode).toBe(401);
    const zoning = await t.app.inject({ method: 'POST', url: '/api/app/getZoningDict', payload: {} });
    expect(zoning.statusCode).toBe(401);
  });
});

describe('BF-6.1 option filtering when the form names its business type', () => {
  it('never offers business type 12, and filters nothing without the parameter', async () => {
    expect(await listKeys('member', '/api/app/dict/data/list/businessType?businessType=')).not.toContain(
      '12',
    );
    expect(await listKeys('member', '/api/app/dict/data/list/businessType')).toContain('12');
  });

  it('removes 3 and 10 without permission for business type 1 or 2', async () => {
    const url = '/api/app/dict/data/list/businessType?businessType=';
    expect(await listKeys('member', url)).toEqual(expect.arrayContaining(['3', '10']));
    await setPermissions('member', permissionsWith({ '1': [], '2': [] }));
    try {
      const keys = await listKeys('member', url);
      expect(keys).not.toContain('3');
      expect(keys).not.toContain('10');
      expect(keys).toContain('4');
    } finally {
      await setPermissions('member', DEMO_PROJECT_PERMISSIONS);
    }
  });

  it('without asset type 1, keeps only key 5 for type 1 and drops key 10 for type 2', async () => {
    const forType = (type: string) => `/api/app/dict/data/list/projectAssetType?businessType=${type}`;
    expect(await listKeys('member', forType('1'))).toContain('1');
    await setPermissions('member', permissionsWith({ '1': ['2'], '2': ['2'] }));
    try {
      expect(await listKeys('member', forType('1'))).toEqual(['5']);
      const type2 = await listKeys('member', forType('2'));
      expect(type2).not.toContain('10');
      expect(type2).toContain('1');
    } finally {
      await setPermissions('member', DEMO_PROJECT_PERMISSIONS);
    }
  });

  it('answers other dictionaries empty for business type 11', async () => {
    expect(await listKeys('member', '/api/app/dict/data/list/currency?businessType=11')).toEqual([]);
    expect(await listKeys('member', '/api/app/dict/data/currency/list?businessType=11')).toEqual([]);
    expect(await listKeys('member', '/api/app/dict/data/list/currency?businessType=4')).toContain('CNY');
  });

  it('offers a transferor only the business-type options with key 1 or 0', async () => {
    expect(await listKeys('transferor', '/api/app/dict/data/list/businessType?businessType=')).toEqual(['1']);
  });
});

describe('seeding', () => {
  it('adds what is missing and keeps the exchange’s edits', async () => {
    await t.db.execute(
      sql`update dict_data set label = '一次付清' where type_code = 'paymentMode' and key = '1'`,
    );
    await t.db.execute(sql`delete from dict_data where type_code = 'paymentMode' and key = '2'`);
    await seedDictionaries(t.db, { isWithSamples: true });
    await seedDictionaries(t.db, { isWithSamples: true });
    const rows = await selectRows<{ key: string; label: string }>(
      t.db,
      sql`select key, label from dict_data where type_code = 'paymentMode' order by key`,
    );
    expect(rows).toEqual([
      { key: '1', label: '一次付清' },
      { key: '2', label: '分期付款' },
    ]);
    const directory = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from enterprise_directory`,
    );
    expect(directory[0]?.n).toBe(39);
  });

  it('builds trees from parent keys, keeping orphans at the top', () => {
    const item = (key: string, parentKey: string | null): DictItem => ({
      key,
      label: key,
      parentKey,
      sort: 0,
    });
    const tree = buildTree([item('a', null), item('b', 'a'), item('c', 'gone'), item('d', 'b')]);
    expect(tree.map((node) => node.key)).toEqual(['a', 'c']);
    expect(tree[0]?.children[0]?.children.map((node) => node.key)).toEqual(['d']);
  });
});

describe('regions (POST /api/app/getZoningDict)', () => {
  async function zoning(parentCode?: string | number): Promise<ZoningItem[]> {
    const body = readJson<ZoningItem[]>(
      await post('member', '/api/app/getZoningDict', parentCode === undefined ? {} : { parentCode }),
    );
    expect(body.status, body.msg).toBe(0);
    return body.data;
  }

  it('lists the 31 provinces without a parent', async () => {
    const provinces = await zoning();
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市', hasChildren: true });
    expect((await zoning('')).length).toBe(31);
  });

  it('answers 市辖区 for the city of each municipality (SH-9.2)', async () => {
    for (const [province, city] of [
      ['110000', '110100'],
      ['120000', '120100'],
      ['310000', '310100'],
      ['500000', '500100'],
    ] as const) {
      const cities = await zoning(province);
      expect(cities[0], province).toEqual({ code: city, name: '市辖区', hasChildren: true });
    }
  });

  it('lists the cities of a province and the counties of a city', async () => {
    const guangdong = await zoning('440000');
    expect(guangdong).toContainEqual({ code: '440100', name: '广州市', hasChildren: true });
    expect(guangdong).toContainEqual({ code: '441900', name: '东莞市', hasChildren: false });
    expect(await zoning(440100)).toContainEqual({ code: '440106', name: '天河区', hasChildren: false });
    expect(await zoning('441900')).toEqual([]);
    expect(await zoning('110105')).toEqual([]);
    expect(await zoning('abc')).toEqual([]);
  });
});

describe('enterprise directory (SH-7.5)', () => {
  async function directory(payload: object): Promise<EnterpriseDirectoryItem[]> {
    const body = readJson<EnterpriseDirectoryItem[]>(
      await post('member', '/api/app/enterprise/directory', payload),
    );
    expect(body.status, body.msg).toBe(0);
    return body.data;
  }

  it('answers a dozen enterprises with valid credit codes for each search value', async () => {
    const codes = { 1: 'GWYGZWJG', 2: 'BJSGZW', 3: 'A02002001' } as const;
    for (const search of [1, 2, 3] as const) {
      const list = await directory({ search });
      expect(list, String(search)).toHaveLength(12);
      expect(list.every((item) => item.sourceCode === codes[search])).toBe(true);
      expect(list.every((item) => isCreditCode(item.creditCode))).toBe(true);
    }
    expect((await directory({ search: 2 }))[0]?.name).toMatch(/^北京/);
  });

  it('filters by a keyword in the name or the credit code, taking % literally', async () => {
    const all = await directory({ search: 1 });
    expect((await directory({ search: 1, keyword: '能源' })).map((item) => item.name)).toEqual([
      '中国华宇能源集团有限公司',
    ]);
    const code = all[3]?.creditCode ?? '';
    expect(await directory({ search: '1', keyword: code.slice(-6) })).toEqual([all[3]]);
    expect(await directory({ search: 1, keyword: '%' })).toEqual([]);
  });

  it('refuses a search value other than 1, 2 or 3', async () => {
    const body = readJson(await post('member', '/api/app/enterprise/directory', { search: 4 }));
    expect(body).toEqual({ status: 1, msg: MSG.badRequest, data: null });
  });

  it('answers other asset source codes from GET /api/project/asset/source/{code}', async () => {
    const other = readJson<EnterpriseDirectoryItem[]>(
      await get('land', '/api/project/asset/source/ZYQTBWJG'),
    );
    expect(other.data).toHaveLength(3);
    expect(other.data.every((item) => item.sourceCode === 'ZYQTBWJG')).toBe(true);
    const none = readJson<EnterpriseDirectoryItem[]>(await get('land', '/api/project/asset/source/QT'));
    expect(none).toEqual({ status: 0, msg: MSG.ok, data: [] });
  });
});
