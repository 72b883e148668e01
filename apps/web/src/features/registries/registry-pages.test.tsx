// The registry kit against a fake server, on the 企业客户 registry: the list drawn from the definition (its columns,
// the filter sent in the body, actions only on the company's own rows), the form refusing with the domain's message
// before any call and posting the checked values, the edit sending the row's version, and the import showing the
// preview's bad rows with their errors before the confirm posts the uploaded file's uuid.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { SheetImportPreview } from '@cqjy/domain/projects/sheets';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const CREDIT = composeCreditCode('110105', '40000001');
const COMPANY_ID = 10;

function makeRow(id: number, overrides: Partial<RegistryRow> = {}): RegistryRow {
  return {
    id,
    companyId: COMPANY_ID,
    companyName: '示例国有资产经营有限公司',
    values: {
      name: `北京示范投资有限公司${id}`,
      creditCode: CREDIT,
      kind: '投资方',
      contactName: '赵经理',
      contactMobile: '139****0011',
      region: '北京市',
    },
    version: 4,
    createdAt: '2026-03-02T02:00:00.000Z',
    updatedAt: '2026-03-02T02:00:00.000Z',
    ...overrides,
  };
}

const own = makeRow(1);
const foreign = makeRow(2, { companyId: 99, companyName: '其他单位' });

const PREVIEW: SheetImportPreview = {
  category: 'customer',
  total: 2,
  valid: 1,
  invalid: 1,
  problems: [],
  rows: [
    {
      line: 2,
      values: { name: '重庆好客户有限公司', creditCode: CREDIT, kind: '投资方' },
      cells: { name: '重庆好客户有限公司', creditCode: CREDIT, kind: '投资方', contactName: '钱经理' },
      errors: [],
    },
    {
      line: 3,
      values: {},
      cells: { name: '坏数据有限公司', creditCode: '123', kind: '投资方', contactName: '孙经理' },
      errors: [MSG.creditCodeInvalid],
    },
  ],
};

/** The upload call (XMLHttpRequest): answers every file with one stored attachment under its tag. */
class FakeXhr {
  static sent: FormData[] = [];
  status = 0;
  responseText = '';
  timeout = 0;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(): void {}
  setRequestHeader(): void {}
  abort(): void {}
  send(body: FormData): void {
    FakeXhr.sent.push(body);
    const tag = body.get('tag') as string;
    const item: AttachmentItem = {
      uuid: 'upload-uuid-1',
      tag,
      name: '企业客户.xlsx',
      fileName: '企业客户.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 2048,
      dateCreated: '2026-03-02T02:00:00.000Z',
      labelName: '企业客户',
    };
    this.status = 200;
    this.responseText = JSON.stringify(envelope({ [tag]: [item] }));
    setTimeout(() => this.onload?.(), 0);
  }
}

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
  FakeXhr.sent = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function serveCustomers(rows: RegistryRow[] = [own, foreign]) {
  const user = makeUser(IDENTITY.transferor, { companyId: COMPANY_ID });
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/customer/list') return jsonResponse(envelope({ list: rows, total: 23 }));
    if (path === '/api/customer/save')
      return jsonResponse(envelope({ id: 5, version: 1 }, 0, MSG.registriesSaved));
    if (path === '/api/customer/update/1') {
      return jsonResponse(envelope({ id: 1, version: 5 }, 0, MSG.registriesSaved));
    }
    if (path === '/api/customer/import/preview') return jsonResponse(envelope(PREVIEW));
    if (path === '/api/customer/import') return jsonResponse(envelope({ imported: 1, skipped: 1 }));
    const shown = rows.find((row) => path === `/api/customer/${row.id}`);
    if (shown !== undefined) {
      return jsonResponse(envelope({ ...shown, values: { ...shown.values, contactMobile: '13900000011' } }));
    }
    return undefined;
  });
}

const fill = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

async function pick(label: string, title: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

describe('企业客户 list', () => {
  it('shows the definition’s columns, actions on own rows only, and sends the filter in the body', async () => {
    const { calls } = serveCustomers();
    renderPortal('/index/customer');
    const ownRow = (await screen.findByText('北京示范投资有限公司1')).closest('tr')!;
    const foreignRow = screen.getByText('北京示范投资有限公司2').closest('tr')!;
    for (const header of ['企业名称', '统一社会信用代码', '客户类型', '联系人', '联系人手机', '所在地区']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(within(ownRow).getByText('139****0011')).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(foreignRow).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(foreignRow).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(screen.getByPlaceholderText('企业名称、统一社会信用代码或联系人')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增企业客户' })).toBeTruthy();

    await pick('客户类型', '投资方');
    fill('关键字', ' 示范 ');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/customer/list').map(bodyOf)).toContainEqual({
        page: 1,
        size: 10,
        keyword: '示范',
        filters: { kind: '投资方' },
      }),
    );
  });

  it('删除 asks first and sends the row’s version', async () => {
    const { calls } = serveCustomers();
    renderPortal('/index/customer');
    const ownRow = (await screen.findByText('北京示范投资有限公司1')).closest('tr')!;
    fireEvent.click(within(ownRow).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => pathOf(call) === '/api/customer/delete/1'))).toEqual({ version: 4 }),
    );
    expect(notifier.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        content: formatMessage(MSG.registriesDeleteConfirm, {
          item: '企业客户',
          name: '北京示范投资有限公司1',
        }),
      }),
    );
  });
});

describe('企业客户管理 (the exchange)', () => {
  it('lists every company’s rows with 所属单位, read only', async () => {
    const user = makeUser(IDENTITY.admin);
    signInAs(user);
    servePortal(user, (call) =>
      pathOf(call) === '/api/customer/list'
        ? jsonResponse(envelope({ list: [own, foreign], total: 2 }))
        : undefined,
    );
    renderPortal('/index/customer');
    const foreignRow = (await screen.findByText('北京示范投资有限公司2')).closest('tr')!;
    expect(within(foreignRow).getByText('其他单位')).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: '所属单位' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增企业客户' })).toBeNull();
  });
});

describe('新增企业客户', () => {
  it('shows the domain’s message for a bad credit code and sends nothing, then posts the checked values', async () => {
    const { calls } = serveCustomers();
    const { router } = renderPortal('/index/customerAdd');
    await screen.findByText('新增企业客户', { selector: '.ant-card-head-title' });
    fill('企业名称', '重庆新客户有限公司');
    fill('统一社会信用代码', '91110000ABCDEFGH');
    await pick('客户类型', '转让方');
    fill('联系人', '李经理');
    fill('联系人手机', '13900000022');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(MSG.creditCodeInvalid)).toBeTruthy();
    expect(calls.some((call) => pathOf(call) === '/api/customer/save')).toBe(false);

    fill('统一社会信用代码', CREDIT.toLowerCase());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/customerShow'));
    expect(router.state.location.search).toBe('?id=5');
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/customer/save'))).toEqual({
      values: {
        name: '重庆新客户有限公司',
        creditCode: CREDIT,
        kind: '转让方',
        contactName: '李经理',
        contactMobile: '13900000022',
      },
    });
    expect(notifier.success).toHaveBeenCalledWith(MSG.registriesSaved);
  });
});

describe('编辑企业客户', () => {
  it('starts from the stored row and sends its version with the values', async () => {
    const { calls } = serveCustomers();
    const { router } = renderPortal('/index/customerEdit?id=1');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('联系人手机').value).toBe('13900000011'),
    );
    fill('联系人', '周经理');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/customerShow'));
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/customer/update/1'))).toEqual({
      version: 4,
      values: {
        name: '北京示范投资有限公司1',
        creditCode: CREDIT,
        kind: '投资方',
        contactName: '周经理',
        contactMobile: '13900000011',
        region: '北京市',
      },
    });
  });
});

describe('企业客户导入预览', () => {
  it('uploads the template, shows the bad rows with their errors, and the confirm posts the uuid', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { calls } = serveCustomers();
    const { router, container } = renderPortal('/index/customerImport');
    await screen.findByText('导入企业客户', { selector: '.ant-card-head-title' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['x'], '企业客户.xlsx')] } });

    const badRow = (await screen.findByText('坏数据有限公司')).closest('tr')!;
    expect(within(badRow).getByText(MSG.creditCodeInvalid)).toBeTruthy();
    const goodRow = screen.getByText('重庆好客户有限公司').closest('tr')!;
    expect(within(goodRow).getByText('可导入')).toBeTruthy();
    expect(screen.getByText('共2行，其中1行有误，导入时将跳过；可修改表格后重新上传')).toBeTruthy();
    const upload = FakeXhr.sent[0];
    expect(upload?.get('dataClass')).toBe('registryImport');
    expect(upload?.get('dataId')).toBe(`customer-${COMPANY_ID}`);
    expect(upload?.get('tag')).toBe('registryImport');
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/customer/import/preview'))).toEqual({
      uuid: 'upload-uuid-1',
    });
    expect(calls.some((call) => pathOf(call) === '/api/customer/import')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '确认导入（1条）' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/customer'));
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/customer/import'))).toEqual({
      uuid: 'upload-uuid-1',
    });
    expect(notifier.success).toHaveBeenCalledWith(
      formatMessage(MSG.assetsImported, { imported: 1, skipped: 1 }),
    );
  });
});
