// The deposit ledger through its calls: the bank's signed notices (refused unsigned, wrongly signed, late or
// replayed, each audited and changing nothing), the statement file previewed and imported (CSV and Excel), a
// transfer told by both counted once, and the reconciliation list; the ledger's later states: frozen while
// qualified, refunds owed with their due day, sent in a batch (a file for the bank) and closed by its confirmation,
// applied for the winner, forfeited when it defaults (with a bar from the owner's projects), each step refused from
// a state it does not start from.
import {
  addCalendarDays,
  bankNoticeSigningText,
  DEPOSIT_SETTLEMENT_PREFIX_DEFAULT,
  formatDate,
  formatMessage,
  MSG,
  refundDueOn,
  virtualAccountOf,
  type IntentionDetail,
} from '@cqjy/domain';
import type { DepositArrivalRow, RefundDueRow, StatementLine } from '@cqjy/domain/contracts/deposits';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  createTestClock,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { makeBuyer, makeDepositProject, signRegistration } from '../../test/intention-support.ts';
import { clientOf, enrolSigner, type Client } from '../../test/workflow-support.ts';

const BANK_KEY = 'test-bank-key-0123456789abcdef';
const AGENT_MOBILE = '13800000004';
const START = new Date('2026-12-01T10:00:00+08:00');
const DEPOSIT = 50_000_00;
const DEADLINE = '2026-12-10';

let t: TestApp;
let phone: CapturingSmsProvider;
let agent: Client;
let owner: Client;
let exchange: Client;
let serials = 0;
let projects = 0;

/** A registration of the agent, signed, on a project of its own (a member registers one buyer per project). */
async function register(): Promise<{ id: number; version: number; projectId: number }> {
  projects += 1;
  const code = `GR2026BJ91${String(projects).padStart(5, '0')}`;
  const projectId = await makeDepositProject(t, code, { amount: DEPOSIT, deadline: DEADLINE });
  return { ...(await signRegistration(t, phone, agent, AGENT_MOBILE, projectId)), projectId };
}

const accountOf = (id: number) => virtualAccountOf(DEPOSIT_SETTLEMENT_PREFIX_DEFAULT, id);

function arrival(account: string, overrides: Record<string, unknown> = {}) {
  serials += 1;
  return {
    serial: `B20261201${String(serials).padStart(6, '0')}`,
    account,
    amount: DEPOSIT,
    arrivedAt: '2026-12-01T09:30:00+08:00',
    payerName: '示范保证金受让企业',
    payerAccount: '6222000011112222',
    ...overrides,
  };
}

/** Posts a notice's body as sent, with its time and signature headers (a signature left out: unsigned). */
async function send(raw: string, timestamp: string, signature: string | undefined) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/deposit/bank/notify',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': timestamp,
      ...(signature === undefined ? {} : { 'x-bank-signature': signature }),
    },
    payload: raw,
  });
  return { http: response.statusCode, ...readJson<{ serial: string; result: string }>(response) };
}

/** Sends `body` as the bank does: signed with `key` at `at` (the test clock's time unless told). */
async function notify(
  body: unknown,
  options: { key?: string | null; at?: number; signature?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(Math.floor((options.at ?? t.clock.now().getTime()) / 1000));
  const key = options.key === undefined ? BANK_KEY : options.key;
  const signature =
    options.signature ??
    (key === null
      ? undefined
      : createHmac('sha256', key).update(bankNoticeSigningText(timestamp, raw)).digest('hex'));
  return { ...(await send(raw, timestamp, signature)), raw, timestamp, signature };
}

async function ledger(): Promise<string> {
  const arrivals = await selectRows(t.db, sql`select * from deposit_arrivals order by id`);
  const registrations = await selectRows(
    t.db,
    sql`select id, version, deposit_paid_at, deposit_reference from intention_registrations order by id`,
  );
  return JSON.stringify({ arrivals, registrations });
}

async function depositOf(id: number): Promise<IntentionDetail> {
  const shown = await exchange.get<IntentionDetail>(`/api/intention/${id}`);
  expect(shown.status, shown.msg).toBe(0);
  return shown.data;
}

async function failedNotices(): Promise<string[]> {
  const rows = await selectRows<{ reason: string }>(
    t.db,
    sql`select detail->>'reason' as reason from audit_log where action = 'deposit.notice' and result = 'fail' order by id`,
  );
  return rows.map((row) => row.reason);
}

function csvOf(lines: string[][]): string {
  const header = ['交易流水号', '收款账号', '金额（元）', '到账时间', '付款人户名', '付款人账号'];
  return [header, ...lines]
    .map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
    .join('\r\n');
}

const fileOf = (name: string, content: Buffer | string) => ({
  fileName: name,
  content: Buffer.from(content).toString('base64'),
});

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    smsProvider: phone,
    clock: createTestClock(START),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', DEPOSIT_BANK_KEY: BANK_KEY },
  });
  agent = clientOf(t, await loginAs(t.app, 'agent'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'agent');
});

afterAll(async () => {
  await t?.close();
});

describe('the bank notice', () => {
  it('a signed notice of the deposit owed records it arrived, with the serial as its reference', async () => {
    const { id } = await register();
    // the member's page shows where to pay: the registration's own receiving account
    expect(await depositOf(id)).toMatchObject({ depositState: 'unpaid', depositAccount: accountOf(id) });
    const told = arrival(accountOf(id));
    const sent = await notify(told);
    expect(sent).toMatchObject({ http: 200, status: 0, data: { serial: told.serial, result: 'matched' } });
    expect(await depositOf(id)).toMatchObject({
      depositState: 'paid',
      depositReceivedAmount: DEPOSIT,
      depositArrivedOn: '2026-12-01',
      depositReference: told.serial,
    });
    // the same transfer told again in a new notice counts once and changes nothing
    const before = await ledger();
    t.clock.advance(1000);
    expect((await notify(told)).data).toEqual({ serial: told.serial, result: 'duplicate' });
    expect(await ledger()).toBe(before);
  });

  it('refuses an unsigned, wrongly signed, late or replayed notice; each audited, nothing changed', async () => {
    const { id } = await register();
    const told = arrival(accountOf(id));
    const before = await ledger();
    const audited = (await failedNotices()).length;
    expect(await notify(told, { key: null })).toMatchObject({ http: 401, msg: MSG.depositNoticeUnsigned });
    expect(await notify(told, { key: 'another-key-0123456789abcdef' })).toMatchObject({ http: 401 });
    expect(await notify(told, { signature: 'zz' })).toMatchObject({ http: 401 });
    const late = await notify(told, { at: t.clock.now().getTime() - 301_000 });
    expect(late).toMatchObject({ http: 401, msg: MSG.depositNoticeLate });
    // a body changed after signing is no longer signed by that signature
    const signed = await notify(arrival(accountOf(id), { serial: 'SIGNED-ONCE' }), { key: BANK_KEY });
    expect(signed.data.result).toBe('matched');
    const replayed = await send(signed.raw, signed.timestamp, signed.signature);
    expect(replayed).toMatchObject({ status: 409, msg: MSG.depositNoticeReplayed });
    const tampered = await send(
      signed.raw.replace(String(DEPOSIT), String(DEPOSIT * 2)),
      signed.timestamp,
      signed.signature,
    );
    expect(tampered.http).toBe(401);
    expect((await failedNotices()).slice(audited)).toEqual([
      'unsigned',
      'unsigned',
      'unsigned',
      'late',
      'replayed',
      'unsigned',
    ]);
    // only the one signed notice changed the ledger: its arrival, and the deposit it paid
    const after = JSON.parse(await ledger()) as { arrivals: { serial: string }[] };
    expect(after.arrivals.map((row) => row.serial).filter((serial) => !before.includes(serial))).toEqual([
      'SIGNED-ONCE',
    ]);
  });

  it('keeps aside what cannot be counted: unmatched, short, over and late; the deposit stays owed', async () => {
    const { id } = await register();
    const results = [];
    for (const told of [
      arrival(accountOf(999_999)),
      arrival('6222000000000000'),
      arrival(accountOf(id), { amount: DEPOSIT - 1 }),
      arrival(accountOf(id), { amount: DEPOSIT + 1 }),
      arrival(accountOf(id), { arrivedAt: '2026-12-11T00:00:01+08:00' }),
    ]) {
      results.push((await notify(told)).data.result);
    }
    expect(results).toEqual(['unmatched', 'unmatched', 'short', 'over', 'late']);
    expect((await depositOf(id)).depositState).toBe('unpaid');
    const list = await exchange.get<{
      list: DepositArrivalRow[];
      total: number;
      counts: Record<string, number>;
    }>('/api/deposit/list?outcome=short');
    expect(list.status, list.msg).toBe(0);
    expect(list.data.list[0]).toMatchObject({
      outcome: 'short',
      outcomeLabel: '金额不足',
      amount: DEPOSIT - 1,
      registrationId: id,
      depositAmount: DEPOSIT,
      source: 'notice',
    });
    expect(list.data.counts).toMatchObject({ unmatched: 2, short: 1, over: 1, late: 1 });
  });

  it('answers a body that is no arrival with its message, signed or not', async () => {
    expect(await notify({ serial: 'X1', account: '1', amount: -5, arrivedAt: 'now' })).toMatchObject({
      http: 200,
      status: 1,
      msg: MSG.intentionDepositAmountInvalid,
    });
    expect(await notify(null, { raw: '{not json' })).toMatchObject({ status: 1, msg: MSG.badRequest });
  });
});

describe('the statement file', () => {
  it('previews each line without storing, then imports: a transfer already told by a notice counts once', async () => {
    const first = await register();
    const second = await register();
    const told = arrival(accountOf(first.id));
    expect((await notify(told)).data.result).toBe('matched');
    const csv = csvOf([
      [told.serial, told.account, '50,000.00', '2026-12-01 09:30:00', told.payerName, told.payerAccount],
      ['S-0002', accountOf(second.id), '50000', '2026/12/01 11:05', '示范企业', '6222'],
      ['S-0002', accountOf(second.id), '50000', '2026/12/01 11:05', '示范企业', '6222'],
      ['S-0003', '955880', '100.00', '2026-12-01 12:00', '某人', ''],
      ['S-0004', accountOf(second.id), '五万元', '2026-12-01', '示范企业', ''],
    ]);
    const before = await ledger();
    const preview = await exchange.post<{
      lines: StatementLine[];
      invalid: number;
      counts: Record<string, number>;
    }>('/api/deposit/statement/import/preview', fileOf('对账单.csv', csv));
    expect(preview.status, preview.msg).toBe(0);
    expect(preview.data.lines.map((line) => [line.line, line.result, line.message])).toEqual([
      [2, 'duplicate', ''],
      [3, 'matched', ''],
      [4, 'duplicate', ''],
      [5, 'unmatched', ''],
      [6, null, MSG.intentionDepositAmountInvalid],
    ]);
    expect(preview.data.lines[1]).toMatchObject({
      amount: DEPOSIT,
      registrationName: expect.stringMatching(/示范/),
    });
    expect(await ledger()).toBe(before);

    const imported = await exchange.post<{ invalid: number; counts: Record<string, number> }>(
      '/api/deposit/statement/import',
      fileOf('对账单.csv', csv),
    );
    expect(imported, imported.msg).toMatchObject({ status: 0, msg: MSG.depositStatementImported });
    expect(imported.data).toMatchObject({ invalid: 1, counts: { matched: 1, duplicate: 2, unmatched: 1 } });
    expect(await depositOf(second.id)).toMatchObject({ depositState: 'paid', depositReference: 'S-0002' });
    const rows = await selectRows<{ serial: string; source: string }>(
      t.db,
      sql`select serial, source from deposit_arrivals where serial in (${told.serial}, 'S-0002')`,
    );
    expect(rows.sort((a, b) => a.serial.localeCompare(b.serial))).toEqual(
      [
        { serial: told.serial, source: 'notice' },
        { serial: 'S-0002', source: 'statement' },
      ].sort((a, b) => a.serial.localeCompare(b.serial)),
    );
    // the notice that arrives after the statement for the same transfer counts once too
    t.clock.advance(1000);
    expect((await notify({ ...told, serial: 'S-0002', account: accountOf(second.id) })).data.result).toBe(
      'duplicate',
    );
  });

  it('counts a transfer told by a notice and a statement line at the same moment once', async () => {
    const { id } = await register();
    const told = arrival(accountOf(id));
    const csv = csvOf([
      [told.serial, told.account, '50000.00', '2026-12-01 09:30:00', told.payerName, told.payerAccount],
    ]);
    const [sent, imported] = await Promise.all([
      notify(told),
      exchange.post<{ counts: Record<string, number> }>(
        '/api/deposit/statement/import',
        fileOf('a.csv', csv),
      ),
    ]);
    expect(imported.status, imported.msg).toBe(0);
    const results = [sent.data.result, imported.data.counts.matched === 1 ? 'matched' : 'duplicate'].sort();
    expect(results).toEqual(['duplicate', 'matched']);
    const rows = await selectRows(t.db, sql`select id from deposit_arrivals where serial = ${told.serial}`);
    expect(rows).toHaveLength(1);
    const audited = await selectRows(
      t.db,
      sql`select id from audit_log where action = 'intention.deposit' and target = ${String(id)}`,
    );
    expect(audited).toHaveLength(1);
    expect((await depositOf(id)).depositState).toBe('paid');
  });

  it('reads an Excel statement (time cells, number amounts) and a GB18030 CSV', async () => {
    const { id } = await register();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('对账单');
    sheet.addRow(['交易流水号', '收款账号', '金额(元)', '到账时间', '付款人户名', '付款人账号']);
    sheet.addRow([
      'X-0001',
      accountOf(id),
      50000,
      new Date(Date.UTC(2026, 11, 1, 9, 0, 0)),
      '示范企业',
      '6222',
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await exchange.post<{ counts: Record<string, number> }>(
      '/api/deposit/statement/import',
      fileOf('statement.xlsx', xlsx),
    );
    expect(imported.status, imported.msg).toBe(0);
    expect(imported.data.counts.matched).toBe(1);
    expect(await depositOf(id)).toMatchObject({ depositState: 'paid', depositArrivedOn: '2026-12-01' });

    // 交易流水号 in GB18030, a header the bank's export writes; the rest ASCII
    const header = Buffer.from([0xbd, 0xbb, 0xd2, 0xd7, 0xc1, 0xf7, 0xcb, 0xae, 0xba, 0xc5]);
    const preview = await exchange.post<{ lines: StatementLine[] }>(
      '/api/deposit/statement/import/preview',
      fileOf('gbk.csv', Buffer.concat([header, Buffer.from('\r\nX-0009\r\n')])),
    );
    // the header decodes: the message names the next column missing, not the first
    expect(preview).toMatchObject({ status: 1, msg: '对账单缺少“收款账号”列' });
  });

  it('refuses an empty file, one that is no statement, and a caller that is not the exchange', async () => {
    const before = await ledger();
    expect(
      await exchange.post('/api/deposit/statement/import', { fileName: 'a.csv', content: '' }),
    ).toMatchObject({ status: 1, msg: MSG.uploadEmpty });
    expect(
      await exchange.post(
        '/api/deposit/statement/import',
        fileOf('a.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1])),
      ),
    ).toMatchObject({ status: 1, msg: MSG.depositStatementFileInvalid });
    expect(
      await exchange.post('/api/deposit/statement/import', fileOf('a.csv', 'a,b,c\r\n1,2,3')),
    ).toMatchObject({ status: 1, msg: '对账单缺少“交易流水号”列' });
    expect((await agent.post('/api/deposit/statement/import', fileOf('a.csv', csvOf([])))).status).toBe(403);
    expect((await agent.get('/api/deposit/list')).status).toBe(403);
    expect(await ledger()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The ledger's later states

/** A registration whose deposit arrived by the bank's signed notice. */
async function paidRegistration() {
  const registered = await register();
  const sent = await notify(arrival(accountOf(registered.id)));
  expect(sent.data.result).toBe('matched');
  return { ...registered, version: (await depositOf(registered.id)).version };
}

/** A paid registration withdrawn by its member: its deposit owed back. */
async function owedRegistration() {
  const paid = await paidRegistration();
  const withdrawn = await agent.post(`/api/intention/withdraw/${paid.id}`, { version: paid.version });
  expect(withdrawn.status, withdrawn.msg).toBe(0);
  return paid;
}

async function refundLedger(): Promise<string> {
  const rows = await Promise.all([
    selectRows(t.db, sql`select * from deposit_refund_batches order by id`),
    selectRows(t.db, sql`select * from deposit_refund_lines order by id`),
    selectRows(t.db, sql`select * from intention_bars order by id`),
    selectRows(
      t.db,
      sql`select id, version, deposit_refund_issued_at, deposit_refunded_at, deposit_forfeited_at
            from intention_registrations order by id`,
    ),
  ]);
  return JSON.stringify(rows);
}

async function auditCount(action: string, target: number): Promise<number> {
  const rows = await selectRows(
    t.db,
    sql`select id from audit_log where action = ${action} and target = ${String(target)}`,
  );
  return rows.length;
}

type Batch = { id: number; batchNo: string; status: string; lineCount: number; total: number };

async function issue(ids: number[]) {
  return exchange.post<Batch>('/api/deposit/refund/batch', { registrationIds: ids });
}

describe('refunds', () => {
  it('lists a deposit owed back with its due day, late once the working days have passed', async () => {
    const { id } = await owedRegistration();
    const listed = await exchange.get<{ list: RefundDueRow[]; total: number; overdue: number }>(
      '/api/deposit/refund/list?size=500',
    );
    expect(listed.status, listed.msg).toBe(0);
    const row = listed.data.list.find((item) => item.registrationId === id);
    const since = formatDate(t.clock.now());
    // the default term: 5 working days from the day it became owed
    expect(row).toMatchObject({
      amount: DEPOSIT,
      payeeName: '示范保证金受让企业',
      payeeAccount: '6222000011112222',
      since,
      dueOn: refundDueOn(since, 5),
      isOverdue: false,
    });
    const lateBefore = listed.data.overdue;
    // ten days on (the clock stays: the sessions would expire), the term has passed
    await t.db
      .execute(sql`update intention_registrations set left_race_at = left_race_at - interval '10 days',
      deposit_paid_at = deposit_paid_at - interval '10 days' where id = ${id}`);
    const later = await exchange.get<{ list: RefundDueRow[]; overdue: number }>(
      '/api/deposit/refund/list?size=500',
    );
    expect(later.data.list.find((item) => item.registrationId === id)?.isOverdue).toBe(true);
    expect(later.data.overdue).toBeGreaterThan(lateBefore);
  });

  it('sends the deposits owed in a batch, a file for the bank, and its confirmation closes them', async () => {
    const first = await owedRegistration();
    const second = await owedRegistration();
    const paid = await paidRegistration();
    // a deposit still in the race is not owed back: the batch is refused by its name, and nothing changes
    let before = await refundLedger();
    const refused = await issue([first.id, paid.id]);
    expect(refused).toMatchObject({ status: 1, msg: expect.stringContaining('不在待退还状态') as string });
    expect(await refundLedger()).toBe(before);

    const issued = await issue([first.id, second.id]);
    expect(issued.status, issued.msg).toBe(0);
    expect(issued.data).toMatchObject({ status: 'issued', lineCount: 2, total: 2 * DEPOSIT });
    expect(issued.data.batchNo).toMatch(/^TK\d{8}\d{6}$/);
    expect((await depositOf(first.id)).depositState).toBe('refundIssued');
    // out with the bank: not in another batch, not refunded by hand, not kept
    before = await refundLedger();
    expect((await issue([first.id])).status).toBe(1);
    const shown = await depositOf(first.id);
    expect(
      await exchange.post(`/api/intention/deposit/refund/${first.id}`, { version: shown.version }),
    ).toMatchObject({ status: 1, msg: MSG.intentionDepositNotRefunding });
    expect(
      await exchange.post(`/api/deposit/forfeit/${first.id}`, { version: shown.version, reason: '违约' }),
    ).toMatchObject({ status: 1, msg: MSG.depositForfeitNotAllowed });
    expect(await refundLedger()).toBe(before);

    // the bank's file: one line per deposit, the payer's account, yuan without separators, formulas kept as text
    const file = await exchange.raw('GET', `/api/deposit/refund/batch/${issued.data.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const text = file.body;
    expect(text.startsWith('\uFEFF批次号,序号,收款人户名,收款人账号,金额（元）,原交易流水号,用途')).toBe(
      true,
    );
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${issued.data.batchNo},1,示范保证金受让企业,6222000011112222,50000.00,`);

    // the bank paid the first, not the second: the second is owed back again, the batch closed once
    const confirmed = await exchange.post<Batch & { refunded: number; failed: number }>(
      `/api/deposit/refund/batch/${issued.data.id}/confirm`,
      { failedIds: [second.id] },
    );
    expect(confirmed.status, confirmed.msg).toBe(0);
    expect(confirmed.data).toMatchObject({ status: 'confirmed', refunded: 1, failed: 1 });
    expect((await depositOf(first.id)).depositState).toBe('refunded');
    expect((await depositOf(second.id)).depositState).toBe('refunding');
    before = await refundLedger();
    expect(
      await exchange.post(`/api/deposit/refund/batch/${issued.data.id}/confirm`, { failedIds: [] }),
    ).toMatchObject({ status: 1, msg: MSG.depositRefundBatchClosed });
    expect(await refundLedger()).toBe(before);

    // the failed one goes out again in a new batch and is confirmed
    const again = await issue([second.id]);
    expect(again.status, again.msg).toBe(0);
    const shownBatch = await exchange.get<{ lines: { registrationId: number; outcome: string }[] }>(
      `/api/deposit/refund/batch/${again.data.id}`,
    );
    expect(shownBatch.data.lines).toEqual([
      expect.objectContaining({ registrationId: second.id, outcome: 'issued' }),
    ]);
    // a line of another batch is no failure of this one
    expect(
      await exchange.post(`/api/deposit/refund/batch/${again.data.id}/confirm`, { failedIds: [first.id] }),
    ).toMatchObject({ status: 1, msg: MSG.depositRefundFailedUnknown });
    expect((await exchange.post(`/api/deposit/refund/batch/${again.data.id}/confirm`, {})).status).toBe(0);
    expect((await depositOf(second.id)).depositState).toBe('refunded');
    // each step audited once
    expect(await auditCount('intention.refundIssued', second.id)).toBe(2);
    expect(await auditCount('intention.refundFailed', second.id)).toBe(1);
    expect(await auditCount('intention.refund', second.id)).toBe(1);
    expect(await auditCount('intention.refund', first.id)).toBe(1);
    const owed = await exchange.get<{ list: RefundDueRow[] }>('/api/deposit/refund/list?size=500');
    expect(owed.data.list.map((row) => row.registrationId)).not.toContain(second.id);
  });

  it('takes one deposit into one batch when two are issued at once, and confirms a batch once', async () => {
    const { id } = await owedRegistration();
    const [a, b] = await Promise.all([issue([id]), issue([id])]);
    expect([a.status, b.status].sort()).toEqual([0, 1]);
    const lines = await selectRows(
      t.db,
      sql`select id from deposit_refund_lines where registration_id = ${id}`,
    );
    expect(lines).toHaveLength(1);
    const batch = a.status === 0 ? a.data : b.data;
    const confirms = await Promise.all([
      exchange.post(`/api/deposit/refund/batch/${batch.id}/confirm`, {}),
      exchange.post(`/api/deposit/refund/batch/${batch.id}/confirm`, {}),
    ]);
    expect(confirms.map((answer) => answer.status).sort()).toEqual([0, 1]);
    expect(confirms.find((answer) => answer.status === 1)?.msg).toBe(MSG.depositRefundBatchClosed);
    expect(await auditCount('intention.refund', id)).toBe(1);
  });

  it('answers only the exchange', async () => {
    const { id } = await owedRegistration();
    const before = await refundLedger();
    expect((await agent.get('/api/deposit/refund/list')).status).toBe(403);
    expect((await agent.post('/api/deposit/refund/batch', { registrationIds: [id] })).status).toBe(403);
    expect((await agent.post(`/api/deposit/forfeit/${id}`, { version: 1, reason: '违约' })).status).toBe(403);
    expect((await agent.raw('GET', '/api/deposit/refund/batch/1/file')).statusCode).toBe(403);
    expect(await exchange.post('/api/deposit/refund/batch', { registrationIds: [] })).toMatchObject({
      status: 1,
      msg: MSG.depositRefundPickRequired,
    });
    expect((await exchange.get('/api/deposit/refund/batch/999999')).status).toBe(404);
    expect(await refundLedger()).toBe(before);
  });
});

describe('the qualified, the winner and a default', () => {
  it("freezes a qualified deposit, applies the winner's to the price, and forfeits it when the winner defaults", async () => {
    const { id, projectId } = await paidRegistration();
    let version = (await depositOf(id)).version;
    const passed = await owner.post<{ version: number }>(`/api/intention/review/${id}`, {
      version,
      result: 'pass',
    });
    expect(passed.status, passed.msg).toBe(0);
    const confirmed = await exchange.post<{ version: number }>(`/api/intention/review/${id}`, {
      version: passed.data.version,
      result: 'pass',
    });
    expect(confirmed.status, confirmed.msg).toBe(0);
    expect((await depositOf(id)).depositState).toBe('frozen');
    // frozen: not owed back
    expect((await issue([id])).status).toBe(1);

    // the disclosure over, the one qualified buyer takes the project by agreement: its deposit is part of the price
    await t.db.execute(
      sql`update projects set disclosure_end = ${new Date(t.clock.now().getTime() - 86_400_000)} where id = ${projectId}`,
    );
    const agreed = await exchange.post(`/api/intention/agreement/${projectId}`, {});
    expect(agreed.status, agreed.msg).toBe(0);
    const won = await depositOf(id);
    expect(won).toMatchObject({ status: 'won', depositState: 'applied' });

    // the winner defaults: a reason is required, a stale version is a conflict, and nothing changes
    const before = await refundLedger();
    expect(
      await exchange.post(`/api/deposit/forfeit/${id}`, { version: won.version, reason: '  ' }),
    ).toMatchObject({ status: 1, msg: MSG.depositForfeitReasonRequired });
    expect(
      (
        await exchange.post(`/api/deposit/forfeit/${id}`, {
          version: won.version - 1,
          reason: '竞得人未签约',
        })
      ).status,
    ).toBe(409);
    expect(await refundLedger()).toBe(before);
    const kept = await exchange.post<{ depositState: string; barUntil: string | null }>(
      `/api/deposit/forfeit/${id}`,
      { version: won.version, reason: '竞得人逾期未签订交易合同', isBarred: true },
    );
    expect(kept.status, kept.msg).toBe(0);
    // the default bar: 180 days, today the first
    const today = formatDate(t.clock.now());
    expect(kept.data).toMatchObject({
      depositState: 'forfeited',
      barUntil: formatDate(addCalendarDays(t.clock.now(), 179)),
    });
    expect(await depositOf(id)).toMatchObject({
      depositState: 'forfeited',
      depositForfeitReason: '竞得人逾期未签订交易合同',
    });
    expect(await auditCount('intention.forfeit', id)).toBe(1);
    version = (await depositOf(id)).version;
    expect(await exchange.post(`/api/deposit/forfeit/${id}`, { version, reason: '再次扣除' })).toMatchObject({
      status: 1,
      msg: MSG.depositForfeitNotAllowed,
    });

    // barred: the same party may not register on the owner's next project until the bar ends; another may
    const [barred] = await selectRows<{ cert_no: string; until: string }>(
      t.db,
      sql`select cert_no, to_char(until, 'YYYY-MM-DD') as until from intention_bars where registration_id = ${id}`,
    );
    expect(barred?.until).toBe(kept.data.barUntil);
    expect(barred !== undefined && barred.until >= today).toBe(true);
    projects += 1;
    const next = await makeDepositProject(t, `GR2026BJ91${String(projects).padStart(5, '0')}`, {
      amount: DEPOSIT,
      deadline: DEADLINE,
    });
    expect(
      await agent.post('/api/intention/save', { projectId: next, ...makeBuyer({ certNo: barred?.cert_no }) }),
    ).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.intentionBarred, { until: kept.data.barUntil ?? '' }),
    });
    expect((await agent.post('/api/intention/save', { projectId: next, ...makeBuyer() })).status).toBe(0);
  });
});
