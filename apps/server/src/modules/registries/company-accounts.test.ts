// 发票抬头 and 银行账户 on the registries kit: the taxpayer number checked as a credit code, the account number as
// digits (typed in groups), masked in lists and whole on its page; one default per company.
import { composeCreditCode, MSG, type RegistryRow } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
});

afterAll(async () => {
  await t.close();
});

const ACCOUNT = {
  accountName: '北京示范国有资产经营有限公司',
  accountNo: '0200 0045 0920 0123 456',
  bankName: '中国工商银行',
  branchName: '北京丰台支行',
  accountType: '对公账户',
  isDefault: '是',
};

describe('银行账户 (/api/bank)', () => {
  it('checks the number, masks it in lists, and keeps one default account', async () => {
    expect(
      await owner.post('/api/bank/save', { values: { ...ACCOUNT, accountNo: '6222-ab' } }),
    ).toMatchObject({
      status: 1,
      msg: MSG.bankAccountInvalid,
    });
    const first = await owner.post<{ id: number }>('/api/bank/save', { values: ACCOUNT });
    expect(first.status, first.msg).toBe(0);
    const second = await owner.post<{ id: number }>('/api/bank/save', {
      values: { ...ACCOUNT, accountNo: '6222020200112233445', branchName: '北京西城支行' },
    });
    expect(second.status, second.msg).toBe(0);
    const listed = await owner.post<{ list: RegistryRow[] }>('/api/bank/list', { page: 1, size: 10 });
    const byId = new Map(listed.data.list.map((row) => [row.id, row.values]));
    expect(byId.get(first.data.id)).toMatchObject({ accountNo: '0200 **** 3456', isDefault: '否' });
    expect(byId.get(second.data.id)).toMatchObject({ accountNo: '6222 **** 3445', isDefault: '是' });
    const shown = await owner.get<RegistryRow>(`/api/bank/${first.data.id}`);
    expect(shown.data.values.accountNo).toBe('0200004509200123456');
    // the same number twice in a company: refused
    expect(await owner.post('/api/bank/save', { values: ACCOUNT })).toMatchObject({
      status: 1,
      msg: '该银行账号已登记',
    });
    // another company's default is its own business
    const theirs = await foreign.post('/api/bank/save', { values: ACCOUNT });
    expect(theirs.status, theirs.msg).toBe(0);
    const after = await owner.get<RegistryRow>(`/api/bank/${second.data.id}`);
    expect(after.data.values.isDefault).toBe('是');
  });
});

describe('发票抬头 (/api/invoicing)', () => {
  it('checks the taxpayer number as a credit code', async () => {
    const title = {
      title: '北京示范国有资产经营有限公司',
      taxpayerNo: composeCreditCode('110106', '90000001'),
      invoiceType: '增值税专用发票',
      isDefault: '是',
    };
    expect(
      await owner.post('/api/invoicing/save', { values: { ...title, taxpayerNo: '91110106MA0000000A' } }),
    ).toMatchObject({ status: 1, msg: MSG.creditCodeInvalid });
    const saved = await owner.post('/api/invoicing/save', { values: title });
    expect(saved.status, saved.msg).toBe(0);
  });
});
