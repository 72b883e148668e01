// The registries kit on the customer registries (企业客户, 自然人客户): save, list (keyword, filter, masks), show,
// update with its version, delete; bad input answers the field's Chinese message and stores nothing; a number is
// registered once per company; another company's row answers 404 on every call and the exchange lists every
// company's; the template, the import with its preview (the bad rows named, the good ones stored) and the export
// read back.
import { composeCreditCode, MSG, type RegistryRow, type SheetImportPreview } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart } from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../workflow/test-support.ts';

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
  const response = await client.raw('GET', url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
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
      filters: { category: '机器设备', status: '在库' },
      page: 1,
      size: 10,
    });
    expect(listed.data.total).toBe(1);
    const disposed = await owner.post<{ total: number }>('/api/assets/list', {
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
