// Every registry of the domain on the kit's calls: a row of good values is saved, shown, listed and updated;
// empty values answer the first required field's Chinese message and store nothing; another company's row answers
// 404 on show, update, delete and start, and changes nothing; the template and the export answer workbooks.
import {
  composeCreditCode,
  REGISTRIES,
  fillIn,
  pleaseSelect,
  type RegistryKey,
  type RegistryRow,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
const clients: Partial<Record<'transferor' | 'transferor2' | 'land' | 'agent' | 'agent2', Client>> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  for (const name of ['transferor', 'transferor2', 'land', 'agent', 'agent2'] as const) {
    clients[name] = clientOf(t, await loginAs(t.app, name));
  }
});

afterAll(async () => {
  await t.close();
});

/** A good row of each registry, as a form sends it. */
const GOOD: Record<RegistryKey, Record<string, string>> = {
  assets: { name: '检验设备', category: '机器设备', quantity: '2', unit: '台', status: '在库' },
  stockright: {
    enterpriseName: '检验科技有限公司',
    creditCode: composeCreditCode('110108', '80000001'),
    share: '12.5',
    contribution: '500000',
  },
  customer: {
    name: '检验贸易有限公司',
    creditCode: composeCreditCode('110108', '80000002'),
    kind: '其他',
    contactName: '检验',
    contactMobile: '13900009001',
  },
  personalCustomer: { name: '检验人', idCard: '11010819850301004X', kind: '其他', mobile: '13900009002' },
  businessOpportunity: {
    name: '检验商机',
    customerName: '检验贸易有限公司',
    subject: '实物资产转让',
    stage: '初步接洽',
    contactName: '检验',
    contactMobile: '13900009003',
  },
  invoicing: {
    title: '检验科技有限公司',
    taxpayerNo: composeCreditCode('110108', '80000003'),
    invoiceType: '增值税专用发票',
    bankAccount: '6222 0200 0000 1234 567',
    isDefault: '是',
  },
  bank: {
    accountName: '检验科技有限公司',
    accountNo: '110060000018800012345',
    bankName: '中国工商银行',
    branchName: '北京示范支行',
    accountType: '对公账户',
    isDefault: '是',
  },
  ledgerSmall: {
    principalName: '检验集团有限公司',
    name: '检验废钢',
    category: '废旧物资',
    quantity: '3.5',
    unit: '吨',
    location: '检验仓库',
    startingPrice: '10500',
    status: '在库',
  },
  land: {
    parcelNo: 'JY-001',
    name: '检验地块',
    region: '北京市',
    location: '检验路1号',
    area: '100',
    usage: '工业用地',
    rightType: '出让',
    status: '储备中',
  },
};

const countRows = async (registry: string): Promise<number> =>
  (
    await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from registry_rows where registry = ${registry}`,
    )
  )[0]?.n ?? 0;

describe.each(REGISTRIES.map((def) => [def.key, def] as const))('%s', (key, def) => {
  // the land parcels are the land identity's, the ledger the agent members'; the rest the transferors'
  const own = () =>
    (key === 'land' ? clients.land : key === 'ledgerSmall' ? clients.agent : clients.transferor) as Client;
  const other = () => (key === 'ledgerSmall' ? clients.agent2 : clients.transferor2) as Client;
  let row: RegistryRow;

  it('refuses empty values with the first required field’s message, storing nothing', async () => {
    const before = await countRows(key);
    const first = def.fields.find((field) => field.isRequired);
    const message = first?.kind === 'choice' ? pleaseSelect(first.label) : fillIn(first?.label ?? '');
    expect(await own().post(`${def.apiBase}/save`, { values: {} })).toMatchObject({
      status: 1,
      msg: message,
    });
    expect(await countRows(key)).toBe(before);
  });

  it('saves, shows, lists and updates a row of its own', async () => {
    const saved = await own().post<{ id: number; version: number }>(`${def.apiBase}/save`, {
      values: GOOD[key],
    });
    expect(saved.status, saved.msg).toBe(0);
    row = (await own().get<RegistryRow>(`${def.apiBase}/${saved.data.id}`)).data;
    expect(row.values[def.nameField]).toBe(GOOD[key][def.nameField]);
    const listed = await own().post<{ list: RegistryRow[] }>(`${def.apiBase}/list`, { page: 1, size: 50 });
    expect(listed.data.list.map((each) => each.id)).toContain(row.id);
    const updated = await own().post<{ version: number }>(`${def.apiBase}/update/${row.id}`, {
      version: row.version,
      values: { ...GOOD[key], [def.nameField]: `${GOOD[key][def.nameField]}二` },
    });
    expect(updated.status, updated.msg).toBe(0);
    row = (await own().get<RegistryRow>(`${def.apiBase}/${row.id}`)).data;
    expect(row.values[def.nameField]).toBe(`${GOOD[key][def.nameField]}二`);
  });

  it('answers 404 to another company on every call of the row, and changes nothing', async () => {
    const ref = { id: row.id, version: row.version };
    expect((await other().get(`${def.apiBase}/${row.id}`)).status).toBe(404);
    expect(
      await other().post(`${def.apiBase}/update/${row.id}`, { version: row.version, values: GOOD[key] }),
    ).toMatchObject({ status: 404 });
    expect(await other().post(`${def.apiBase}/delete/${row.id}`, { version: row.version })).toMatchObject({
      status: 404,
    });
    const family = def.start?.families[0];
    if (family !== undefined) {
      expect(await other().post(`${def.apiBase}/project`, { family, rows: [ref] })).toMatchObject({
        status: 404,
      });
    }
    const after = (await own().get<RegistryRow>(`${def.apiBase}/${row.id}`)).data;
    expect(after).toMatchObject({ version: row.version, values: row.values });
  });

  it('answers its template (where it has an import) and its export as workbooks', async () => {
    const kinds = [
      `${def.apiBase}/export`,
      ...(def.routes.import === undefined ? [] : [`${def.apiBase}/template`]),
    ];
    for (const url of kinds) {
      const response = await own().raw('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('deletes its own row with the version', async () => {
    expect((await own().post(`${def.apiBase}/delete/${row.id}`, { version: row.version })).status).toBe(0);
    expect((await own().get(`${def.apiBase}/${row.id}`)).status).toBe(404);
  });
});
