// 退票信息: the exchange records an approved price payout the bank returned; the owner applies again to a corrected
// 银行账户 (its letter made at once), e-signs it with the SMS code, the exchange returns it with a reason, the
// owner corrects it and signs the new letter, the exchange approves and the ticket closes. Another company's
// ticket answers 404; a stale version 409; bad input its Chinese message and nothing changes.
import { MSG, type PageResult, type RefundTicket, type RefundTicketDetail } from '@cqjy/domain';
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

const ACCOUNT = {
  accountName: '北京示范国有资产经营有限公司',
  bankName: '中国工商银行',
  branchName: '北京丰台支行',
  accountType: '对公账户',
  isDefault: '否',
};

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

async function bankAccount(client: Client, accountNo: string): Promise<number> {
  const saved = await client.post<{ id: number }>('/api/bank/save', { values: { ...ACCOUNT, accountNo } });
  expect(saved.status, saved.msg).toBe(0);
  return saved.data.id;
}

async function ticketOf(client: Client, id: number): Promise<RefundTicketDetail> {
  const shown = await client.get<RefundTicketDetail>(`/api/refundTicket/${id}`);
  expect(shown.status, shown.msg).toBe(0);
  return shown.data;
}

/** The owner signs the application's current letter with a fresh code. */
async function sign(applicationId: number, version: number) {
  t.clock.advance(61_000);
  const sent = await owner.post(`/api/refundTicket/sign/otp/${applicationId}`);
  expect(sent.status, sent.msg).toBe(0);
  const code = phone.lastCodeTo(MOBILE);
  expect((await owner.post(`/api/refundTicket/sign/otp/check/${applicationId}`, { otp: code })).status).toBe(
    0,
  );
  return owner.post<{ id: number; version: number }>(`/api/refundTicket/signature/${applicationId}`, {
    version,
    otp: code,
  });
}

describe('退票信息', () => {
  let payoutId: number;
  let ticketId: number;

  it('the exchange records an approved payout the bank returned, once', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7100001');
    const approve = (action: string, form: Record<string, unknown>) =>
      approveAction({ t, phone, mobile: MOBILE, ownerToken, exchange, projectId, action, form });
    // dealt first (the contract), then the price paid out
    await approve('contract', {
      reason: '成交签约',
      contractNo: 'HT-2026-0201',
      transfereeName: '示范受让有限公司',
      dealPrice: 1_300_000_00,
      signDate: '2026-11-10',
    });
    payoutId = await approve('price', {
      reason: '价款划转',
      payoutAmount: 1_250_000_00,
      payeeName: '北京示范国有资产经营有限公司',
      payeeBank: '中国建设银行北京分行',
      payeeAccount: '1100 1010 1000 5200 1234',
    });
    const record = { instanceId: payoutId, returnReason: '账户已销户', returnedOn: '2026-11-20' };
    // the owner cannot record one; a reason not of the list, a day to come: refused
    expect((await owner.post('/api/refundTicket/save', record)).status).not.toBe(0);
    expect(
      await exchange.post('/api/refundTicket/save', { ...record, returnReason: '不知道' }),
    ).toMatchObject({ status: 1, msg: MSG.refundTicketReturnReasonInvalid });
    expect(
      await exchange.post('/api/refundTicket/save', { ...record, returnedOn: '2099-01-01' }),
    ).toMatchObject({ status: 1, msg: MSG.refundTicketReturnedOnInvalid });
    const created = await exchange.post<{ id: number; code: string }>('/api/refundTicket/save', record);
    expect(created.status, created.msg).toBe(0);
    expect(created.data.code).toMatch(/^TP\d{4}\d{7}$/);
    ticketId = created.data.id;
    expect(await exchange.post('/api/refundTicket/save', record)).toMatchObject({
      status: 1,
      msg: MSG.refundTicketPayoutTaken,
    });

    const ticket = await ticketOf(owner, ticketId);
    expect(ticket).toMatchObject({
      projectId,
      payoutKind: 'price',
      payoutKindLabel: '价款划转',
      amount: 1_250_000_00,
      original: { accountName: '北京示范国有资产经营有限公司', accountNo: '1100 1010 1000 5200 1234' },
      returnReason: '账户已销户',
      state: 'pending',
      stateLabel: '待重新出金',
      application: null,
      applications: [],
    });
    // the owner and the exchange list it; another company neither lists nor reads it
    const listed = await owner.post<PageResult<RefundTicket>>('/api/refundTicket/list', {
      page: 1,
      size: 10,
    });
    expect(listed.data.list.map((row) => row.id)).toContain(ticketId);
    const all = await exchange.post<PageResult<RefundTicket>>('/api/refundTicket/list', {
      page: 1,
      size: 10,
      state: 'pending',
    });
    expect(all.data.list.find((row) => row.id === ticketId)?.companyName).toBe(
      '北京示范国有资产经营有限公司',
    );
    const theirs = await foreign.post<PageResult<RefundTicket>>('/api/refundTicket/list', {
      page: 1,
      size: 10,
    });
    expect(theirs.data.list.map((row) => row.id)).not.toContain(ticketId);
    expect((await foreign.get(`/api/refundTicket/${ticketId}`)).status).toBe(404);
  });

  it('applies again to a corrected account, signed, returned, corrected, signed again and approved', async () => {
    const ticket = await ticketOf(owner, ticketId);
    const same = await bankAccount(owner, '1100 1010 1000 5200 1234');
    const wrong = await bankAccount(owner, '0200 0045 0920 0777 001');
    const right = await bankAccount(owner, '0200 0045 0920 0888 002');
    const theirs = await bankAccount(foreign, '0200 0045 0920 0999 003');
    const apply = (body: Record<string, unknown>) =>
      owner.post<{ id: number; version: number }>(`/api/refundTicket/apply/${ticketId}`, body);
    // refused, nothing changed: no account, another company's account, the account that returned it, too long a
    // remark, a stale version; another company applying: 404
    expect(await apply({ version: ticket.version })).toMatchObject({ msg: MSG.refundTicketBankMissing });
    expect(await apply({ version: ticket.version, bankId: theirs })).toMatchObject({
      msg: MSG.refundTicketBankMissing,
    });
    expect(await apply({ version: ticket.version, bankId: same })).toMatchObject({
      msg: MSG.refundTicketSameAccount,
    });
    expect(await apply({ version: ticket.version, bankId: wrong, remark: '长'.repeat(201) })).toMatchObject({
      msg: MSG.refundTicketRemarkTooLong,
    });
    expect((await apply({ version: ticket.version + 3, bankId: wrong })).status).toBe(409);
    expect(
      (await foreign.post(`/api/refundTicket/apply/${ticketId}`, { version: ticket.version, bankId: theirs }))
        .status,
    ).toBe(404);
    expect((await ticketOf(owner, ticketId)).state).toBe('pending');

    const applied = await apply({ version: ticket.version, bankId: wrong, remark: '原账户已销户' });
    expect(applied).toMatchObject({ status: 0, msg: MSG.refundTicketApplied });
    const applicationId = applied.data.id;
    let shown = await ticketOf(owner, ticketId);
    expect(shown).toMatchObject({ state: 'signing', application: { state: 'signing', revisionNo: 1 } });
    expect(shown.application?.account.accountNo).toBe('0200004509200777001');
    // one application at a time; the exchange cannot review an unsigned one; another company cannot sign it
    expect(await apply({ version: shown.version, bankId: right })).toMatchObject({
      msg: MSG.refundTicketNotPending,
    });
    expect(
      await exchange.post(`/api/refundTicket/audit/${applicationId}`, {
        version: applied.data.version,
        result: 'pass',
      }),
    ).toMatchObject({ msg: MSG.refundTicketNotReviewing });
    expect((await foreign.post(`/api/refundTicket/sign/otp/${applicationId}`)).status).toBe(404);
    // the letter is a PDF the owner can read
    const letter = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/download/${shown.application?.letterId ?? ''}`,
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(letter.statusCode).toBe(200);
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // a wrong code is refused and changes nothing
    expect(
      await owner.post(`/api/refundTicket/signature/${applicationId}`, {
        version: applied.data.version,
        otp: '000000',
      }),
    ).toMatchObject({ status: 1 });
    const signed = await sign(applicationId, applied.data.version);
    expect(signed).toMatchObject({ status: 0, msg: MSG.refundTicketSigned });
    shown = await ticketOf(exchange, ticketId);
    expect(shown).toMatchObject({ state: 'reviewing', application: { state: 'reviewing' } });
    expect(shown.application?.signedLetterId).not.toBeNull();

    // returned: a reason is required; a stale version 409; the owner cannot review
    expect(
      await exchange.post(`/api/refundTicket/audit/${applicationId}`, {
        version: signed.data.version,
        result: 'back',
      }),
    ).toMatchObject({ msg: MSG.refundTicketReviewReasonRequired });
    expect(
      (
        await exchange.post(`/api/refundTicket/audit/${applicationId}`, {
          version: signed.data.version + 1,
          result: 'back',
          reason: '账号与户名不符',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await owner.post(`/api/refundTicket/audit/${applicationId}`, {
          version: signed.data.version,
          result: 'pass',
        })
      ).status,
    ).not.toBe(0);
    const returned = await exchange.post<{ version: number }>(`/api/refundTicket/audit/${applicationId}`, {
      version: signed.data.version,
      result: 'back',
      reason: '账号与户名不符',
    });
    expect(returned).toMatchObject({ status: 0, msg: MSG.refundTicketReturned });
    shown = await ticketOf(owner, ticketId);
    expect(shown).toMatchObject({
      state: 'returned',
      application: { state: 'returned', reviewReason: '账号与户名不符' },
    });

    // corrected (重新出金修改): a new letter, signed again, approved: the ticket closes
    const modified = await owner.post<{ version: number }>(`/api/refundTicket/modify/${applicationId}`, {
      version: returned.data.version,
      bankId: right,
      remark: '已更正收款账号',
    });
    expect(modified).toMatchObject({ status: 0, msg: MSG.refundTicketModified });
    shown = await ticketOf(owner, ticketId);
    expect(shown.application).toMatchObject({ state: 'signing', revisionNo: 2, signedLetterId: null });
    expect(shown.application?.account.accountNo).toBe('0200004509200888002');
    const resigned = await sign(applicationId, modified.data.version);
    expect(resigned.status, resigned.msg).toBe(0);
    const approved = await exchange.post(`/api/refundTicket/audit/${applicationId}`, {
      version: resigned.data.version,
      result: 'pass',
      reason: '',
    });
    expect(approved).toMatchObject({ status: 0, msg: MSG.refundTicketApproved });
    shown = await ticketOf(owner, ticketId);
    expect(shown).toMatchObject({
      state: 'closed',
      stateLabel: '已完成',
      application: { state: 'approved' },
    });
    expect(shown.applications).toHaveLength(1);
    // a closed ticket takes no more applications or corrections
    expect(await apply({ version: shown.version, bankId: right })).toMatchObject({
      msg: MSG.refundTicketNotPending,
    });
    expect(
      await owner.post(`/api/refundTicket/modify/${applicationId}`, {
        version: shown.application?.version,
        bankId: right,
      }),
    ).toMatchObject({ msg: MSG.refundTicketNotReturned });
  });

  it('refuses bad input with its message', async () => {
    expect(await owner.post('/api/refundTicket/list', { page: 1, size: 10, state: 'lost' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(
      await exchange.post('/api/refundTicket/save', { returnReason: '账户已销户', returnedOn: '2026-11-01' }),
    ).toMatchObject({ status: 1, msg: MSG.refundTicketPayoutMissing });
    expect(
      await exchange.post('/api/refundTicket/save', {
        instanceId: 999_999,
        returnReason: '账户已销户',
        returnedOn: '2026-11-01',
      }),
    ).toMatchObject({ status: 1, msg: MSG.refundTicketPayoutMissing });
    expect((await owner.get('/api/refundTicket/999999')).status).toBe(404);
  });
});
