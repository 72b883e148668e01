// GET /api/project/update/from/otc/{id}: a project's result read from the exchange's trading system, here a real
// HTTP server on a local port answering the contract of platform/otc.ts. A deal makes the project dealt with its
// price, time and buyer; a project still trading keeps its status; an unknown project, the trading system down or
// a malformed answer are refused with their message and change nothing; another company gets 404; a portal without
// a trading system says it is not connected.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG, type OtcTradeResult, type ProjectView } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, copyProject, type Client } from '../../test/workflow-support.ts';

const TOKEN = 'otc-test-token';

/** What the trading system answers per project code: a status and a body. */
const answers = new Map<string, { status: number; body: unknown }>();
const seenAuthorization: (string | undefined)[] = [];

let tradingSystem: Server;
let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;

beforeAll(async () => {
  tradingSystem = createServer((request, response) => {
    seenAuthorization.push(request.headers.authorization);
    const code = decodeURIComponent(/^\/api\/projects\/(.+)$/.exec(request.url ?? '')?.[1] ?? '');
    const answer = answers.get(code) ?? { status: 404, body: { message: 'not found' } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((done) => tradingSystem.listen(0, '127.0.0.1', done));
  const { port } = tradingSystem.address() as AddressInfo;
  t = await createTestApp({
    env: { OTC_URL: `http://127.0.0.1:${port}/`, OTC_TOKEN: TOKEN, LOGIN_RATE_MAX: '1000' },
  });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
});

afterAll(async () => {
  await t.close();
  await new Promise((done) => tradingSystem.close(done));
});

async function fingerprint(id: number): Promise<string> {
  const [project] = await selectRows(t.db, sql`select * from projects where id = ${id}`);
  return JSON.stringify(project);
}

const dealt = (code: string): OtcTradeResult => ({
  code,
  status: 'dealt',
  dealPrice: 1_900_000_00,
  dealTime: '2026-11-20T10:30:00+08:00',
  transferee: '北京某某再生资源有限公司',
  bidCount: 7,
});

describe('GET /api/project/update/from/otc/{id}', () => {
  let refusedCount = 0;

  it('makes the project dealt with the price, time and buyer of the deal, audited', async () => {
    const code = 'GR2026BJ9100001';
    const id = await copyProject(t, code);
    answers.set(code, { status: 200, body: dealt(code) });
    const body = await owner.get<{ status: string; otc: Record<string, unknown> }>(
      `/api/project/update/from/otc/${id}`,
    );
    expect(body).toMatchObject({
      status: 0,
      msg: MSG.otcSynced,
      data: { status: 'dealt', statusLabel: '已成交', otc: { ...dealt(code) } },
    });
    expect(seenAuthorization.at(-1)).toBe(`Bearer ${TOKEN}`);
    const view = await owner.post<ProjectView>(`/api/project/show/${id}`);
    expect(view.data.status).toBe('dealt');
    expect(view.data.details.otc).toMatchObject({ dealPrice: 1_900_000_00, syncedAt: expect.any(String) });
    const audit = await selectRows(
      t.db,
      sql`select detail from audit_log where action = 'project.otcUpdate' and target = ${String(id)}`,
    );
    expect(audit).toEqual([
      { detail: { trade: 'dealt', from: 'disclosing', to: 'dealt', dealPrice: 1_900_000_00 } },
    ]);
  });

  it('keeps the status of a project still trading, recording the latest answer (the exchange may ask)', async () => {
    const code = 'GR2026BJ9100002';
    const id = await copyProject(t, code);
    answers.set(code, { status: 200, body: { code, status: 'trading', bidCount: 2 } });
    const body = await exchange.get<{ status: string; otc: { status: string } }>(
      `/api/project/update/from/otc/${id}`,
    );
    expect(body).toMatchObject({ status: 0, data: { status: 'disclosing', otc: { status: 'trading' } } });
  });

  it.each([
    ['an unknown project', undefined, MSG.otcUnknownProject],
    ['a server error', { status: 500, body: { message: 'down' } }, MSG.otcUnavailable],
    ['a body that is no JSON', { status: 200, body: '<html>' }, MSG.otcUnavailable],
    ['a deal without its price', { status: 200, body: { status: 'dealt' } }, MSG.otcUnavailable],
  ])('refuses %s with its message and changes nothing', async (_case, answer, message) => {
    refusedCount += 1;
    const code = `GR2026BJ92${String(refusedCount).padStart(5, '0')}`;
    const id = await copyProject(t, code);
    if (answer !== undefined) {
      const body = typeof answer.body === 'object' ? { code, ...answer.body } : answer.body;
      answers.set(code, { status: answer.status, body });
    }
    const before = await fingerprint(id);
    expect(await owner.get(`/api/project/update/from/otc/${id}`)).toMatchObject({ status: 1, msg: message });
    expect(await fingerprint(id)).toBe(before);
  });

  it('answers another company 404 and asks the trading system nothing', async () => {
    const code = 'GR2026BJ9100003';
    const id = await copyProject(t, code);
    answers.set(code, { status: 200, body: dealt(code) });
    const asked = seenAuthorization.length;
    const before = await fingerprint(id);
    expect((await foreign.get(`/api/project/update/from/otc/${id}`)).status).toBe(404);
    expect(seenAuthorization.length).toBe(asked);
    expect(await fingerprint(id)).toBe(before);
  });

  it('refuses a draft: it has not been to the trading system', async () => {
    const draft = await owner.post<{ id: number }>('/api/project/bulk', { form: { name: '尚未披露的项目' } });
    const before = await fingerprint(draft.data.id);
    expect(await owner.get(`/api/project/update/from/otc/${draft.data.id}`)).toMatchObject({
      status: 1,
      msg: MSG.otcNotSyncable,
    });
    expect(await fingerprint(draft.data.id)).toBe(before);
  });
});

describe('a portal without a trading system', () => {
  it('says it is not connected and changes nothing', async () => {
    const bare = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
    try {
      const client = clientOf(bare, await loginAs(bare.app, 'transferor'));
      const [row] = await selectRows<{ id: number }>(
        bare.db,
        sql`select id from projects where status = 'disclosing' limit 1`,
      );
      const id = row?.id ?? 0;
      const [before] = await selectRows(bare.db, sql`select * from projects where id = ${id}`);
      expect(await client.get(`/api/project/update/from/otc/${id}`)).toMatchObject({
        status: 1,
        msg: MSG.otcNotConnected,
      });
      const [after] = await selectRows(bare.db, sql`select * from projects where id = ${id}`);
      expect(after).toEqual(before);
    } finally {
      await bare.close();
    }
  });
});
