// 服务费订单: the exchange approving a bulk project's contract bills the owner the service fee of the schedule in
// force on the deal day (a corrected contract rebills it while unpaid); the owner asks for its invoice made out to
// its own 发票抬头; the exchange records the payment and the invoice; a price deduction approved marks a fee paid
// from the price. Another company's order answers 404; a stale version 409; bad input its Chinese message.
import {
  computeServiceFee,
  composeCreditCode,
  MSG,
  SERVICE_FEE_DEFAULT,
  type PageResult,
  type ServiceFeeOrder,
} from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  approveAction,
  clientOf,
  copyProject,
  enrolSigner,
  type Client,
} from '../../test/workflow-support.ts';

const MOBILE = '13800000001';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let owner: Client;
let foreign: Client;
let exchange: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

/** An action applied for, signed when it has a letter, and passed by the exchange. */
async function approve(projectId: number, action: string, form: Record<string, unknown>): Promise<void> {
  await approveAction({ t, phone, mobile: MOBILE, ownerToken, exchange, projectId, action, form });
}

async function orderOf(client: Client, projectId: number): Promise<ServiceFeeOrder | undefined> {
  const page = await client.post<PageResult<ServiceFeeOrder>>('/api/order/list', { page: 1, size: 50 });
  expect(page.status, page.msg).toBe(0);
  return page.data.list.find((order) => order.projectId === projectId);
}

const contract = (dealPrice: number) => ({
  reason: '成交签约',
  contractNo: 'HT-2026-0101',
  transfereeName: '示范受让有限公司',
  dealPrice,
  signDate: '2026-11-20',
});

describe('服务费订单', () => {
  let projectId: number;
  let order: ServiceFeeOrder;

  it("bills the contract's deal by the schedule in force, and rebills a corrected contract while unpaid", async () => {
    projectId = await copyProject(t, 'GR2026BJ7000003');
    expect(await orderOf(owner, projectId)).toBeUndefined();
    await approve(projectId, 'contract', contract(1_880_000_00));
    const billed = await orderOf(owner, projectId);
    const expected = computeServiceFee(SERVICE_FEE_DEFAULT.physical, 'bulk', 1_880_000_00);
    expect(billed).toMatchObject({
      family: 'bulk',
      dealAmount: 1_880_000_00,
      dealDate: '2026-11-20',
      fee: expected.fee,
      payState: 'unpaid',
      invoiceState: 'none',
      scheduleFrom: '',
    });
    expect(billed?.code).toMatch(/^FW\d{4}\d{7}$/);
    expect(billed?.feeLines.reduce((sum, line) => sum + line.amount, 0)).toBe(expected.fee);

    // the contract corrected (修改合同信息) while unpaid: billed again
    await approve(projectId, 'contract', contract(2_000_000_00));
    const rebilled = await orderOf(owner, projectId);
    expect(rebilled).toMatchObject({
      id: billed?.id,
      dealAmount: 2_000_000_00,
      fee: computeServiceFee(SERVICE_FEE_DEFAULT.physical, 'bulk', 2_000_000_00).fee,
    });
    order = rebilled as ServiceFeeOrder;
    // the exchange sees it; another company does not
    expect((await orderOf(exchange, projectId))?.companyName).toBe('北京示范国有资产经营有限公司');
    expect(await orderOf(foreign, projectId)).toBeUndefined();
    expect((await foreign.get(`/api/order/${order.id}`)).status).toBe(404);
  });

  it("asks for the invoice made out to the owner's own 发票抬头 only", async () => {
    const title = await owner.post<{ id: number }>('/api/invoicing/save', {
      values: {
        title: '北京示范国有资产经营有限公司',
        taxpayerNo: composeCreditCode('110106', '90000011'),
        invoiceType: '增值税专用发票',
        isDefault: '是',
      },
    });
    expect(title.status, title.msg).toBe(0);
    const theirs = await foreign.post<{ id: number }>('/api/invoicing/save', {
      values: {
        title: '北京示范物业有限公司',
        taxpayerNo: composeCreditCode('110106', '90000012'),
        invoiceType: '增值税普通发票',
        isDefault: '是',
      },
    });
    expect(theirs.status, theirs.msg).toBe(0);
    expect(
      await owner.post(`/api/order/invoice/${order.id}`, { version: order.version, titleId: theirs.data.id }),
    ).toMatchObject({ status: 1, msg: MSG.ordersInvoiceTitleMissing });
    expect(
      await foreign.post(`/api/order/invoice/${order.id}`, {
        version: order.version,
        titleId: theirs.data.id,
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await owner.post(`/api/order/invoice/${order.id}`, {
        version: order.version + 5,
        titleId: title.data.id,
      }),
    ).toMatchObject({ status: 409 });
    const asked = await owner.post<{ version: number }>(`/api/order/invoice/${order.id}`, {
      version: order.version,
      titleId: title.data.id,
    });
    expect(asked).toMatchObject({ status: 0, msg: MSG.ordersInvoiceRequested });
    const shown = await owner.get<ServiceFeeOrder>(`/api/order/${order.id}`);
    expect(shown.data).toMatchObject({
      invoiceState: 'requested',
      invoice: { title: '北京示范国有资产经营有限公司', invoiceType: '增值税专用发票' },
    });
    order = shown.data;
  });

  it('the exchange records the payment and the invoice; the owner cannot', async () => {
    expect((await owner.post(`/api/order/pay/${order.id}`, { version: order.version })).status).not.toBe(0);
    const paid = await exchange.post<{ version: number }>(`/api/order/pay/${order.id}`, {
      version: order.version,
    });
    expect(paid).toMatchObject({ status: 0, msg: MSG.ordersPaid });
    expect(await exchange.post(`/api/order/pay/${order.id}`, { version: paid.data.version })).toMatchObject({
      status: 1,
      msg: MSG.ordersNotUnpaid,
    });
    const issued = await exchange.post(`/api/order/issue/${order.id}`, { version: paid.data.version });
    expect(issued).toMatchObject({ status: 0 });
    const shown = await owner.get<ServiceFeeOrder>(`/api/order/${order.id}`);
    expect(shown.data).toMatchObject({ payState: 'paid', invoiceState: 'issued' });
    // paid: a corrected contract no longer rebills it
    await approve(projectId, 'contract', contract(2_500_000_00));
    expect((await orderOf(owner, projectId))?.dealAmount).toBe(2_000_000_00);
  });

  it('a price deduction approved pays an unpaid fee from the price', async () => {
    const other = await copyProject(t, 'GR2026BJ7000004');
    await approve(other, 'contract', contract(500_000_00));
    const billed = await orderOf(owner, other);
    expect(billed?.payState).toBe('unpaid');
    await approve(other, 'priceDeduction', { reason: '服务费从价款中扣除', serviceFee: billed?.fee ?? 0 });
    expect((await orderOf(owner, other))?.payState).toBe('deducted');
  });

  it('the agent member reads the orders of the projects it acts for (代理项目订单), and only those', async () => {
    const agent = clientOf(t, await loginAs(t.app, 'agent'));
    const theirs = await agent.post<PageResult<ServiceFeeOrder>>('/api/order/list', {
      page: 1,
      size: 10,
      scope: 'agent',
    });
    expect(theirs.status, theirs.msg).toBe(0);
    // the demo deal (acted for by the demo agent) is there; the orders of this file's projects (no agent) are not
    expect(theirs.data.list.map((row) => row.projectCode)).toEqual(['GR2026BJ1000188']);
    const id = theirs.data.list[0]?.id ?? 0;
    expect((await agent.get(`/api/order/${id}?scope=agent`)).status).toBe(0);
    // not as its own order, and never changed by it
    expect((await agent.get(`/api/order/${id}`)).status).toBe(404);
    expect((await agent.post('/api/order/list', { page: 1, size: 10 })).data).toMatchObject({ total: 0 });
    expect((await agent.post(`/api/order/invoice/${id}`, { version: 1, titleId: 1 })).status).toBe(404);
    // another owner's projects: nothing; the exchange acts for none (its own reading is every order)
    expect(await foreign.post('/api/order/list', { page: 1, size: 10, scope: 'agent' })).toMatchObject({
      data: { total: 0 },
    });
    expect(await exchange.post('/api/order/list', { page: 1, size: 10, scope: 'agent' })).toMatchObject({
      status: 0,
      data: { total: 0 },
    });
    expect((await exchange.get(`/api/order/${id}?scope=agent`)).status).toBe(404);
  });

  it('refuses bad input with its message', async () => {
    expect(await owner.post('/api/order/list', { page: 0, size: 10 })).toMatchObject({ status: 1 });
    expect(await owner.post('/api/order/list', { page: 1, size: 10, payState: 'free' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(await owner.post(`/api/order/invoice/${order.id}`, { version: order.version })).toMatchObject({
      status: 1,
      msg: MSG.ordersInvoiceTitleMissing,
    });
    expect((await owner.get('/api/order/999999')).status).toBe(404);
  });
});
