// The bidding hall: the exchange opens a hall on a project whose disclosure (and so its registrations) ended, with
// two qualified registrations (one of the demo member's, one of the demo agent's; fewer are refused, and so is a
// hall while the disclosure runs or a deposit is awaited, with the words the project's page shows), the owner and
// those members see it, anyone else gets 404. Bids are judged by the server: a company without a bidder is
// refused, a bid below the current price plus the increment gets its message, a bid in the timed period moves the
// countdown, of two equal bids at once exactly one is taken, a bid after the end is refused. The close settles the
// registrations, writes the deal's result into the project, makes it 待签约, records the result in its process log
// and tells the members and the owner; a close without bids makes it 流拍, and once disclosed again it may have
// another hall; the bids' hash chain recomputes; the result PDF is signed by the exchange and verifies. The event
// stream (SSE over a real socket) delivers the hall, then each bid; with TEST_DATABASE_URL a watcher on a second
// node sees a bid made on the first (LISTEN/NOTIFY). A sealed session takes one unseen bid each and opens them at
// the close; the owner's reserve price, set no later than the lead hours before the start, stays hidden until the
// close, and a highest bid below it sells nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_STATUS,
  bidChainLine,
  biddingGenesisLine,
  formatDate,
  formatFen,
  formatMessage,
  MSG,
  type BiddingHall,
  type BiddingHallEvent,
  type NotificationRow,
  type PageResult,
  type ProcessLogRow,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { verifyPdf } from '../../platform/pdf/verify.ts';
import { openBuiltinAuthority } from '../../platform/signing/certificate-authority.ts';
import { findPostgres } from '../../reliability/multi-node.ts';
import { bearer, createSecondNode, createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, copyProject, type Client } from '../../test/workflow-support.ts';

const START_PRICE = 1_000_000;
const INCREMENT = 50_000;
const FREE_S = 60;
const TIMED_S = 30;

let t: TestApp;
let exchange: Client;
let owner: Client;
let foreign: Client;
let member: Client;
let agent: Client;
let memberToken: string;
let agentToken: string;
let memberCompanyId: number;
let agentCompanyId: number;
/** a third company holding a buyer (a member may hold one per project) */
let thirdCompanyId: number;
let projectSerial = 0;
let registrationSerial = 0;
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-bidding-test-'));

async function companyOf(username: string): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    t.db,
    sql`select o.company_id as id from operators o join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  if (row === undefined) throw new Error(`no company of ${username}`);
  return row.id;
}

/** Ends a project's disclosure: its last day was the day before the clock's (its registrations closed). */
async function endDisclosure(projectId: number, on: TestApp = t): Promise<void> {
  const dayBefore = new Date(on.clock.now().getTime() - 86_400_000);
  await on.db.execute(sql`update projects set disclosure_end = ${dayBefore} where id = ${projectId}`);
}

/** A copy of the demo project whose disclosure ended (`isRunning`: still running). */
async function newProject(db: TestApp = t, isRunning = false): Promise<number> {
  projectSerial += 1;
  const id = await copyProject(db, `JJ2026TEST${String(projectSerial).padStart(4, '0')}`);
  if (!isRunning) await endDisclosure(id, db);
  return id;
}

/** A registration as the intentions module leaves it once qualified (or in `status`), its deposit paid unless not. */
async function addRegistration(
  projectId: number,
  companyId: number,
  name: string,
  options: { status?: string; isDepositPaid?: boolean; on?: TestApp } = {},
): Promise<number> {
  registrationSerial += 1;
  const certNo = `91110000MA${String(registrationSerial).padStart(7, '0')}X`;
  const paidAt = options.isDepositPaid === false ? null : (options.on ?? t).clock.now();
  const [row] = await selectRows<{ id: number }>(
    (options.on ?? t).db,
    sql`insert into intention_registrations
          (project_id, company_id, status, kind, name, cert_type, cert_no, contact_name, contact_mobile,
           deposit_amount, deposit_paid_at)
        values (${projectId}, ${companyId}, ${options.status ?? 'qualified'}, 'company', ${name}, 'creditCode',
                ${certNo}, '联系人', '13900000000', 100000, ${paidAt})
        returning id`,
  );
  if (row === undefined) throw new Error('no registration');
  return row.id;
}

function openForm(projectId: number, overrides: Record<string, unknown> = {}) {
  return {
    projectId,
    startAt: t.clock.now().toISOString(),
    freeSeconds: FREE_S,
    timedSeconds: TIMED_S,
    startingPrice: START_PRICE,
    increment: INCREMENT,
    ...overrides,
  };
}

type Hall = { id: number; projectId: number; memberReg: number; agentReg: number };

/** A disclosing project with the member's and the agent's qualified buyers, and its hall opened now. */
async function openHall(): Promise<Hall> {
  const projectId = await newProject();
  const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
  const agentReg = await addRegistration(projectId, agentCompanyId, '乙有限公司');
  const opened = await exchange.post<{ id: number; version: number }>(
    '/api/bidding/open',
    openForm(projectId),
  );
  expect(opened.status, opened.msg).toBe(0);
  return { id: opened.data.id, projectId, memberReg, agentReg };
}

function bid(client: Client, hallId: number, registrationId: number, amount: number) {
  return client.post<BiddingHall>(`/api/bidding/bid/${hallId}`, { registrationId, amount });
}

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  memberToken = await loginAs(t.app, 'member');
  agentToken = await loginAs(t.app, 'agent');
  member = clientOf(t, memberToken);
  agent = clientOf(t, agentToken);
  memberCompanyId = await companyOf('member');
  agentCompanyId = await companyOf('agent');
  thirdCompanyId = await companyOf('transferor2');
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('opening a hall', () => {
  it('refuses fewer than two qualified buyers, anyone but the exchange, and a second hall', async () => {
    const projectId = await newProject();
    await addRegistration(projectId, memberCompanyId, '甲有限公司');
    await addRegistration(projectId, agentCompanyId, '乙有限公司', { status: 'submitted' });
    const tooFew = await exchange.post('/api/bidding/open', openForm(projectId));
    expect(tooFew).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingTooFewBidders });

    await addRegistration(projectId, thirdCompanyId, '丙有限公司');
    const byMember = await member.post('/api/bidding/open', openForm(projectId));
    expect(byMember.status).toBe(404);
    const badTimed = await exchange.post('/api/bidding/open', openForm(projectId, { timedSeconds: 5 }));
    expect(badTimed).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingTimedSecondsInvalid });
    expect(await selectRows(t.db, sql`select id from biddings where project_id = ${projectId}`)).toEqual([]);

    const opened = await exchange.post<{ id: number; version: number }>(
      '/api/bidding/open',
      openForm(projectId),
    );
    expect(opened.status, opened.msg).toBe(0);
    const again = await exchange.post('/api/bidding/open', openForm(projectId));
    expect(again).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingAlreadyOpen });

    const hall = await member.get<BiddingHall>(`/api/bidding/${opened.data.id}`);
    expect(hall.status, hall.msg).toBe(0);
    expect(hall.data).toMatchObject({
      status: 'free',
      currentPrice: null,
      nextMinimum: START_PRICE,
      bids: [],
    });
    // numbered in registration order: the member's J001, the third company's qualified one J002
    expect(hall.data.myBidderNos).toEqual([
      expect.objectContaining({ bidderNo: 'J001', name: '甲有限公司' }),
    ]);
    const audit = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where target = ${String(opened.data.id)} and action like 'bidding.%'`,
    );
    expect(audit.map((row) => row.action)).toEqual(['bidding.open']);
  });

  it('waits for the disclosure to end and every deposit awaited to arrive, saying why as the page does', async () => {
    const projectId = await newProject(t, true);
    await addRegistration(projectId, memberCompanyId, '甲有限公司');
    await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const [row] = await selectRows<{ end: Date }>(
      t.db,
      sql`select disclosure_end as "end" from projects where id = ${projectId}`,
    );
    const lastDay = formatDate(row?.end ?? new Date());
    const running = `意向登记截止日（披露期满）为${lastDay}，截止后方可确定成交`;
    expect(await exchange.post('/api/bidding/open', openForm(projectId))).toMatchObject({
      status: API_STATUS.refused,
      msg: running,
    });
    // the project's page offers the button disabled with the same words
    expect((await exchange.get(`/api/intention/course/${projectId}`)).data).toEqual({
      course: 'bidding',
      qualified: 2,
      canOpenBidding: false,
      canAgree: false,
      reason: running,
    });
    await endDisclosure(projectId);
    // a third buyer still in review owes its deposit: it may yet qualify
    await addRegistration(projectId, thirdCompanyId, '丙有限公司', {
      status: 'ownerApproved',
      isDepositPaid: false,
    });
    const awaited = '尚有1名意向受让方的保证金未交纳，交纳或逾期取消资格后方可确定成交';
    expect(await exchange.post('/api/bidding/open', openForm(projectId))).toMatchObject({
      status: API_STATUS.refused,
      msg: awaited,
    });
    expect((await exchange.get(`/api/intention/course/${projectId}`)).data).toMatchObject({
      canOpenBidding: false,
      reason: awaited,
    });
    expect(await selectRows(t.db, sql`select id from biddings where project_id = ${projectId}`)).toEqual([]);
    await t.db.execute(
      sql`update intention_registrations set status = 'disqualified' where project_id = ${projectId} and name = '丙有限公司'`,
    );
    expect((await exchange.get(`/api/intention/course/${projectId}`)).data).toMatchObject({
      canOpenBidding: true,
      reason: null,
    });
    const opened = await exchange.post('/api/bidding/open', openForm(projectId));
    expect(opened.status, opened.msg).toBe(0);
  });

  it('shows the hall to the owner and its members, 404 to anyone else', async () => {
    const hall = await openHall();
    const seen = await owner.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(seen.status, seen.msg).toBe(0);
    expect(seen.data.myBidderNos).toEqual([]);
    expect((await foreign.get(`/api/bidding/${hall.id}`)).status).toBe(404);
    expect((await foreign.get(`/api/bidding/${hall.id}/events`)).status).toBe(404);
    expect((await owner.get(`/api/bidding/project/${hall.projectId}`)).data).toEqual({ id: hall.id });
    expect((await agent.get(`/api/bidding/project/${hall.projectId}`)).data).toEqual({ id: hall.id });
    expect((await foreign.get(`/api/bidding/project/${hall.projectId}`)).status).toBe(404);
    expect((await exchange.get(`/api/bidding/project/${await newProject()}`)).data).toBeNull();
    expect((await exchange.get('/api/bidding/2147483647')).status).toBe(404);
  });
});

describe('bidding', () => {
  let hall: Hall;
  beforeAll(async () => {
    hall = await openHall();
  });

  it('refuses a company without a bidder, and a bidder of another member', async () => {
    const byOwner = await bid(owner, hall.id, hall.memberReg, START_PRICE);
    expect(byOwner).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingNotBidder });
    const byOther = await bid(member, hall.id, hall.agentReg, START_PRICE);
    expect(byOther).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingNotBidder });
    expect((await bid(foreign, hall.id, hall.memberReg, START_PRICE)).status).toBe(404);
    const bad = await member.post(`/api/bidding/bid/${hall.id}`, {
      registrationId: hall.memberReg,
      amount: 1.5,
    });
    expect(bad).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingAmountInvalid });
    expect(await selectRows(t.db, sql`select id from bids where bidding_id = ${hall.id}`)).toEqual([]);
  });

  it('takes the starting price, then refuses less than the current price plus the increment', async () => {
    const first = await bid(member, hall.id, hall.memberReg, START_PRICE);
    expect(first.status, first.msg).toBe(0);
    expect(first.msg).toBe(MSG.biddingAccepted);
    expect(first.data).toMatchObject({
      currentPrice: START_PRICE,
      leaderNo: 'J001',
      nextMinimum: START_PRICE + INCREMENT,
    });
    const low = await bid(agent, hall.id, hall.agentReg, START_PRICE + INCREMENT - 1);
    expect(low).toMatchObject({
      status: API_STATUS.refused,
      msg: formatMessage(MSG.biddingBelowMinimum, { min: formatFen(START_PRICE + INCREMENT) }),
    });
    expect(low.msg).toBe('报价不能低于10,500.00元（当前价加上加价幅度）');
  });

  it('keeps the end during the free period, and restarts the countdown with a bid in the timed period', async () => {
    const before = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    const during = await bid(agent, hall.id, hall.agentReg, START_PRICE + INCREMENT);
    expect(during.data.endsAt).toBe(before.data.endsAt);
    t.clock.set(new Date(Date.parse(before.data.freeEndAt) + 20_000));
    const timed = await bid(member, hall.id, hall.memberReg, START_PRICE + 2 * INCREMENT);
    expect(timed.status, timed.msg).toBe(0);
    expect(timed.data.status).toBe('timed');
    expect(timed.data.endsAt).toBe(new Date(t.clock.now().getTime() + TIMED_S * 1000).toISOString());
    expect(Date.parse(timed.data.endsAt)).toBeGreaterThan(Date.parse(before.data.endsAt));
  });

  it('takes exactly one of two equal bids made at once', async () => {
    const before = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    const price = before.data.nextMinimum;
    const answers = await Promise.all([
      bid(member, hall.id, hall.memberReg, price),
      bid(agent, hall.id, hall.agentReg, price),
    ]);
    expect(answers.filter((answer) => answer.status === 0)).toHaveLength(1);
    const loser = answers.find((answer) => answer.status !== 0);
    expect(loser).toMatchObject({
      status: API_STATUS.refused,
      msg: formatMessage(MSG.biddingBelowMinimum, { min: formatFen(price + INCREMENT) }),
    });
    const after = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(after.data.bids).toHaveLength(before.data.bids.length + 1);
    expect(after.data.currentPrice).toBe(price);
  });

  it('takes exactly one of 100 bids at the same price made at once, the chain unbroken', async () => {
    const before = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    const price = before.data.nextMinimum;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0
          ? bid(member, hall.id, hall.memberReg, price)
          : bid(agent, hall.id, hall.agentReg, price),
      ),
    );
    expect(answers.filter((answer) => answer.status === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === API_STATUS.refused)).toHaveLength(99);
    const rows = await selectRows<{ seq: number; previous_hash: string; hash: string }>(
      t.db,
      sql`select seq, previous_hash, hash from bids where bidding_id = ${hall.id} order by seq`,
    );
    expect(rows).toHaveLength(before.data.bids.length + 1);
    // each link names the one before: no two bids took the same place in the chain
    for (const [index, row] of rows.entries()) {
      if (index > 0) expect(row.previous_hash).toBe(rows[index - 1]?.hash);
    }
  });

  it('refuses a bid after the end, closes the hall and settles its registrations', async () => {
    const before = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    const winnerReg = before.data.leaderNo === 'J001' ? hall.memberReg : hall.agentReg;
    const loserReg = winnerReg === hall.memberReg ? hall.agentReg : hall.memberReg;
    t.clock.set(new Date(Date.parse(before.data.endsAt) + 1));
    const late = await bid(member, hall.id, hall.memberReg, before.data.nextMinimum);
    expect(late).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingClosed });

    const closed = await owner.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(closed.data).toMatchObject({ status: 'closed', currentPrice: before.data.currentPrice });
    const winnerName = winnerReg === hall.memberReg ? '甲有限公司' : '乙有限公司';
    expect(closed.data.winnerName).toBe(winnerName);
    // the deposit's state as every view derives it from the registration's facts
    const registrations = await Promise.all(
      [hall.memberReg, hall.agentReg].map(async (id) => {
        const { data } = await exchange.get<{ status: string; depositState: string }>(`/api/intention/${id}`);
        return { id, status: data.status, deposit_state: data.depositState };
      }),
    );
    expect(registrations).toEqual(
      expect.arrayContaining([
        { id: winnerReg, status: 'won', deposit_state: 'applied' },
        { id: loserReg, status: 'lost', deposit_state: 'refunding' },
      ]),
    );
    const [project] = await selectRows<{ details: Record<string, unknown>; version: number }>(
      t.db,
      sql`select details, version from projects where id = ${hall.projectId}`,
    );
    expect(project?.details.dealResult).toEqual({
      source: 'bidding',
      biddingId: hall.id,
      registrationId: winnerReg,
      transfereeName: winnerName,
      dealPrice: before.data.currentPrice,
      decidedAt: before.data.endsAt,
    });
    expect(project?.version).toBeGreaterThan(1);
    // the deal decided: the project waits for its contract, and its process log names the winner and the price
    const status = await owner.get<{ status: string; statusLabel: string }>(
      `/api/project/status/${hall.projectId}`,
    );
    expect(status.data).toMatchObject({ status: 'awaitingContract', statusLabel: '待签约' });
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    const winnerNo = before.data.leaderNo ?? '';
    expect(log.data.at(-1)).toMatchObject({
      stage: '网络竞价',
      stepLabel: '竞价结束',
      result: '成交',
      reason: `${winnerName}（竞买号${winnerNo}）以${formatFen(before.data.currentPrice ?? 0)}元竞得`,
      actorName: '网络竞价系统',
      companyName: '示范产权交易所',
      at: before.data.endsAt,
    });
    for (const client of [member, agent, owner]) {
      const notices = await client.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=20');
      expect(
        notices.data.list.some((row) => row.kind === 'bidding.result'),
        JSON.stringify(notices),
      ).toBe(true);
    }
    const audit = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where target = ${String(hall.id)} and action like 'bidding.%' order by id`,
    );
    expect(audit.map((row) => row.action)).toContain('bidding.close');
    expect(audit.filter((row) => row.action === 'bidding.bid')).toHaveLength(before.data.bids.length);
  });

  it('keeps a hash chain that recomputes from the genesis link', async () => {
    const [row] = await selectRows<{ project_id: number; starting_price: string; last_hash: string }>(
      t.db,
      sql`select project_id, starting_price, last_hash from biddings where id = ${hall.id}`,
    );
    const rows = await selectRows<{
      seq: number;
      bidder_no: string;
      amount: string;
      at: Date | string;
      previous_hash: string;
      hash: string;
    }>(
      t.db,
      sql`select seq, bidder_no, amount, at, previous_hash, hash from bids where bidding_id = ${hall.id} order by seq`,
    );
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    let previous = sha(
      biddingGenesisLine({
        biddingId: hall.id,
        projectId: row?.project_id ?? 0,
        startingPrice: Number(row?.starting_price),
      }),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [index, bidRow] of rows.entries()) {
      expect(bidRow.seq).toBe(index + 1);
      expect(bidRow.previous_hash).toBe(previous);
      previous = sha(
        bidChainLine({
          previous,
          biddingId: hall.id,
          seq: bidRow.seq,
          bidderNo: bidRow.bidder_no,
          amount: Number(bidRow.amount),
          at: new Date(bidRow.at).toISOString(),
        }),
      );
      expect(bidRow.hash).toBe(previous);
    }
    expect(row?.last_hash).toBe(previous);
  });

  it('answers the result PDF signed by the exchange', async () => {
    const response = await member.raw('GET', `/api/bidding/result/${hall.id}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    const authority = await openBuiltinAuthority({ dir: t.config.ca.dir });
    const verdict = verifyPdf(pdf, { trustedRootPems: [authority.rootCertificatePem] });
    expect(verdict.state).toBe('valid');
    expect(verdict.signatures[0]?.signer?.commonName).toBe('示范产权交易所');
    const path = join(scratch, 'result.pdf');
    writeFileSync(path, pdf);
    const pdfsig = spawnSync('pdfsig', [path], { encoding: 'utf8' });
    expect(`${pdfsig.stdout}${pdfsig.stderr}`).toContain('Signature is Valid');
    const hallView = await member.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(hallView.data.resultFileId).not.toBeNull();
    // the same file through the attachments' download, to whoever sees the hall only
    expect(
      (await member.raw('GET', `/api/attachment/download/${hallView.data.resultFileId}`)).statusCode,
    ).toBe(200);
    const refused = await foreign.raw('GET', `/api/attachment/download/${hallView.data.resultFileId}`);
    expect(refused.json()).toMatchObject({ status: 404 });
    expect((await foreign.raw('GET', `/api/bidding/result/${hall.id}`)).json()).toMatchObject({
      status: 404,
    });
  });
});

describe('a hall without bids', () => {
  it('closes with no winner (流拍) and leaves the registrations as they were', async () => {
    const hall = await openHall();
    const opened = await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`);
    t.clock.set(new Date(Date.parse(opened.data.endsAt)));
    const closed = await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(closed.data).toMatchObject({ status: 'closed', winnerName: null, currentPrice: null });
    const statuses = await selectRows<{ status: string }>(
      t.db,
      sql`select status from intention_registrations where project_id = ${hall.projectId}`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['qualified', 'qualified']);
    const [project] = await selectRows<{ details: Record<string, unknown>; status: string }>(
      t.db,
      sql`select details, status from projects where id = ${hall.projectId}`,
    );
    expect(project?.details.dealResult).toBeUndefined();
    // 流拍: said so in the process log; the project may be disclosed again
    expect(project?.status).toBe('unsold');
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    expect(log.data.at(-1)).toMatchObject({
      stage: '网络竞价',
      result: '流拍',
      reason: MSG.dealLogUnsold,
    });
    expect(await exchange.post('/api/bidding/open', openForm(hall.projectId))).toMatchObject({
      status: API_STATUS.refused,
      msg: MSG.biddingProjectNotOpen,
    });
    // disclosed again (its period run out once more), the same bidders may have another hall
    await t.db.execute(sql`update projects set status = 'disclosing' where id = ${hall.projectId}`);
    await endDisclosure(hall.projectId);
    const again = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(hall.projectId, { startAt: t.clock.now().toISOString() }),
    );
    expect(again.status, again.msg).toBe(0);
    expect(again.data.id).not.toBe(hall.id);
    expect((await owner.get(`/api/bidding/project/${hall.projectId}`)).data).toEqual({ id: again.data.id });
  });

  it('is closed by the housekeeping when nobody reads it', async () => {
    const hall = await openHall();
    const opened = await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`);
    t.clock.set(new Date(Date.parse(opened.data.endsAt) + 1000));
    await t.app.housekeeping.runOnce();
    const [row] = await selectRows<{ closed_at: Date | null }>(
      t.db,
      sql`select closed_at from biddings where id = ${hall.id}`,
    );
    expect(row?.closed_at).not.toBeNull();
  });
});

/** Reads server-sent events from a fetch response, one parsed event at a time. */
function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async (): Promise<{ event: string; data: BiddingHallEvent }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
        if (event !== undefined && data !== undefined) {
          return { event, data: JSON.parse(data) as BiddingHallEvent };
        }
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('the event stream', () => {
  it('sends the hall, then each accepted bid, to a watcher over HTTP', async () => {
    const hall = await openHall();
    const url = await listenOn(t.app);
    const controller = new AbortController();
    const response = await fetch(`${url}/api/bidding/${hall.id}/events`, {
      headers: bearer(memberToken),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const next = eventReader(response);
    const first = await next();
    expect(first.event).toBe('hall');
    expect(first.data).toMatchObject({ id: hall.id, currentPrice: null });
    expect(first.data).not.toHaveProperty('myBidderNos');

    const made = await bid(agent, hall.id, hall.agentReg, START_PRICE);
    expect(made.status, made.msg).toBe(0);
    const second = await next();
    expect(second.event).toBe('bid');
    expect(second.data).toMatchObject({
      currentPrice: START_PRICE,
      leaderNo: 'J002',
      version: made.data.version,
    });
    controller.abort();
  });
});

const postgres = findPostgres();

describe('two nodes on one PostgreSQL', () => {
  const note = postgres === undefined ? ' (skipped: no PostgreSQL at TEST_DATABASE_URL)' : '';
  it.skipIf(postgres === undefined)(
    `pushes a bid made on node A to a watcher on node B (LISTEN/NOTIFY)${note}`,
    async () => {
      const a = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
      const b = await createSecondNode(a);
      try {
        const projectId = await copyProject(a, 'JJ2026NODE0001');
        await endDisclosure(projectId, a);
        const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司', { on: a });
        await addRegistration(projectId, agentCompanyId, '乙有限公司', { on: a });
        const onA = (token: string) => clientOf(a, token);
        const exchangeA = onA(await loginAs(a.app, 'admin'));
        const memberTokenA = await loginAs(a.app, 'member');
        const opened = await exchangeA.post<{ id: number }>('/api/bidding/open', {
          projectId,
          startAt: a.clock.now().toISOString(),
          freeSeconds: FREE_S,
          timedSeconds: TIMED_S,
          startingPrice: START_PRICE,
          increment: INCREMENT,
        });
        expect(opened.status, opened.msg).toBe(0);
        const urlB = await listenOn(b);
        const controller = new AbortController();
        const response = await fetch(`${urlB}/api/bidding/${opened.data.id}/events`, {
          headers: bearer(memberTokenA),
          signal: controller.signal,
        });
        const next = eventReader(response);
        expect((await next()).event).toBe('hall');
        const made = await onA(memberTokenA).post<BiddingHall>(`/api/bidding/bid/${opened.data.id}`, {
          registrationId: memberReg,
          amount: START_PRICE,
        });
        expect(made.status, made.msg).toBe(0);
        const pushed = await next();
        expect(pushed.event).toBe('bid');
        expect(pushed.data).toMatchObject({ currentPrice: START_PRICE, version: made.data.version });
        controller.abort();
      } finally {
        await b.close();
        await a.close();
      }
    },
  );
});

describe('a cap on the countdown’s restarts (延时次数上限)', () => {
  it('restarts the countdown that many times, then lets it run out, the latest end known from the opening', async () => {
    const projectId = await newProject();
    const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    const agentReg = await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const opened = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { restartsMax: 1 }),
    );
    expect(opened.status, opened.msg).toBe(0);
    const first = await exchange.get<BiddingHall>(`/api/bidding/${opened.data.id}`);
    // at the opening: the countdown's end, and one timed period more at the latest
    expect(first.data).toMatchObject({ restartsMax: 1, restarts: 0 });
    expect(Date.parse(first.data.latestEndsAt ?? '')).toBe(Date.parse(first.data.endsAt) + TIMED_S * 1000);
    t.clock.set(new Date(Date.parse(first.data.freeEndAt) + 10_000));
    const restarted = await bid(member, opened.data.id, memberReg, START_PRICE);
    expect(restarted.data).toMatchObject({ restarts: 1 });
    expect(restarted.data.endsAt).toBe(new Date(t.clock.now().getTime() + TIMED_S * 1000).toISOString());
    expect(restarted.data.latestEndsAt).toBe(restarted.data.endsAt);
    t.clock.set(new Date(t.clock.now().getTime() + 10_000));
    const capped = await bid(agent, opened.data.id, agentReg, START_PRICE + INCREMENT);
    expect(capped.status, capped.msg).toBe(0);
    expect(capped.data).toMatchObject({ restarts: 1, endsAt: restarted.data.endsAt });
    // a mode with no countdown to restart keeps no cap
    const sealedProject = await newProject();
    await addRegistration(sealedProject, memberCompanyId, '丙有限公司');
    await addRegistration(sealedProject, agentCompanyId, '丁有限公司');
    const sealed = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(sealedProject, { mode: 'sealed', restartsMax: 3 }),
    );
    expect((await exchange.get<BiddingHall>(`/api/bidding/${sealed.data.id}`)).data).toMatchObject({
      restartsMax: null,
      latestEndsAt: null,
    });
    // out of range: refused with its words
    const refusedCap = await exchange.post(
      '/api/bidding/open',
      openForm(await newProject(), { restartsMax: 0 }),
    );
    expect(refusedCap).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingRestartsMaxInvalid });
  });
});

describe('a sealed session (一次报价)', () => {
  it('takes one unseen bid each, opens them together at the close, the earlier of two equal ones ahead', async () => {
    const projectId = await newProject();
    const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    const agentReg = await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const opened = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { mode: 'sealed' }),
    );
    expect(opened.status, opened.msg).toBe(0);
    const id = opened.data.id;
    const shown = await exchange.get<BiddingHall>(`/api/bidding/${id}`);
    // one window, no countdown after it
    expect(shown.data).toMatchObject({ mode: 'sealed', modeLabel: '一次报价（密封报价）' });
    expect(shown.data.endsAt).toBe(shown.data.freeEndAt);

    const price = START_PRICE + 3 * INCREMENT;
    expect((await bid(member, id, memberReg, price)).status).toBe(0);
    // unseen: no price, no leader, no amounts, to the other bidder, the owner and the exchange alike
    for (const viewer of [agent, owner, exchange]) {
      const seen = await viewer.get<BiddingHall>(`/api/bidding/${id}`);
      expect(seen.data).toMatchObject({ currentPrice: null, leaderNo: null, bids: [], bidCount: 1 });
    }
    // its bidder sees its own bid
    const own = await member.get<BiddingHall>(`/api/bidding/${id}`);
    expect(own.data.myBidderNos).toEqual([
      expect.objectContaining({ registrationId: memberReg, amounts: [price] }),
    ]);
    // once only; from the starting price up, whatever was bid before
    expect(await bid(member, id, memberReg, price + INCREMENT)).toMatchObject({
      status: API_STATUS.refused,
      msg: MSG.biddingSealedOnce,
    });
    expect(await bid(agent, id, agentReg, START_PRICE - 1)).toMatchObject({
      status: API_STATUS.refused,
      msg: formatMessage(MSG.biddingBelowStart, { min: formatFen(START_PRICE) }),
    });
    expect((await bid(agent, id, agentReg, price)).status).toBe(0);
    // the log keeps a sealed bid's amount out until the close
    const audited = await selectRows<{ detail: Record<string, unknown> }>(
      t.db,
      sql`select detail from audit_log where action = 'bidding.bid' and target = ${String(id)}`,
    );
    expect(audited).toHaveLength(2);
    expect(audited.every((row) => row.detail.amount === undefined)).toBe(true);

    // the close opens them: equal bids, the earlier (the member's) takes it; who is behind each number shows to
    // the exchange and the owner only
    t.clock.set(new Date(Date.parse(shown.data.endsAt)));
    const closed = await owner.get<BiddingHall>(`/api/bidding/${id}`);
    expect(closed.data).toMatchObject({ status: 'closed', currentPrice: price, winnerName: '甲有限公司' });
    expect(closed.data.bids.map((row) => row.amount)).toEqual([price, price]);
    expect(closed.data.bidders).toEqual([
      { bidderNo: 'J001', name: '甲有限公司' },
      { bidderNo: 'J002', name: '乙有限公司' },
    ]);
    expect((await exchange.get<BiddingHall>(`/api/bidding/${id}`)).data.bidders).toHaveLength(2);
    expect((await agent.get<BiddingHall>(`/api/bidding/${id}`)).data.bidders).toBeNull();
    const statuses = await selectRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from intention_registrations where project_id = ${projectId} order by id`,
    );
    expect(statuses).toEqual([
      { id: memberReg, status: 'won' },
      { id: agentReg, status: 'lost' },
    ]);
  });
});

describe('the reserve price (保留价)', () => {
  it('is set by the owner no later than the lead hours before the start, hidden until the close; below it, no sale', async () => {
    const projectId = await newProject();
    const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    await addRegistration(projectId, agentCompanyId, '乙有限公司');
    // above the demo project's listing price (1,860,000 yuan), as the owner's rules must be
    const listing = 2_000_000_00;
    const rules = (hours: number, reservePrice: number | null, version = 0) => ({
      ...openForm(projectId, { startingPrice: listing }),
      startAt: new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString(),
      reservePrice,
      version,
    });
    // the default lead: 24 hours before the start
    expect(await owner.post('/api/project/save/auction', rules(12, listing * 2))).toMatchObject({
      status: API_STATUS.refused,
      msg: '保留价须在竞价开始24小时前设定，现已不能设定或调整',
    });
    expect(await owner.post('/api/project/save/auction', rules(48, listing - 1))).toMatchObject({
      status: API_STATUS.refused,
      msg: MSG.auctionReserveBelowStart,
    });
    // without a reserve, the start may come as soon as the rules allow
    const plain = await owner.post<{ version: number }>('/api/project/save/auction', rules(12, null));
    expect(plain.status, plain.msg).toBe(0);
    const saved = await owner.post<{ version: number }>(
      '/api/project/save/auction',
      rules(48, listing * 2, plain.data.version),
    );
    expect(saved.status, saved.msg).toBe(0);
    expect(
      (await owner.get<{ reservePrice: number }>(`/api/project/auction/${projectId}`)).data,
    ).toMatchObject({
      reservePrice: listing * 2,
    });

    // the hall goes with the reserve, unseen by anyone until the close
    const opened = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { startingPrice: listing }),
    );
    expect(opened.status, opened.msg).toBe(0);
    expect((await bid(member, opened.data.id, memberReg, listing)).status).toBe(0);
    const open = await member.get<BiddingHall>(`/api/bidding/${opened.data.id}`);
    expect(open.data).toMatchObject({ currentPrice: listing, reservePrice: null, isReserveMet: null });
    expect(JSON.stringify(open.data)).not.toContain(String(listing * 2));

    t.clock.set(new Date(Date.parse(open.data.endsAt)));
    const closed = await owner.get<BiddingHall>(`/api/bidding/${opened.data.id}`);
    expect(closed.data).toMatchObject({
      status: 'closed',
      winnerName: null,
      currentPrice: listing,
      reservePrice: listing * 2,
      isReserveMet: false,
    });
    const statuses = await selectRows<{ status: string }>(
      t.db,
      sql`select status from intention_registrations where project_id = ${projectId}`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['qualified', 'qualified']);
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${projectId}/processLog`);
    expect(log.data.at(-1)).toMatchObject({
      result: '流拍',
      reason: formatMessage(MSG.dealLogReserveNotMet, { price: formatFen(listing) }),
    });
  });
});

describe('a Dutch session (减价式)', () => {
  it('asks less each period; the first to take the ask wins at it and the session ends at once', async () => {
    const projectId = await newProject();
    const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    const agentReg = await addRegistration(projectId, agentCompanyId, '乙有限公司');
    // a schedule falling to nothing is refused
    expect(
      await exchange.post(
        '/api/bidding/open',
        openForm(projectId, {
          mode: 'dutch',
          freeSeconds: 3600,
          timedSeconds: 60,
          increment: START_PRICE / 10,
        }),
      ),
    ).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingDutchTooLow });
    const opened = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { mode: 'dutch', freeSeconds: 600, timedSeconds: 60, increment: INCREMENT }),
    );
    expect(opened.status, opened.msg).toBe(0);
    const id = opened.data.id;
    const first = await agent.get<BiddingHall>(`/api/bidding/${id}`);
    expect(first.data).toMatchObject({ mode: 'dutch', nextMinimum: START_PRICE, currentPrice: null });
    expect(first.data.endsAt).toBe(first.data.freeEndAt);

    // two periods on, the ask is two steps lower; less than it is refused
    t.clock.set(new Date(Date.parse(first.data.startAt) + 125_000));
    const ask = START_PRICE - 2 * INCREMENT;
    expect((await agent.get<BiddingHall>(`/api/bidding/${id}`)).data.nextMinimum).toBe(ask);
    expect(await bid(agent, id, agentReg, ask - 1)).toMatchObject({
      status: API_STATUS.refused,
      msg: formatMessage(MSG.biddingBelowAsk, { min: formatFen(ask) }),
    });
    // the first to take it: the hall closes there and then; the other is too late
    const [a, b] = await Promise.all([bid(agent, id, agentReg, ask), bid(member, id, memberReg, ask)]);
    expect([a.status, b.status].sort()).toEqual([0, API_STATUS.refused]);
    const loser = a.status === 0 ? b : a;
    expect(loser.msg).toBe(MSG.biddingClosed);
    const closed = await exchange.get<BiddingHall>(`/api/bidding/${id}`);
    const winnerName = a.status === 0 ? '乙有限公司' : '甲有限公司';
    expect(closed.data).toMatchObject({ status: 'closed', currentPrice: ask, winnerName, bidCount: 1 });
  });
});

describe('the proxy bid (委托代理出价)', () => {
  it('bids for its party by the increment up to the ceiling, which nobody else sees', async () => {
    const hall = await openHall();
    const ceiling = START_PRICE + 5 * INCREMENT;
    const set = await member.post<BiddingHall>(`/api/bidding/proxy/${hall.id}`, {
      registrationId: hall.memberReg,
      ceiling,
    });
    expect(set.status, set.msg).toBe(0);
    // nobody leads: the hall bids the starting price for it at once
    expect(set.data).toMatchObject({ currentPrice: START_PRICE, leaderNo: 'J001' });
    expect(set.data.myBidderNos[0]?.proxyCeiling).toBe(ceiling);
    expect(set.data.bids.at(-1)).toMatchObject({ isProxy: true, amount: START_PRICE });

    // topped by hand: answered one step above, in the same moment
    const topped = await bid(agent, hall.id, hall.agentReg, START_PRICE + 2 * INCREMENT);
    expect(topped.status, topped.msg).toBe(0);
    expect(topped.data).toMatchObject({ currentPrice: START_PRICE + 3 * INCREMENT, leaderNo: 'J001' });
    expect(topped.data.myBidderNos[0]?.proxyCeiling).toBeNull();
    expect(JSON.stringify(topped.data)).not.toContain(String(ceiling));

    // a ceiling is raised, never lowered
    expect(
      await member.post(`/api/bidding/proxy/${hall.id}`, {
        registrationId: hall.memberReg,
        ceiling: ceiling - INCREMENT,
      }),
    ).toMatchObject({
      status: API_STATUS.refused,
      msg: formatMessage(MSG.biddingProxyLower, { ceiling: formatFen(ceiling) }),
    });
    // topped beyond the ceiling: the hall is silent, the other leads
    const beyond = await bid(agent, hall.id, hall.agentReg, ceiling + INCREMENT);
    expect(beyond.data).toMatchObject({ currentPrice: ceiling + INCREMENT, leaderNo: 'J002' });
    const bids = await selectRows<{ amount: number; is_proxy: boolean }>(
      t.db,
      sql`select amount, is_proxy from bids where bidding_id = ${hall.id} order by seq`,
    );
    expect(bids.map((row) => [Number(row.amount), row.is_proxy])).toEqual([
      [START_PRICE, true],
      [START_PRICE + 2 * INCREMENT, false],
      [START_PRICE + 3 * INCREMENT, true],
      [ceiling + INCREMENT, false],
    ]);
    // the log says a ceiling was left, not how high
    const [audited] = await selectRows<{ detail: Record<string, unknown> }>(
      t.db,
      sql`select detail from audit_log where action = 'bidding.proxy' and target = ${String(hall.id)}`,
    );
    expect(JSON.stringify(audited?.detail)).not.toContain(String(ceiling));
  });

  it('settles two ceilings one step above the lower, and is refused in a sealed session', async () => {
    const hall = await openHall();
    const low = START_PRICE + 4 * INCREMENT;
    const high = START_PRICE + 9 * INCREMENT;
    expect(
      (await member.post(`/api/bidding/proxy/${hall.id}`, { registrationId: hall.memberReg, ceiling: low }))
        .status,
    ).toBe(0);
    const contest = await agent.post<BiddingHall>(`/api/bidding/proxy/${hall.id}`, {
      registrationId: hall.agentReg,
      ceiling: high,
    });
    expect(contest.data).toMatchObject({ currentPrice: low + INCREMENT, leaderNo: 'J002' });

    const projectId = await newProject();
    const memberReg = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const sealed = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { mode: 'sealed' }),
    );
    expect(
      await member.post(`/api/bidding/proxy/${sealed.data.id}`, { registrationId: memberReg, ceiling: high }),
    ).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingProxyDynamicOnly });
  });
});

describe('when the winner defaults (违约与递补)', () => {
  type Three = { id: number; projectId: number; jia: number; yi: number; bing: number };

  /** A closed hall of three bidders: 甲 (the member's) won at START+3·INC, 丙 bid START+2·INC, 乙 START+INC. */
  async function closedHallOfThree(): Promise<Three> {
    const projectId = await newProject();
    const jia = await addRegistration(projectId, memberCompanyId, '甲有限公司');
    const yi = await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const bing = await addRegistration(projectId, thirdCompanyId, '丙有限公司');
    const opened = await exchange.post<{ id: number }>('/api/bidding/open', openForm(projectId));
    expect(opened.status, opened.msg).toBe(0);
    const id = opened.data.id;
    for (const [client, registration, steps] of [
      [member, jia, 0],
      [agent, yi, 1],
      [foreign, bing, 2],
      [member, jia, 3],
    ] as const) {
      const placed = await bid(client, id, registration, START_PRICE + steps * INCREMENT);
      expect(placed.status, placed.msg).toBe(0);
    }
    const open = await exchange.get<BiddingHall>(`/api/bidding/${id}`);
    t.clock.set(new Date(Date.parse(open.data.endsAt) + 1));
    const closed = await exchange.get<BiddingHall>(`/api/bidding/${id}`);
    expect(closed.data).toMatchObject({ status: 'closed', winnerName: '甲有限公司', canDefault: true });
    return { id, projectId, jia, yi, bing };
  }

  async function registration(id: number) {
    return (await exchange.get<{ status: string; depositState: string }>(`/api/intention/${id}`)).data;
  }

  async function projectOf(projectId: number) {
    const [row] = await selectRows<{ status: string; details: Record<string, unknown> }>(
      t.db,
      sql`select status, details from projects where id = ${projectId}`,
    );
    return row;
  }

  it('offers the deal to the next highest at its own price, forfeits the deposit, and the log says why', async () => {
    const hall = await closedHallOfThree();
    const shown = await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`);
    const form = { version: shown.data.version, reason: '未在规定期限内签订成交确认书', isBarred: true };
    // only the exchange records a default; a stale view and an empty reason change nothing
    expect((await member.post(`/api/bidding/default/${hall.id}`, form)).status).toBe(404);
    expect(
      await exchange.post(`/api/bidding/default/${hall.id}`, { ...form, version: form.version - 1 }),
    ).toMatchObject({ status: API_STATUS.conflict });
    expect(await exchange.post(`/api/bidding/default/${hall.id}`, { ...form, reason: ' ' })).toMatchObject({
      status: API_STATUS.refused,
      msg: MSG.biddingDefaultReasonRequired,
    });
    expect(await registration(hall.jia)).toMatchObject({ status: 'won', depositState: 'applied' });

    // two of the exchange's staff at once: one records it, the other is refused
    const [a, b] = await Promise.all([
      exchange.post<BiddingHall>(`/api/bidding/default/${hall.id}`, form),
      exchange.post<BiddingHall>(`/api/bidding/default/${hall.id}`, form),
    ]);
    const done = [a, b].filter((answer) => answer.status === 0);
    expect(done, JSON.stringify([a, b])).toHaveLength(1);
    expect([a, b].find((answer) => answer.status !== 0)?.status).toBeOneOf([
      API_STATUS.conflict,
      API_STATUS.refused,
    ]);
    const after = done[0]!.data;
    const bingNo = after.bids.find((row) => row.amount === START_PRICE + 2 * INCREMENT)?.bidderNo;
    expect(after).toMatchObject({
      winnerName: null,
      winnerNo: null,
      defaultedNos: ['J001'],
      canDefault: false,
      offer: { bidderNo: bingNo, price: START_PRICE + 2 * INCREMENT, answer: null, answerLabel: '待答复' },
    });
    // the default term: 3 days
    expect(Date.parse(after.offer!.answerBy) - Date.parse(after.offer!.offeredAt)).toBe(3 * 86_400_000);
    expect(await registration(hall.jia)).toMatchObject({ status: 'disqualified', depositState: 'forfeited' });
    // the offered bidder's deposit is held again, out of the refunds owed
    expect(await registration(hall.bing)).toMatchObject({ status: 'offered', depositState: 'frozen' });
    const owed = await exchange.get<{ list: { registrationId: number }[] }>(
      '/api/deposit/refund/list?size=500',
    );
    const owedIds = owed.data.list.map((row) => row.registrationId);
    expect(owedIds).toContain(hall.yi);
    expect(owedIds).not.toContain(hall.bing);
    const project = await projectOf(hall.projectId);
    expect(project).toMatchObject({ status: 'ended' });
    expect(project?.details.dealResult).toBeUndefined();
    // the defaulter is barred from the owner's next projects
    const [bar] = await selectRows<{ until: string }>(
      t.db,
      sql`select until::text as until from intention_bars where registration_id = ${hall.jia}`,
    );
    expect(bar?.until).toBe(formatDate(new Date(t.clock.now().getTime() + 179 * 86_400_000)));
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    expect(log.data.slice(-2)).toMatchObject([
      {
        stepLabel: '竞得人违约',
        result: '取消竞得资格',
        reason:
          '竞得人甲有限公司（竞买号J001）违约：未在规定期限内签订成交确认书。取消其竞得资格，保证金不予退还',
      },
      {
        stepLabel: '递补',
        result: '待答复',
        reason: expect.stringContaining(`丙有限公司（竞买号${bingNo}）`),
      },
    ]);
    const notices = await foreign.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=20');
    expect(notices.data.list.map((row) => row.title)).toContain(
      formatMessage(MSG.biddingOfferTitle, { project: after.projectName }),
    );

    // only the offered bidder's member answers; it declines, and the deal goes on to 乙 at 乙's price
    expect(
      await agent.post(`/api/bidding/offer/${hall.id}`, { registrationId: hall.yi, isAccepted: true }),
    ).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingOfferNotOpen });
    const declined = await foreign.post<BiddingHall>(`/api/bidding/offer/${hall.id}`, {
      registrationId: hall.bing,
      isAccepted: false,
    });
    expect(declined.status, declined.msg).toBe(0);
    expect(declined.data.offer).toMatchObject({ price: START_PRICE + INCREMENT, answer: null });
    expect(await registration(hall.bing)).toMatchObject({ status: 'lost', depositState: 'refunding' });
    expect(await registration(hall.yi)).toMatchObject({ status: 'offered', depositState: 'frozen' });

    // two answers at once: one takes the deal
    const answers = await Promise.all(
      [0, 1].map(() =>
        agent.post<BiddingHall>(`/api/bidding/offer/${hall.id}`, {
          registrationId: hall.yi,
          isAccepted: true,
        }),
      ),
    );
    expect(
      answers.filter((answer) => answer.status === 0),
      JSON.stringify(answers),
    ).toHaveLength(1);
    const won = answers.find((answer) => answer.status === 0)!.data;
    expect(won).toMatchObject({ winnerName: '乙有限公司', canDefault: true, offer: { answer: 'accepted' } });
    expect(await registration(hall.yi)).toMatchObject({ status: 'won', depositState: 'applied' });
    const dealt = await projectOf(hall.projectId);
    expect(dealt).toMatchObject({ status: 'awaitingContract' });
    expect(dealt?.details.dealResult).toMatchObject({
      source: 'bidding',
      biddingId: hall.id,
      registrationId: hall.yi,
      transfereeName: '乙有限公司',
      dealPrice: START_PRICE + INCREMENT,
    });
    const last = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    expect(last.data.at(-1)).toMatchObject({
      stepLabel: '递补答复',
      result: '成交',
      reason: `乙有限公司（竞买号${won.winnerNo}）接受递补，以${formatFen(START_PRICE + INCREMENT)}元成交`,
    });
    const audit = await selectRows<{ action: string }>(
      t.db,
      // the signed result (bidding.result) is made after the close in its own time, so it may come before or after
      sql`select action from audit_log where target = ${String(hall.id)} and action in ('bidding.default', 'bidding.offer') and result = 'ok' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['bidding.default', 'bidding.offer', 'bidding.offer']);
  });

  it('passes on an offer left unanswered past its term, and with nobody left the project is unsold', async () => {
    const hall = await closedHallOfThree();
    let version = (await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`)).data.version;
    const reason = '拒绝签订合同';
    const first = await exchange.post<BiddingHall>(`/api/bidding/default/${hall.id}`, {
      version,
      reason,
      isBarred: false,
    });
    expect(first.status, first.msg).toBe(0);
    // no bar asked: none kept
    const bars = await selectRows(
      t.db,
      sql`select 1 from intention_bars where registration_id = ${hall.jia}`,
    );
    expect(bars).toHaveLength(0);
    // the term runs out (moved to now, as days later the sessions would have ended): the housekeeping passes the
    // offer on to 乙
    await t.db.execute(
      sql`update bidding_offers set answer_by = ${t.clock.now()} where bidding_id = ${hall.id} and answer is null`,
    );
    expect(
      await foreign.post(`/api/bidding/offer/${hall.id}`, { registrationId: hall.bing, isAccepted: true }),
    ).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingOfferLate });
    await t.app.housekeeping.runOnce();
    const passed = await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`);
    expect(passed.data.offer).toMatchObject({ price: START_PRICE + INCREMENT, answer: null });
    expect(await registration(hall.bing)).toMatchObject({ status: 'lost', depositState: 'refunding' });
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    expect(log.data.map((row) => row.reason)).toContain(`丙有限公司（竞买号J003）逾期未答复递补`);

    // 乙 accepts, then defaults too: nobody is left, the project is unsold (流拍) and may be disclosed again
    const accepted = await agent.post(`/api/bidding/offer/${hall.id}`, {
      registrationId: hall.yi,
      isAccepted: true,
    });
    expect(accepted.status, accepted.msg).toBe(0);
    version = (await exchange.get<BiddingHall>(`/api/bidding/${hall.id}`)).data.version;
    const second = await exchange.post<BiddingHall>(`/api/bidding/default/${hall.id}`, {
      version,
      reason,
      isBarred: false,
    });
    expect(second.status, second.msg).toBe(0);
    expect(second.data).toMatchObject({
      defaultedNos: ['J001', 'J002'],
      winnerName: null,
      canDefault: false,
    });
    expect(await projectOf(hall.projectId)).toMatchObject({ status: 'unsold' });
    const unsold = await owner.get<ProcessLogRow[]>(`/api/project/${hall.projectId}/processLog`);
    expect(unsold.data.at(-1)).toMatchObject({ result: '流拍', reason: MSG.dealLogNoOffer });
    // a default needs a deal waiting for its contract
    expect(
      await exchange.post(`/api/bidding/default/${hall.id}`, {
        version: second.data.version,
        reason,
        isBarred: false,
      }),
    ).toMatchObject({ status: API_STATUS.refused, msg: MSG.biddingDefaultNotAllowed });
  });
});

// last in this file: the speed it sets holds for every hall opened after it
describe('the sandbox clock (演练时钟倍速)', () => {
  it('runs a hall opened after it the speed times faster, and says so in the hall', async () => {
    const saved = await exchange.post('/api/dict/rule/save', {
      key: 'sandboxSpeed',
      value: 60,
      effectiveFrom: formatDate(t.clock.now()),
      note: '培训演练',
    });
    expect(saved.status, saved.msg).toBe(0);
    const projectId = await newProject();
    await addRegistration(projectId, memberCompanyId, '甲有限公司');
    await addRegistration(projectId, agentCompanyId, '乙有限公司');
    const startAt = new Date(t.clock.now().getTime() + 3_600_000);
    const opened = await exchange.post<{ id: number }>(
      '/api/bidding/open',
      openForm(projectId, { startAt: startAt.toISOString(), freeSeconds: 600, timedSeconds: 120 }),
    );
    expect(opened.status, opened.msg).toBe(0);
    const hall = (await exchange.get<BiddingHall>(`/api/bidding/${opened.data.id}`)).data;
    // an hour's wait in a minute, ten minutes of free bids in ten seconds, two-minute periods of two seconds
    expect(hall).toMatchObject({ sandboxSpeed: 60, timedSeconds: 2 });
    expect(Date.parse(hall.startAt) - t.clock.now().getTime()).toBe(60_000);
    expect(Date.parse(hall.freeEndAt) - Date.parse(hall.startAt)).toBe(10_000);
    expect(Date.parse(hall.endsAt) - Date.parse(hall.freeEndAt)).toBe(2_000);
  });
});
