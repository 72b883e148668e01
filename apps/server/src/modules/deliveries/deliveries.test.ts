// 交付 (/api/project/delivery/...) on the demo's dealt batch, won in the hall by the buyer agent2 registered: the
// seller (agent) records the pick-up with its photos, the winner's member signs for the goods; the lots turn 已交割.
// Bad bodies and refused steps store nothing; another company and the outbid member are answered 404; two
// sessions signing at once: one wins, the other 409. A buyer off the portal (the seller signing with the paper
// receipt) is in registries/ledger.test.ts.
import { MSG, SMALL_LEDGER_REGISTRY, type Delivery, type RegistryRow } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { SMALL_DEMO_CODES } from '../../seeds/seed-small.ts';
import { uploadRecordFile } from '../../test/capital-increase-support.ts';
import { makePng } from '../../test/files.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let agentToken: string;
let agent: Client;
let buyer: Client;
let projectId: number;

const PICKUP = '/api/project/delivery/pickup';
const RECEIPT = '/api/project/delivery/receipt';
const pickup = (version: number) => ({
  projectId,
  version,
  pickupDate: '2026-12-20',
  place: '示范工业园三号仓库',
  pickedUpBy: '王师傅',
  remark: '买受人凭成交确认书提货，数量无误',
});

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  agentToken = await loginAs(t.app, 'agent');
  agent = clientOf(t, agentToken);
  buyer = clientOf(t, await loginAs(t.app, 'agent2'));
  const [row] = await selectRows<{ id: number }>(
    t.db,
    sql`select id from projects where code = ${SMALL_DEMO_CODES.dealt}`,
  );
  projectId = row?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

async function stored(): Promise<{ n: number }> {
  const [row] = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from project_deliveries where project_id = ${projectId}`,
  );
  return { n: row?.n ?? 0 };
}

async function ledgerStatuses(): Promise<string[]> {
  const rows = await selectRows<{ status: string }>(
    t.db,
    sql`select values ->> 'status' as status from registry_rows
        where registry = ${SMALL_LEDGER_REGISTRY.key} and values ->> 'projectId' = ${String(projectId)}`,
  );
  return rows.map((row) => row.status);
}

const upload = (tag: string, file?: { name: string; content: Buffer }) =>
  uploadRecordFile(t, agentToken, { dataClass: 'delivery', dataId: String(projectId) }, tag, file);

describe('a dealt batch handed over to the buyer that won it in the hall', () => {
  it('shows the delivery awaiting its pick-up: the confirmed buyer and price, the lots, what each side may do', async () => {
    const shown = await agent.get<Delivery>(`/api/project/delivery/${projectId}`);
    expect(shown.status, shown.msg).toBe(0);
    expect(shown.data).toMatchObject({
      status: 'awaitingPickup',
      statusLabel: '待提货',
      buyerName: '北京再生资源回收利用有限公司',
      isBuyerOnPortal: true,
      canRecordPickup: true,
      canConfirmReceipt: false,
      version: 0,
    });
    expect(shown.data.dealPrice).toBeGreaterThan(0);
    expect(shown.data.lots).toHaveLength(2);
    expect(await buyer.get(`/api/project/delivery/${projectId}`)).toMatchObject({
      data: { canRecordPickup: false, canConfirmReceipt: false, isBuyerOnPortal: true },
    });
  });

  it('another company, the outbid member, and a project of no delivery family answer 404; nothing changes', async () => {
    for (const username of ['transferor', 'member']) {
      const stranger = clientOf(t, await loginAs(t.app, username));
      expect((await stranger.get(`/api/project/delivery/${projectId}`)).status).toBe(404);
      expect((await stranger.post(PICKUP, pickup(0))).status).toBe(404);
      expect((await stranger.post(RECEIPT, { projectId, version: 0 })).status).toBe(404);
    }
    const [bulk] = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where family = 'bulk' limit 1`,
    );
    expect((await agent.get(`/api/project/delivery/${bulk?.id ?? 0}`)).status).toBe(404);
    expect(await stored()).toEqual({ n: 0 });
  });

  it('bad bodies get their Chinese message and store nothing; no photo, no pick-up; the buyer records none', async () => {
    expect(await buyer.post(PICKUP, pickup(0))).toMatchObject({ status: 1, msg: MSG.deliveryNotSeller });
    expect(await agent.post(PICKUP, { ...pickup(0), pickupDate: '2026-02-30' })).toMatchObject({
      status: 1,
      msg: MSG.deliveryDateInvalid,
    });
    expect(await agent.post(PICKUP, { ...pickup(0), place: '  ' })).toMatchObject({
      status: 1,
      msg: MSG.deliveryPlaceRequired,
    });
    expect(await agent.post(PICKUP, { ...pickup(0), pickedUpBy: '王'.repeat(51) })).toMatchObject({
      status: 1,
      msg: MSG.deliveryPickedUpByTooLong,
    });
    expect(await agent.post(PICKUP, pickup(0))).toMatchObject({ status: 1, msg: MSG.deliveryPhotosRequired });
    // a PDF under the photos' tag is no photo
    await upload('deliveryPhoto');
    expect(await agent.post(PICKUP, pickup(0))).toMatchObject({ status: 1, msg: MSG.deliveryPhotosRequired });
    expect(await buyer.post(RECEIPT, { projectId, version: 0 })).toMatchObject({
      status: 1,
      msg: MSG.deliveryPickupFirst,
    });
    expect(await stored()).toEqual({ n: 0 });
  });

  it('records the pick-up with its photo; a stale version is a conflict; corrected before the receipt', async () => {
    await upload('deliveryPhoto', { name: '提货现场.png', content: makePng() });
    const recorded = await agent.post<{ version: number }>(PICKUP, pickup(0));
    expect(recorded.status, recorded.msg).toBe(0);
    expect(recorded.msg).toBe(MSG.deliveryPickupSaved);
    expect((await agent.post(PICKUP, pickup(0))).status).toBe(409);
    const corrected = await agent.post<{ version: number }>(PICKUP, {
      ...pickup(recorded.data.version),
      pickedUpBy: '王建国',
    });
    expect(corrected.status, corrected.msg).toBe(0);
    const shown = await agent.get<Delivery>(`/api/project/delivery/${projectId}`);
    expect(shown.data).toMatchObject({
      status: 'awaitingReceipt',
      pickedUpBy: '王建国',
      pickupDate: '2026-12-20',
      // the buyer signs, not the seller
      canConfirmReceipt: false,
      version: corrected.data.version,
    });
    expect(shown.data.photos.map((file) => file.name)).toContain('提货现场.png');
    expect(await ledgerStatuses()).toEqual(['已成交', '已成交']);
    // the buyer's member sees the photos and is told to sign; the seller may not sign for it
    const seen = await buyer.get<Delivery>(`/api/project/delivery/${projectId}`);
    expect(seen.data).toMatchObject({ canConfirmReceipt: true, pickedUpBy: '王建国' });
    expect(seen.data.photos).toHaveLength(shown.data.photos.length);
    const told = await selectRows<{ title: string; link: string }>(
      t.db,
      sql`select n.title, n.link from notifications n join operators o on o.company_id = n.company_id
          join users u on u.id = o.user_id where u.username = 'agent2' and n.kind = 'delivery.pickup'`,
    );
    expect(told[0]).toMatchObject({ link: `/index/smallDelivery?id=${projectId}` });
    expect(await agent.post(RECEIPT, { projectId, version: corrected.data.version })).toMatchObject({
      status: 1,
      msg: MSG.deliveryNotBuyer,
    });
  });

  it("two of the buyer's sessions sign at once: one wins, the other 409; the lots read 已交割", async () => {
    const shown = await buyer.get<Delivery>(`/api/project/delivery/${projectId}`);
    const second = clientOf(t, await loginAs(t.app, 'agent2'));
    const both = await Promise.all(
      [buyer, second].map((client) =>
        client.post(RECEIPT, { projectId, version: shown.data.version, remark: '受让方已签收' }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([0, 409]);
    expect(await ledgerStatuses()).toEqual(['已交割', '已交割']);
    const done = await agent.get<Delivery>(`/api/project/delivery/${projectId}`);
    expect(done.data).toMatchObject({
      status: 'received',
      statusLabel: '已签收',
      canRecordPickup: false,
      canConfirmReceipt: false,
      receiptRemark: '受让方已签收',
    });
    expect(done.data.receivedByName).not.toBe('');
    // once signed for, nothing changes any more
    expect(await agent.post(PICKUP, pickup(done.data.version))).toMatchObject({
      status: 1,
      msg: MSG.deliveryAlreadyReceived,
    });
    // the agent's ledger agrees, and the process log names the receipt
    const ledger = await agent.post<{ list: RegistryRow[] }>(`${SMALL_LEDGER_REGISTRY.apiBase}/list`, {
      page: 1,
      size: 50,
      filters: { status: '已交割' },
    });
    expect(ledger.data.list.filter((row) => row.values.projectId === projectId)).toHaveLength(2);
    const logged = await selectRows<{ step: string }>(
      t.db,
      sql`select step from process_logs where project_id = ${projectId} and step = 'delivered'`,
    );
    expect(logged).toHaveLength(1);
  });
});

describe('/api/docs', () => {
  it('names the calls of small, auction, ledger and delivery the spec lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/project/small/save',
        '/api/project/small/update/{id}',
        '/api/project/small/submit/{id}',
        '/api/project/save/auction',
        '/api/project/auction/{id}',
        '/api/project/ledger/list',
        '/api/project/ledger/save',
        '/api/project/ledger/import',
        '/api/project/ledger/export',
        '/api/project/ledger/project',
        '/api/project/ledger/type/by/project',
        '/api/project/delivery/{id}',
        '/api/project/delivery/pickup',
        '/api/project/delivery/receipt',
      ]),
    );
  });
});
