// Asset lists of physical-asset projects: the template of a category, a filled-in template uploaded and
// previewed (a bad row shown with its error, nothing stored), imported (the bad row skipped), listed, exported in
// the template's layout and deleted; a file that is no template, a template of another category and too many
// rows refused with their messages; another company answered 404 on every call with nothing changed. The list
// answers the rows of every category of the group with each page, for the tabs of the categories that have rows.
import { SHEET_IMPORT_MAX_ROWS, MSG, type SheetImportPreview, type ProjectSheetRow } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, findProjectId, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let ownerToken: string;
let owner: Client;
let foreignToken: string;
let foreign: Client;
let exchange: Client;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreignToken = await loginAs(t.app, 'transferor2');
  foreign = clientOf(t, foreignToken);
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  const created = await owner.post<{ id: number }>('/api/project/bulk', {
    form: { name: '闲置机器设备一批', assetCategory: 'machinery' },
  });
  expect(created.status, created.msg).toBe(0);
  projectId = created.data.id;
});

afterAll(async () => {
  await t.close();
});

async function download(client: Client, url: string): Promise<ExcelJS.Workbook> {
  const response = await client.raw('GET', url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

function headersOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1).map(String);
}

/** The template of a category (machinery unless told) with rows appended under its header. */
async function filledTemplate(rows: unknown[][], category = 'machinery'): Promise<Buffer> {
  const workbook = await download(owner, `/api/project/bulk/template/${category}`);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(token: string, id: number, name: string, content: Buffer) {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag: 'assetImport', dataClass: 'project', dataId: String(id) },
    { name, content },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  return readJson<Record<string, { uuid: string }[]>>(response);
}

async function uploadOk(content: Buffer, name = '机器设备资产清单.xlsx', id = projectId): Promise<string> {
  const body = await upload(ownerToken, id, name, content);
  expect(body.status, body.msg).toBe(0);
  const uuid = body.data.assetImport?.[0]?.uuid;
  if (uuid === undefined) throw new Error('no upload');
  return uuid;
}

async function countAssets(id = projectId): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from project_assets where project_id = ${id}`,
  );
  return rows[0]?.n ?? 0;
}

// 设备名称, 规格型号, 生产厂家, 数量, 计量单位, 购置日期, 账面原值, 账面净值, 评估值, 存放地点, 备注
const GOOD_A = [
  '数控车床',
  'CK6140',
  '沈阳机床',
  2,
  '台',
  new Date(Date.UTC(2018, 5, 1)),
  120000,
  45000.5,
  40000,
  '一号厂房',
];
const GOOD_B = ['桥式起重机', 'QD10t', '', 1, '台', '2016-03-15', '300,000', '', 90000, '二号厂房', '需拆除'];
const BAD = ['空压机', '', '', '两台', '台', '2019-02-30'];

describe('template', () => {
  it("answers each category's template: * on required headers, a drop-down for choices, the instructions", async () => {
    const machinery = await download(owner, '/api/project/bulk/template/machinery');
    expect(machinery.worksheets.map((s) => s.name)).toEqual(['机器设备资产清单', '填写说明']);
    const sheet = machinery.worksheets[0];
    expect(sheet && headersOf(sheet)).toEqual([
      '*设备名称',
      '规格型号',
      '生产厂家',
      '*数量',
      '*计量单位',
      '购置日期',
      '账面原值（元）',
      '账面净值（元）',
      '评估值（元）',
      '存放地点',
      '备注',
    ]);
    const house = await download(owner, '/api/project/bulk/template/house');
    expect(house.worksheets[0]?.getCell('E2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"住宅,商业,办公,工业,仓储,其他"'],
    });
    const response = await owner.raw('GET', '/api/project/coll/template/vehicle');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('车辆资产清单模板.xlsx'));
  });

  it('answers 404 to an unknown category and 401 without a session', async () => {
    expect((await owner.get('/api/project/bulk/template/ships')).status).toBe(404);
    expect((await clientOf(t, undefined).raw('GET', '/api/project/bulk/template/house')).statusCode).toBe(
      401,
    );
  });
});

describe('import', () => {
  let uuid: string;

  it('previews every row with its errors and stores nothing', async () => {
    uuid = await uploadOk(await filledTemplate([GOOD_A, GOOD_B, BAD]));
    const body = await owner.post<SheetImportPreview>('/api/project/bulk/asset/import/preview', {
      projectId,
      category: 'machinery',
      uuid,
    });
    expect(body.status, body.msg).toBe(0);
    expect(body.data).toMatchObject({ category: 'machinery', total: 3, valid: 2, invalid: 1 });
    expect(body.data.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, []],
      [3, []],
      [4, ['数量须为不小于0的整数', '购置日期须为日期，如2024-05-01']],
    ]);
    expect(body.data.rows[0]?.values).toMatchObject({ purchaseDate: '2018-06-01', netValue: 4_500_050 });
    expect(body.data.rows[2]?.cells).toMatchObject({ name: '空压机', quantity: '两台' });
    expect(await countAssets()).toBe(0);
  });

  it('imports the valid rows, skips the bad one, and audits it', async () => {
    const body = await owner.post('/api/project/bulk/asset/import', {
      projectId,
      category: 'machinery',
      uuid,
    });
    expect(body).toMatchObject({
      status: 0,
      msg: '已导入2条，跳过1条有误的数据',
      data: { imported: 2, skipped: 1 },
    });
    const list = await owner.post<{ list: ProjectSheetRow[]; total: number }>(
      '/api/project/bulk/asset/list',
      {
        projectId,
        category: 'machinery',
        page: 1,
        size: 10,
      },
    );
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((row) => row.values.name)).toEqual(['数控车床', '桥式起重机']);
    expect(list.data.list[1]?.values).toMatchObject({ originalValue: 30_000_000, note: '需拆除' });
    const audit = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'project.sheet.import' and target = ${String(projectId)}`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('exports the list in the template layout, money in yuan', async () => {
    const workbook = await download(owner, `/api/project/bulk/export/machinery/${projectId}`);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(1).value).toBe('数控车床');
    expect(sheet?.getRow(2).getCell(8).value).toBe(45000.5);
    // the exchange sees the project, so it may export too
    expect((await exchange.raw('GET', `/api/project/bulk/export/machinery/${projectId}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a file that is no template, a template of another category and a sheet with nothing in it', async () => {
    const pdf = await uploadOk(makePdf(), '清单.pdf');
    expect(
      await owner.post('/api/project/bulk/asset/import/preview', {
        projectId,
        category: 'machinery',
        uuid: pdf,
      }),
    ).toMatchObject({ status: 1, msg: MSG.assetsFileInvalid });
    const other = await uploadOk(await filledTemplate([GOOD_A]));
    expect(
      await owner.post('/api/project/bulk/asset/import/preview', {
        projectId,
        category: 'house',
        uuid: other,
      }),
    ).toMatchObject({ status: 1, msg: '表格与房产资产清单模板不符：缺少“房产名称”列，请下载模板后填写' });
    const empty = await uploadOk(await filledTemplate([]));
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId, category: 'machinery', uuid: empty }),
    ).toMatchObject({ status: 1, msg: MSG.assetsEmpty });
    const onlyBad = await uploadOk(await filledTemplate([BAD]));
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId, category: 'machinery', uuid: onlyBad }),
    ).toMatchObject({ status: 1, msg: MSG.assetsNothingValid });
    expect(await countAssets()).toBe(2);
  });

  it(`refuses more than ${SHEET_IMPORT_MAX_ROWS} rows in one file`, async () => {
    const rows = Array.from({ length: SHEET_IMPORT_MAX_ROWS + 1 }, (_, i) => [`设备${i}`, '', '', 1, '台']);
    const uuid = await uploadOk(await filledTemplate(rows));
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId, category: 'machinery', uuid }),
    ).toMatchObject({ status: 1, msg: `一次最多导入${SHEET_IMPORT_MAX_ROWS}行，请分批导入` });
    expect(await countAssets()).toBe(2);
  });

  it('refuses bad input with a Chinese message', async () => {
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId, category: 'ships', uuid }),
    ).toMatchObject({ status: 1, msg: MSG.projectsAssetCategoryRequired });
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId, category: 'machinery', uuid: 'x' }),
    ).toMatchObject({ status: 1, msg: MSG.badRequest });
    expect(await owner.post('/api/project/bulk/asset/delete', { projectId, ids: [] })).toMatchObject({
      status: 1,
      msg: MSG.assetsSelectFirst,
    });
  });

  it('deletes selected assets of the draft', async () => {
    const list = await owner.post<{ list: ProjectSheetRow[] }>('/api/project/bulk/asset/list', {
      projectId,
      page: 1,
      size: 10,
    });
    const first = list.data.list[0]?.id;
    const body = await owner.post('/api/project/bulk/asset/delete', { projectId, ids: [first, 999_999] });
    expect(body).toMatchObject({ status: 0, msg: MSG.assetsDeleted, data: { deleted: 1 } });
    expect(await countAssets()).toBe(1);
  });
});

describe('access', () => {
  it('another company: every call on the project answers 404 and nothing changes', async () => {
    const uuid = await uploadOk(await filledTemplate([GOOD_A]));
    const before = await countAssets();
    const body = { projectId, category: 'machinery', uuid };
    for (const answer of [
      await foreign.post('/api/project/bulk/asset/import/preview', body),
      await foreign.post('/api/project/bulk/asset/import', body),
      await foreign.post('/api/project/bulk/asset/list', { projectId, page: 1, size: 10 }),
      await foreign.post('/api/project/bulk/asset/delete', { projectId, ids: [1, 2, 3] }),
      await foreign.get(`/api/project/bulk/export/machinery/${projectId}`),
      // and slipping its own file into the project is refused before anything is stored
      await upload(foreignToken, projectId, '清单.xlsx', await filledTemplate([GOOD_A])),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await countAssets()).toBe(before);
  });

  it('the same project through the other family answers 404', async () => {
    expect((await owner.post('/api/project/coll/asset/list', { projectId, page: 1, size: 10 })).status).toBe(
      404,
    );
  });

  it('a project past its draft (the disclosing demo project) keeps its list', async () => {
    const demo = await findProjectId(t);
    const before = await countAssets(demo);
    const uuid = (await upload(ownerToken, demo, '清单.xlsx', await filledTemplate([GOOD_A]))).data
      .assetImport?.[0]?.uuid;
    expect(
      await owner.post('/api/project/bulk/asset/import', { projectId: demo, category: 'machinery', uuid }),
    ).toMatchObject({ status: 1, msg: MSG.projectsNotEditable });
    expect(await countAssets(demo)).toBe(before);
  });

  it('the exchange reads but never imports', async () => {
    const uuid = await uploadOk(await filledTemplate([GOOD_A]));
    expect(
      (await exchange.post('/api/project/bulk/asset/import', { projectId, category: 'machinery', uuid }))
        .status,
    ).toBe(404);
    expect(
      (await exchange.post('/api/project/bulk/asset/list', { projectId, page: 1, size: 10 })).status,
    ).toBe(0);
  });
});

describe('rows per category', () => {
  type SheetPage = { list: ProjectSheetRow[]; total: number; counts: Record<string, number> };

  it("answers with each page how many rows every category has, 0 included, for the caller's company only", async () => {
    const created = await owner.post<{ id: number }>('/api/project/bulk', {
      form: { name: '设备及其他资产', assetCategory: 'machinery' },
    });
    expect(created.status, created.msg).toBe(0);
    const id = created.data.id;
    const importInto = async (category: string, rows: unknown[][]) => {
      const uuid = await uploadOk(await filledTemplate(rows, category), `${category}.xlsx`, id);
      const body = await owner.post('/api/project/bulk/asset/import', { projectId: id, category, uuid });
      expect(body.status, body.msg).toBe(0);
    };
    await importInto('machinery', [GOOD_A, GOOD_B]);
    // 资产名称, 规格型号, 数量, 计量单位
    await importInto('other', [['办公家具', '', 12, '套']]);

    const other = await owner.post<SheetPage>('/api/project/bulk/asset/list', {
      projectId: id,
      category: 'other',
      page: 1,
      size: 10,
    });
    expect(other.status, other.msg).toBe(0);
    expect(other.data.total).toBe(1);
    expect(other.data.list.map((row) => row.values.name)).toEqual(['办公家具']);
    expect(other.data.counts).toEqual({
      construction: 0,
      house: 0,
      land: 0,
      inventory: 0,
      machinery: 2,
      other: 1,
      financial: 0,
      technical: 0,
      obligee: 0,
      vehicle: 0,
    });
    // the whole group: the total is every category's, the counts the same
    const group = await owner.post<SheetPage>('/api/project/bulk/asset/list', {
      projectId: id,
      page: 1,
      size: 2,
    });
    expect(group.data).toMatchObject({ total: 3, counts: other.data.counts });
    expect(group.data.list).toHaveLength(2);
    // an empty category still answers every count
    const house = await owner.post<SheetPage>('/api/project/bulk/asset/list', {
      projectId: id,
      category: 'house',
      page: 1,
      size: 10,
    });
    expect(house.data).toEqual({ list: [], total: 0, counts: other.data.counts });

    // another company learns neither the rows nor their number
    const foreignList = await foreign.post<SheetPage>('/api/project/bulk/asset/list', {
      projectId: id,
      category: 'other',
      page: 1,
      size: 10,
    });
    expect(foreignList.status).toBe(404);
    expect(foreignList.data ?? null).toBeNull();
  });
});
