// The registries kit on the customer registries (企业客户, 自然人客户): save, list (keyword, filter, masks), show,
// update with its version, delete; bad input answers the field's Chinese message and stores nothing; a number is
// registered once per company; another company's row answers 404 on every call and the exchange lists every
// company's; the template, the import with its preview (the bad rows named, the good ones stored, thousands at
// once, at most 20,000 a file) and the streamed export (its own rows whole, the exchange's view masked) read back.
import {
  composeCreditCode,
  findRegistry,
  formatMessage,
  MSG,
  registrySheet,
  type RegistryDef,
  type RegistryRow,
  type SheetImportPreview,
  type SheetValues,
} from '@cqjy/domain';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart } from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { streamSheetExport } from '../projects/sheet-files.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let ownerToken: string;
let owner: Client;
let foreign: Client;
let foreignToken: string;
let exchange: Client;
let ownerCompanyId = 0;

const CREDIT = composeCreditCode('110105', '40000001');
const CUSTOMER = {
  name: '北京示范投资有限公司',
  creditCode: CREDIT,
  kind: '投资方',
  contactName: '赵经理',
  contactMobile: '13900000011',
  email: 'zhao@example.com',
};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  foreignToken = await loginAs(t.app, 'transferor2');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, foreignToken);
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.company_id as id from operators o join users u on u.id = o.user_id
        where u.username = 'transferor' and o.is_default`,
  );
  ownerCompanyId = rows[0]?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

const countRows = async (): Promise<number> =>
  (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from registry_rows`))[0]?.n ?? 0;

async function workbookOf(client: Client, url: string): Promise<ExcelJS.Workbook> {
  return loadWorkbook(await client.raw('GET', url));
}

async function loadWorkbook(response: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The cells of a workbook's first sheet as text, a row each, the header row first. */
function textsOf(workbook: ExcelJS.Workbook): string[][] {
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    // row.values is sparse (an empty cell is a hole) and starts at column 1
    const values = Array.from(row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(
      values.map((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')),
    );
  });
  return rows;
}

const registryOf = (key: string): RegistryDef => {
  const def = findRegistry(key);
  if (def === undefined) throw new Error(`no registry ${key}`);
  return def;
};

/**
 * A workbook of a header row and `count` rows, written by ExcelJS's streaming writer (quick for many rows): its
 * text in the cells, or in a table of shared strings, as Excel and WPS write it.
 */
async function bigSheet(
  headers: readonly string[],
  count: number,
  row: (i: number) => unknown[],
  useSharedStrings = false,
) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings });
  const sheet = workbook.addWorksheet('list');
  sheet.addRow([...headers]).commit();
  for (let i = 0; i < count; i += 1) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function uploadImport(token: string, registry: string, companyId: number, content: Buffer) {
  const { payload, headers } = buildMultipart(
    {
      command: 'upload',
      tag: 'registryImport',
      dataClass: 'registryImport',
      dataId: `${registry}-${companyId}`,
    },
    { name: `${registry}.xlsx`, content },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  return readJson<Record<string, { uuid: string }[]>>(response);
}

describe('企业客户 (/api/customer)', () => {
  let id = 0;
  let version = 0;

  it('refuses bad values with the field message, storing nothing', async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...CUSTOMER, name: '' }, '请填写企业名称'],
      [{ ...CUSTOMER, creditCode: '91110000ABCDEFGH' }, '统一社会信用代码'],
      [{ ...CUSTOMER, contactMobile: '1390000' }, '手机号'],
      [{ ...CUSTOMER, email: 'zhao@' }, '邮箱'],
      [{ ...CUSTOMER, kind: '供应商' }, '客户类型'],
    ];
    for (const [values, message] of cases) {
      const answer = await owner.post('/api/customer/save', { values });
      expect(answer.status, JSON.stringify(values)).toBe(1);
      expect(answer.msg).toContain(message);
    }
    expect(await owner.post('/api/customer/save', { values: 'x' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(await countRows()).toBe(before);
  });

  it('saves a customer once per company; lists it masked, shows it whole to its company', async () => {
    const saved = await owner.post<{ id: number; version: number }>('/api/customer/save', {
      values: CUSTOMER,
    });
    expect(saved.status, saved.msg).toBe(0);
    ({ id, version } = saved.data);
    expect(await owner.post('/api/customer/save', { values: CUSTOMER })).toMatchObject({
      status: 1,
      msg: '该统一社会信用代码已登记',
    });
    // another company may register the same customer
    expect((await foreign.post('/api/customer/save', { values: CUSTOMER })).status).toBe(0);

    const list = await owner.post<{ list: RegistryRow[]; total: number }>('/api/customer/list', {
      keyword: '示范投资',
      filters: { kind: '投资方' },
      page: 1,
      size: 10,
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]?.values).toMatchObject({ name: CUSTOMER.name, contactMobile: '139****0011' });
    const none = await owner.post<{ total: number }>('/api/customer/list', {
      filters: { kind: '转让方' },
      page: 1,
      size: 10,
    });
    expect(none.data.total).toBe(0);
    const shown = await owner.get<RegistryRow>(`/api/customer/${id}`);
    expect(shown.data.values).toMatchObject({ contactMobile: '13900000011', creditCode: CREDIT });
  });

  it("keeps another company's row from it: 404 on every call, nothing changes", async () => {
    expect((await foreign.get(`/api/customer/${id}`)).status).toBe(404);
    expect(await foreign.post(`/api/customer/update/${id}`, { version, values: CUSTOMER })).toMatchObject({
      status: 404,
    });
    expect(await foreign.post(`/api/customer/delete/${id}`, { version })).toMatchObject({ status: 404 });
    const theirs = await foreign.post<{ list: RegistryRow[] }>('/api/customer/list', { page: 1, size: 10 });
    expect(theirs.data.list.map((row) => row.id)).not.toContain(id);
    // the exchange lists every company's rows, masked
    const all = await exchange.post<{ list: RegistryRow[] }>('/api/customer/list', { page: 1, size: 50 });
    expect(new Set(all.data.list.map((row) => row.companyName)).size).toBeGreaterThan(1);
    expect((await exchange.get<RegistryRow>(`/api/customer/${id}`)).data.values.contactMobile).toBe(
      '139****0011',
    );
  });

  it('updates with its version (a stale one: 409) and deletes', async () => {
    const updated = await owner.post<{ version: number }>(`/api/customer/update/${id}`, {
      version,
      values: { ...CUSTOMER, contactName: '钱经理' },
    });
    expect(updated.status, updated.msg).toBe(0);
    expect(
      await owner.post(`/api/customer/update/${id}`, {
        version,
        values: { ...CUSTOMER, contactName: '孙经理' },
      }),
    ).toMatchObject({ status: 409 });
    expect((await owner.get<RegistryRow>(`/api/customer/${id}`)).data.values.contactName).toBe('钱经理');
    expect(await owner.post(`/api/customer/delete/${id}`, { version })).toMatchObject({ status: 409 });
    expect((await owner.post(`/api/customer/delete/${id}`, { version: updated.data.version })).status).toBe(
      0,
    );
    expect((await owner.get(`/api/customer/${id}`)).status).toBe(404);
  });

  it('imports from its template: the preview names each bad row, the good ones are stored', async () => {
    const workbook = await workbookOf(owner, '/api/customer/template');
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).text).toBe('*企业名称');
    const good = ['上海示范资本有限公司', composeCreditCode('310115', '40000002'), '', '投资方'];
    const row = (cells: unknown[]) => [...cells, '', '', '', '钱经理', '13900000012'];
    sheet.addRow(row(good));
    sheet.addRow(row(['广州示范投资有限公司', '91440106MA0000031X', '', '投资方']));
    sheet.addRow([
      ...row(['深圳示范投资有限公司', composeCreditCode('440300', '40000004'), '', '其他']).slice(0, 8),
      '1234',
    ]);
    sheet.addRow(row(good));
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await uploadImport(ownerToken, 'customer', ownerCompanyId, content);
    expect(uploaded.status, uploaded.msg).toBe(0);
    const uuid = uploaded.data.registryImport?.[0]?.uuid ?? '';
    // another company can neither upload into this company's imports nor read the file
    expect((await uploadImport(foreignToken, 'customer', ownerCompanyId, content)).status).not.toBe(0);
    expect((await foreign.post('/api/customer/import/preview', { uuid })).status).toBe(404);

    const before = await countRows();
    const preview = await owner.post<SheetImportPreview>('/api/customer/import/preview', { uuid });
    expect(preview.status, preview.msg).toBe(0);
    expect(preview.data).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(preview.data.rows.map((each) => each.errors.length > 0)).toEqual([false, true, true, true]);
    expect(preview.data.rows[3]?.errors).toContain('该统一社会信用代码已登记');
    expect(await countRows()).toBe(before);

    const imported = await owner.post('/api/customer/import', { uuid });
    expect(imported).toMatchObject({ status: 0, data: { imported: 1, skipped: 3 } });
    expect(await countRows()).toBe(before + 1);

    const exported = await workbookOf(owner, '/api/customer/export');
    const names: string[] = [];
    exported.worksheets[0]?.eachRow((each, index) => {
      if (index > 1) names.push(each.getCell(1).text);
    });
    expect(names).toContain('上海示范资本有限公司');
  });

  it('exports streamed in the template layout: its own rows whole, the exchange masked; it imports again', async () => {
    const template = textsOf(await workbookOf(owner, '/api/customer/template'))[0];
    const response = await owner.raw('GET', '/api/customer/export');
    // streamed: no length known beforehand
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-disposition']).toContain('attachment');
    const own = textsOf(await loadWorkbook(response));
    expect(own[0]).toEqual(template);
    const mobile = (template ?? []).indexOf('*联系人手机');
    const byName = (rows: string[][]) => new Map(rows.map((row) => [row[0], row]));
    // every row of its company (the demo's seeded ones too), oldest first, none of another company's
    const ownRows = own.slice(1);
    const stored = await owner.post<{ total: number }>('/api/customer/list', { page: 1, size: 10 });
    expect(ownRows).toHaveLength(stored.data.total);
    expect(byName(ownRows).get('上海示范资本有限公司')?.[mobile]).toBe('13900000012');
    expect(byName(ownRows).has('北京示范投资有限公司')).toBe(false);
    // the exchange exports every company's rows, their personal numbers masked
    const all = textsOf(await workbookOf(exchange, '/api/customer/export')).slice(1);
    expect(byName(all).get('上海示范资本有限公司')?.[mobile]).toBe('139****0012');
    expect(byName(all).get('北京示范投资有限公司')?.[mobile]).toBe('139****0011');
    expect(all.every((row) => row[mobile]?.includes('****'))).toBe(true);

    // the export reads as a filled-in template: each of its rows is the company's already
    const uploaded = await uploadImport(ownerToken, 'customer', ownerCompanyId, response.rawPayload);
    expect(uploaded.status, uploaded.msg).toBe(0);
    const preview = await owner.post<SheetImportPreview>('/api/customer/import/preview', {
      uuid: uploaded.data.registryImport?.[0]?.uuid ?? '',
    });
    expect(preview.data).toMatchObject({ total: ownRows.length, valid: 0 });
    expect(preview.data.rows.map((row) => row.errors)).toEqual(
      ownRows.map(() => ['该统一社会信用代码已登记']),
    );
  });
});

describe('自然人客户 (/api/personalCustomer)', () => {
  it('checks the identity card and masks it and the mobile in lists', async () => {
    const person = { name: '张伟', idCard: '11010519491231002x', kind: '投资方', mobile: '13900000013' };
    expect(
      await owner.post('/api/personalCustomer/save', { values: { ...person, idCard: '110105194912310021' } }),
    ).toMatchObject({ status: 1 });
    const saved = await owner.post<{ id: number }>('/api/personalCustomer/save', { values: person });
    expect(saved.status, saved.msg).toBe(0);
    const list = await owner.post<{ list: RegistryRow[] }>('/api/personalCustomer/list', {
      page: 1,
      size: 10,
    });
    expect(list.data.list[0]?.values).toMatchObject({ idCard: '110105********002X', mobile: '139****0013' });
    expect((await owner.get<RegistryRow>(`/api/personalCustomer/${saved.data.id}`)).data.values.idCard).toBe(
      '11010519491231002X',
    );
  });
});

describe('我的资产 (/api/assets) and 我的股权 (/api/stockright) on the same kit', () => {
  it('keep money typed in yuan as fen and shares as millionths; filter by category and status', async () => {
    const asset = {
      name: '数控车床',
      category: '机器设备',
      quantity: '4',
      unit: '台',
      bookValue: '480,000.50',
      status: '在库',
    };
    expect(await owner.post('/api/assets/save', { values: { ...asset, bookValue: '-1' } })).toMatchObject({
      status: 1,
    });
    const saved = await owner.post<{ id: number }>('/api/assets/save', { values: asset });
    expect(saved.status, saved.msg).toBe(0);
    const shown = await owner.get<RegistryRow>(`/api/assets/${saved.data.id}`);
    expect(shown.data.values).toMatchObject({ bookValue: 48_000_050, quantity: '4', category: '机器设备' });
    const listed = await owner.post<{ total: number }>('/api/assets/list', {
      keyword: '数控车床',
      filters: { category: '机器设备', status: '在库' },
      page: 1,
      size: 10,
    });
    expect(listed.data.total).toBe(1);
    const disposed = await owner.post<{ total: number }>('/api/assets/list', {
      keyword: '数控车床',
      filters: { status: '已处置' },
      page: 1,
      size: 10,
    });
    expect(disposed.data.total).toBe(0);
    expect((await foreign.get(`/api/assets/${saved.data.id}`)).status).toBe(404);

    const stake = {
      enterpriseName: '北京示范科技有限公司',
      creditCode: composeCreditCode('110108', '50000001'),
      share: '40',
      contribution: '20000000',
    };
    const held = await owner.post<{ id: number }>('/api/stockright/save', { values: stake });
    expect(held.status, held.msg).toBe(0);
    expect((await owner.get<RegistryRow>(`/api/stockright/${held.data.id}`)).data.values).toMatchObject({
      share: 400_000,
      contribution: 2_000_000_000,
    });
    expect(await owner.post('/api/stockright/save', { values: { ...stake, share: '140' } })).toMatchObject({
      status: 1,
    });
  });
});

describe('我的资产 in thousands (/api/assets)', () => {
  const def = registryOf('assets');
  const headersOf = async () => textsOf(await workbookOf(owner, '/api/assets/template'))[0] ?? [];
  // name, category, model, quantity, unit, bookValue, appraisedValue, location, area, certificateNo, vin, status
  const asset = (i: number) => [`库存设备${i}`, '机器设备', '', 2, '台', 1200.5, '', '', '', '', '', '在库'];

  // the text of files of this size is split across the reader's chunks, a Chinese character now and then too
  it('imports 2,500 rows (several statements) and exports them, the money as typed', async () => {
    const headers = await headersOf();
    const uploaded = await uploadImport(
      ownerToken,
      'assets',
      ownerCompanyId,
      await bigSheet(headers, 2500, asset),
    );
    expect(uploaded.status, uploaded.msg).toBe(0);
    const uuid = uploaded.data.registryImport?.[0]?.uuid ?? '';
    const preview = await owner.post<SheetImportPreview>('/api/assets/import/preview', { uuid });
    expect(preview.data.rows.filter((row) => row.errors.length > 0).slice(0, 3)).toEqual([]);
    expect(preview.data).toMatchObject({ total: 2500, valid: 2500, invalid: 0 });
    const imported = await owner.post('/api/assets/import', { uuid });
    expect(imported).toMatchObject({ status: 0, data: { imported: 2500, skipped: 0 } });
    const stored = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from registry_rows where registry = ${def.key} and company_id = ${ownerCompanyId}`,
    );
    expect(stored[0]?.n).toBeGreaterThanOrEqual(2500);

    const exported = textsOf(await workbookOf(owner, '/api/assets/export'));
    expect(exported[0]).toEqual(headers);
    const rows = exported.filter((row) => row[0]?.startsWith('库存设备'));
    expect(rows).toHaveLength(2500);
    expect(rows[2499]?.slice(0, 6)).toEqual(['库存设备2499', '机器设备', '', '2', '台', '1200.5']);
  });

  it('reads Chinese text whole from a table of shared strings (as Excel writes it)', async () => {
    const content = await bigSheet(await headersOf(), 3000, asset, true);
    const uploaded = await uploadImport(ownerToken, 'assets', ownerCompanyId, content);
    expect(uploaded.status, uploaded.msg).toBe(0);
    const preview = await owner.post<SheetImportPreview>('/api/assets/import/preview', {
      uuid: uploaded.data.registryImport?.[0]?.uuid ?? '',
    });
    expect(preview.data).toMatchObject({ total: 3000, valid: 3000 });
    expect(preview.data.rows.map((row) => row.values.name)).toEqual(
      Array.from({ length: 3000 }, (_, i) => `库存设备${i}`),
    );
  });

  it('takes 20,000 rows a file, as its template says; a file of more is refused whole', async () => {
    const help = (await workbookOf(owner, '/api/assets/template')).getWorksheet('填写说明');
    const rules: string[] = [];
    help?.eachRow((row) => rules.push(row.getCell(2).text));
    expect(rules.at(-1)).toContain('每次最多导入20000行');
    expect(registrySheet(def).maxRows).toBe(20_000);

    const content = await bigSheet(await headersOf(), 20_001, (i) => [`资产${i}`]);
    const uploaded = await uploadImport(ownerToken, 'assets', ownerCompanyId, content);
    expect(uploaded.status, uploaded.msg).toBe(0);
    const uuid = uploaded.data.registryImport?.[0]?.uuid ?? '';
    const before = await countRows();
    const refusal = { status: 1, msg: formatMessage(MSG.assetsTooManyRows, { max: 20_000 }) };
    expect(await owner.post('/api/assets/import/preview', { uuid })).toMatchObject(refusal);
    expect(await owner.post('/api/assets/import', { uuid })).toMatchObject(refusal);
    expect(await countRows()).toBe(before);
  });
});

describe('streamSheetExport', () => {
  const sheet = registrySheet(registryOf('assets'));
  const values = (i: number): SheetValues => ({
    name: `设备${i}`,
    category: '机器设备',
    quantity: '1',
    unit: '台',
  });

  it('refuses, leaving nothing waiting, when the rows fail or the reader goes away', async () => {
    async function* failing(): AsyncGenerator<SheetValues> {
      yield await Promise.resolve(values(1));
      throw new Error('page failed');
    }
    const out = new PassThrough();
    out.resume();
    await expect(streamSheetExport(sheet, failing(), out)).rejects.toThrow('page failed');

    let taken = 0;
    async function* many(): AsyncGenerator<SheetValues> {
      for (; taken < 100_000; taken += 1) yield await Promise.resolve(values(taken));
    }
    const gone = new PassThrough();
    gone.once('data', () => gone.destroy());
    await expect(streamSheetExport(sheet, many(), gone)).rejects.toThrow();
    // it stopped taking rows soon after the reader went away
    expect(taken).toBeLessThan(100_000);
  });
});
