// Participants (意向受让方) of physical-asset projects: registered, updated (a blank number keeps the stored one),
// listed with a person's number masked, and deleted by the owner company while the project is disclosing,
// suspended or ended; every bad input refused with its Chinese message and nothing stored; a number twice in one
// project refused; a draft or terminated project refused; a stale version 409; another company 404 on every call
// with nothing changed; the exchange and the agent member read but never change; no session 401, no permission
// 403; every change audited.
import {
  composeCreditCode,
  computeIdCardCheck,
  fillIn,
  MSG,
  pleaseSelect,
  type ParticipantView,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, copyProject, findProjectId, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;
let agent: Client;
let ops: Client;
let anonymous: Client;
let projectId: number;

/** A valid resident identity number: a Beijing Chaoyang number born 1949-12-31 with this sequence. */
function idCard(sequence: number): string {
  const body = `11010519491231${String(sequence).padStart(3, '0')}`;
  return body + computeIdCardCheck(body);
}

/** The first sequence from `from` whose number ends in the check character X. */
function idCardEndingInX(from = 100): string {
  for (let sequence = from; sequence < 1000; sequence += 1) {
    const number = idCard(sequence);
    if (number.endsWith('X')) return number;
  }
  throw new Error('no number ends in X');
}

/** The number with its last character replaced, so its check no longer holds. */
function withWrongCheck(number: string): string {
  return number.slice(0, -1) + (number.endsWith('1') ? '2' : '1');
}

const CREDIT_CODE = composeCreditCode('110000', '10110070');
const BORN_IN_2099 = '11010520991231011' + computeIdCardCheck('11010520991231011');

const person = (overrides: Record<string, unknown> = {}) => ({
  kind: 'person',
  name: '王小明',
  certType: 'idCard',
  certNo: idCard(11),
  contactName: '王小明',
  contactMobile: '13900000001',
  deposit: 5_000_000,
  isQualified: false,
  note: '现场看样后报名',
  ...overrides,
});

const company = (overrides: Record<string, unknown> = {}) => ({
  kind: 'company',
  name: '北京某某再生资源有限公司',
  certType: 'creditCode',
  certNo: CREDIT_CODE,
  contactName: '赵经理',
  contactMobile: '13900000002',
  ...overrides,
});

type Saved = { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  agent = clientOf(t, await loginAs(t.app, 'agent'));
  ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
  anonymous = clientOf(t, undefined);
  projectId = await findProjectId(t);
});

afterAll(async () => {
  await t.close();
});

async function countParticipants(id = projectId): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from project_participants where project_id = ${id}`,
  );
  return rows[0]?.n ?? 0;
}

async function stored(id: number): Promise<Record<string, unknown> | undefined> {
  const rows = await selectRows<Record<string, unknown>>(
    t.db,
    sql`select * from project_participants where id = ${id}`,
  );
  const row = rows[0];
  // node-postgres answers a bigint column as text, PGlite as a number: compare the amount
  return row === undefined
    ? undefined
    : { ...row, deposit: row.deposit === null ? null : Number(row.deposit) };
}

async function countAudit(action: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return rows[0]?.n ?? 0;
}

async function save(participant: Record<string, unknown>, id = projectId, client = owner): Promise<Saved> {
  const body = await client.post<Saved>('/api/project/bulk/participant/save', { projectId: id, participant });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function listOf(client: Client = owner, id = projectId, family = 'bulk'): Promise<ParticipantView[]> {
  const body = await client.post<ParticipantView[]>(`/api/project/${family}/participant/list`, {
    projectId: id,
  });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function setStatus(id: number, status: string): Promise<void> {
  await t.db.execute(sql`update projects set status = ${status} where id = ${id}`);
}

describe('save, list, update, delete', () => {
  let personId: number;

  it('registers a person and an organisation, audited; the list masks the person and shows the credit code', async () => {
    const before = await countAudit('project.participant.save');
    const first = await owner.post<Saved>('/api/project/bulk/participant/save', {
      projectId,
      participant: person({ name: '  王小明  ' }),
    });
    expect(first).toMatchObject({ status: 0, msg: MSG.participantSaved, data: { version: 1 } });
    personId = first.data.id;
    await save(company());
    expect(await countAudit('project.participant.save')).toBe(before + 2);

    const list = await listOf();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      id: personId,
      projectId,
      kind: 'person',
      kindLabel: '自然人',
      name: '王小明',
      certType: 'idCard',
      certTypeLabel: '居民身份证',
      certNo: `110105********${idCard(11).slice(-4)}`,
      contactName: '王小明',
      contactMobile: '13900000001',
      deposit: 5_000_000,
      isQualified: false,
      note: '现场看样后报名',
      version: 1,
    });
    expect(list[1]).toMatchObject({
      kind: 'company',
      kindLabel: '法人或其他组织',
      certTypeLabel: '统一社会信用代码',
      certNo: CREDIT_CODE,
      deposit: null,
      isQualified: false,
      note: '',
    });
    // the audit log records what changed, not the certificate number
    const rows = await selectRows<{ detail: Record<string, unknown> }>(
      t.db,
      sql`select detail from audit_log where action = 'project.participant.save' and target = ${String(personId)}`,
    );
    expect(rows[0]?.detail).toMatchObject({ projectId, family: 'bulk', kind: 'person', certType: 'idCard' });
    expect(JSON.stringify(rows[0]?.detail)).not.toContain(idCard(11));
  });

  it('stores a number as compared: trimmed and upper-cased (x -> X)', async () => {
    const number = idCardEndingInX();
    const saved = await save(person({ name: '李四', certNo: ` ${number.toLowerCase()} ` }));
    expect((await stored(saved.id))?.cert_no).toBe(number);
    // the same number typed the other way is the same person
    expect(
      await owner.post('/api/project/bulk/participant/save', {
        projectId,
        participant: person({ name: '李四', certNo: number }),
      }),
    ).toMatchObject({ status: 1, msg: MSG.participantsCertNoTaken });
  });

  it('updates at its version, a blank number keeping the stored one; audited', async () => {
    const before = await countAudit('project.participant.update');
    const updated = await owner.post<Saved>(`/api/project/bulk/participant/update/${personId}`, {
      version: 1,
      participant: person({
        certNo: '',
        name: '王小明（已缴保证金）',
        deposit: 8_000_050,
        isQualified: true,
      }),
    });
    expect(updated).toMatchObject({
      status: 0,
      msg: MSG.participantSaved,
      data: { id: personId, version: 2 },
    });
    expect(await stored(personId)).toMatchObject({
      name: '王小明（已缴保证金）',
      cert_no: idCard(11),
      deposit: 8_000_050,
      is_qualified: true,
      version: 2,
    });
    expect(await countAudit('project.participant.update')).toBe(before + 1);
    // a new number replaces the old one
    const renumbered = await owner.post<Saved>(`/api/project/bulk/participant/update/${personId}`, {
      version: 2,
      participant: person({ certNo: idCard(12) }),
    });
    expect(renumbered).toMatchObject({ status: 0, data: { version: 3 } });
    expect((await stored(personId))?.cert_no).toBe(idCard(12));
  });

  it('a blank number is kept only with the same kind and type; a stale version answers 409', async () => {
    const before = await stored(personId);
    expect(
      await owner.post(`/api/project/bulk/participant/update/${personId}`, {
        version: 3,
        participant: person({ certType: 'passport', certNo: '' }),
      }),
    ).toMatchObject({ status: 1, msg: fillIn('证件号码') });
    const stale = await owner.raw('POST', `/api/project/bulk/participant/update/${personId}`, {
      version: 1,
      participant: person({ certNo: '' }),
    });
    expect(stale.json()).toMatchObject({ status: 409, msg: MSG.conflict });
    expect(await stored(personId)).toEqual(before);
  });

  it('refuses to give a participant a number another one of the project holds', async () => {
    const before = await stored(personId);
    expect(
      await owner.post(`/api/project/bulk/participant/update/${personId}`, {
        version: 3,
        participant: company(),
      }),
    ).toMatchObject({ status: 1, msg: MSG.participantsCertNoTaken });
    expect(await stored(personId)).toEqual(before);
  });

  it('the same number may register in another project', async () => {
    const other = await copyProject(t, 'GR2026BJ1000201');
    await save(person(), other);
    expect(await countParticipants(other)).toBe(1);
  });

  it('deletes at its version (stale: 409), audited', async () => {
    const before = await countAudit('project.participant.delete');
    const count = await countParticipants();
    const stale = await owner.raw('POST', `/api/project/bulk/participant/delete/${personId}`, { version: 1 });
    expect(stale.json()).toMatchObject({ status: 409 });
    expect(await countParticipants()).toBe(count);
    expect(
      await owner.post(`/api/project/bulk/participant/delete/${personId}`, { version: 3 }),
    ).toMatchObject({ status: 0, msg: MSG.participantDeleted, data: { id: personId } });
    expect(await stored(personId)).toBeUndefined();
    expect(await countParticipants()).toBe(count - 1);
    expect(await countAudit('project.participant.delete')).toBe(before + 1);
    // gone: a second delete finds nothing
    expect(
      (await owner.post(`/api/project/bulk/participant/delete/${personId}`, { version: 3 })).status,
    ).toBe(404);
  });
});

describe('bad input: refused with the Chinese message, nothing stored', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no kind', person({ kind: undefined }), pleaseSelect('意向受让方类型')],
    ['an unknown kind', person({ kind: 'robot' }), pleaseSelect('意向受让方类型')],
    ['no name', person({ name: '  ' }), fillIn('意向受让方名称')],
    ['a one-character name', person({ name: '王' }), MSG.participantsNameInvalid],
    ['a name of 101 characters', person({ name: '王'.repeat(101) }), MSG.participantsNameInvalid],
    ['no certificate type', person({ certType: undefined }), pleaseSelect('证件类型')],
    ['a credit code for a person', person({ certType: 'creditCode' }), MSG.participantsCertTypeMismatch],
    ['a passport for an organisation', company({ certType: 'passport' }), MSG.participantsCertTypeMismatch],
    ['no number', person({ certNo: '' }), fillIn('证件号码')],
    [
      'an identity number with a wrong check',
      person({ certNo: withWrongCheck(idCard(11)) }),
      MSG.idCardInvalid,
    ],
    ['an identity number born tomorrow', person({ certNo: BORN_IN_2099 }), MSG.idCardInvalid],
    [
      'a credit code with a wrong check',
      company({ certNo: withWrongCheck(CREDIT_CODE) }),
      MSG.creditCodeInvalid,
    ],
    ['a short passport number', person({ certType: 'passport', certNo: 'E1' }), '请填写正确的护照号码'],
    [
      'a Hong Kong permit number of the wrong form',
      person({ certType: 'hkMacaoPermit', certNo: 'A12345678' }),
      '请填写正确的港澳居民来往内地通行证号码',
    ],
    [
      'a Taiwan permit number of the wrong form',
      person({ certType: 'taiwanPermit', certNo: '1234567' }),
      '请填写正确的台湾居民来往大陆通行证号码',
    ],
    ['no contact', person({ contactName: '' }), fillIn('联系人')],
    ['a contact of 51 characters', person({ contactName: '张'.repeat(51) }), '联系人不能超过50个字符'],
    ['no mobile', person({ contactMobile: '' }), MSG.telephoneRequired],
    ['a bad mobile', person({ contactMobile: '12345' }), MSG.telephoneInvalid],
    ['a negative deposit', person({ deposit: -1 }), MSG.participantsDepositInvalid],
    ['a deposit in part of a fen', person({ deposit: 100.5 }), MSG.participantsDepositInvalid],
    ['a deposit as text', person({ deposit: '100' }), MSG.participantsDepositInvalid],
    ['a note of 501 characters', person({ note: '备'.repeat(501) }), '备注不能超过500个字符'],
    ['a qualified flag that is no flag', person({ isQualified: 'yes' }), MSG.badRequest],
  ];

  it.each(cases)('save: %s', async (_, participant, msg) => {
    const before = await countParticipants();
    expect(
      await owner.post('/api/project/bulk/participant/save', {
        projectId,
        participant,
      }),
    ).toMatchObject({ status: 1, msg });
    expect(await countParticipants()).toBe(before);
  });

  it('update: the same checks, nothing changed', async () => {
    const saved = await save(person({ certNo: idCard(31), name: '周五' }));
    const before = await stored(saved.id);
    for (const [name, participant, msg] of cases) {
      // on an update a blank number keeps the stored one, so that case is not a refusal here
      if (name === 'no number') continue;
      expect(
        await owner.post(`/api/project/bulk/participant/update/${saved.id}`, { version: 1, participant }),
        name,
      ).toMatchObject({ status: 1, msg });
    }
    expect(await stored(saved.id)).toEqual(before);
  });

  it('refuses bodies of the wrong shape', async () => {
    const before = await countParticipants();
    for (const body of [
      { projectId, participant: 'x' },
      { projectId, participant: [1] },
      { projectId: 'x', participant: person() },
      { participant: person() },
    ]) {
      expect(await owner.post('/api/project/bulk/participant/save', body)).toMatchObject({
        status: 1,
        msg: MSG.badRequest,
      });
    }
    expect(await owner.post('/api/project/bulk/participant/delete/1', { version: 0 })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(
      (await owner.post('/api/project/bulk/participant/update/abc', { version: 1, participant: person() }))
        .status,
    ).toBe(404);
    expect(await countParticipants()).toBe(before);
  });
});

describe('project status', () => {
  it('a draft takes no participants', async () => {
    const created = await owner.post<{ id: number }>('/api/project/bulk', {
      form: { name: '待披露设备一批' },
    });
    expect(created.status, created.msg).toBe(0);
    expect(
      await owner.post('/api/project/bulk/participant/save', {
        projectId: created.data.id,
        participant: person(),
      }),
    ).toMatchObject({ status: 1, msg: MSG.participantsNotEditable });
    expect(await countParticipants(created.data.id)).toBe(0);
  });

  it('suspended and ended projects take them; a terminated one keeps its list as it is', async () => {
    const id = await copyProject(t, 'GR2026BJ1000202');
    await setStatus(id, 'suspended');
    const saved = await save(person({ certNo: idCard(41) }), id);
    await setStatus(id, 'ended');
    const second = await save(company(), id);
    await setStatus(id, 'terminated');
    const before = await stored(saved.id);
    for (const answer of [
      await owner.post('/api/project/bulk/participant/save', {
        projectId: id,
        participant: person({ certNo: idCard(42) }),
      }),
      await owner.post(`/api/project/bulk/participant/update/${saved.id}`, {
        version: 1,
        participant: person({ certNo: '' }),
      }),
      await owner.post(`/api/project/bulk/participant/delete/${second.id}`, { version: 1 }),
    ]) {
      expect(answer).toMatchObject({ status: 1, msg: MSG.participantsNotEditable });
    }
    expect(await stored(saved.id)).toEqual(before);
    expect((await listOf(owner, id)).map((row) => row.id)).toEqual([saved.id, second.id]);
  });
});

describe('access', () => {
  it('another company: 404 on every call and nothing changed', async () => {
    const saved = await save(person({ certNo: idCard(51), name: '吴六' }));
    const before = await stored(saved.id);
    const count = await countParticipants();
    const updates = await countAudit('project.participant.update');
    for (const answer of [
      await foreign.post('/api/project/bulk/participant/save', { projectId, participant: person() }),
      await foreign.post(`/api/project/bulk/participant/update/${saved.id}`, {
        version: 1,
        participant: person({ certNo: '' }),
      }),
      await foreign.post('/api/project/bulk/participant/list', { projectId }),
      await foreign.post(`/api/project/bulk/participant/delete/${saved.id}`, { version: 1 }),
      // bad input says nothing about another company's project either
      await foreign.post('/api/project/bulk/participant/save', { projectId, participant: {} }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await stored(saved.id)).toEqual(before);
    expect(await countParticipants()).toBe(count);
    expect(await countAudit('project.participant.update')).toBe(updates);
  });

  it('the exchange and the agent member read the list but change nothing (404)', async () => {
    const saved = await save(person({ certNo: idCard(61), name: '郑七' }));
    const before = await stored(saved.id);
    const count = await countParticipants();
    for (const reader of [exchange, agent]) {
      const row = (await listOf(reader)).find((r) => r.id === saved.id);
      expect(row?.certNo).toBe(`110105********${idCard(61).slice(-4)}`);
      for (const answer of [
        await reader.post('/api/project/bulk/participant/save', {
          projectId,
          participant: person({ certNo: idCard(62) }),
        }),
        await reader.post(`/api/project/bulk/participant/update/${saved.id}`, {
          version: 1,
          participant: person({ certNo: '' }),
        }),
        await reader.post(`/api/project/bulk/participant/delete/${saved.id}`, { version: 1 }),
      ]) {
        expect(answer.status).toBe(404);
      }
    }
    expect(await stored(saved.id)).toEqual(before);
    expect(await countParticipants()).toBe(count);
  });

  it('a project of the other family answers 404 on every call', async () => {
    const saved = await save(person({ certNo: idCard(71), name: '钱八' }));
    const count = await countParticipants();
    for (const answer of [
      await owner.post('/api/project/coll/participant/save', {
        projectId,
        participant: person({ certNo: idCard(72) }),
      }),
      await owner.post(`/api/project/coll/participant/update/${saved.id}`, {
        version: 1,
        participant: person({ certNo: '' }),
      }),
      await owner.post('/api/project/coll/participant/list', { projectId }),
      await owner.post(`/api/project/coll/participant/delete/${saved.id}`, { version: 1 }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await countParticipants()).toBe(count);
    expect((await stored(saved.id))?.version).toBe(1);
  });

  it('a missing project or participant answers 404', async () => {
    expect(
      (await owner.post('/api/project/bulk/participant/save', { projectId: 999_999, participant: person() }))
        .status,
    ).toBe(404);
    expect((await owner.post('/api/project/bulk/participant/list', { projectId: 999_999 })).status).toBe(404);
    expect(
      (await owner.post('/api/project/bulk/participant/update/999999', { version: 1, participant: person() }))
        .status,
    ).toBe(404);
    expect((await owner.post('/api/project/bulk/participant/delete/999999', { version: 1 })).status).toBe(
      404,
    );
  });

  it('no session: 401; no project permission: 403; nothing stored', async () => {
    const count = await countParticipants();
    const calls: [string, unknown][] = [
      ['/api/project/bulk/participant/save', { projectId, participant: person({ certNo: idCard(81) }) }],
      ['/api/project/bulk/participant/update/1', { version: 1, participant: person() }],
      ['/api/project/bulk/participant/list', { projectId }],
      ['/api/project/bulk/participant/delete/1', { version: 1 }],
    ];
    for (const [url, payload] of calls) {
      expect((await anonymous.raw('POST', url, payload)).statusCode, url).toBe(401);
      expect((await ops.raw('POST', url, payload)).statusCode, url).toBe(403);
    }
    expect(await countParticipants()).toBe(count);
  });
});
