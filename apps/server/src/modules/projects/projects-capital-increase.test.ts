// The capital-increase kinds on the project calls and the engine (增资扩股, spec 001 sections 1 to 3 and 7): a draft
// saved under /api/project/{cap|capOpen}/check/save, a submit refused with the first missing required file's own
// message and nothing stored, the seven files uploaded, the disclosure e-signed and approved into a disclosure of
// 40 working days; the open one pre-disclosed first; another company's project answers 404.
import {
  addWorkdays,
  formatDate,
  formatMessage,
  MSG,
  type ActionView,
  type CapitalIncreaseProjectForm,
  type ProjectView,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { clientOf, enrolSigner, type Client } from '../../test/workflow-support.ts';
import {
  capitalIncreaseForm,
  REQUIRED_FILES,
  signAndApprove as approveCourse,
  uploadRecordFile,
} from '../../test/capital-increase-support.ts';

const REQUIRED = REQUIRED_FILES;
const completeForm = capitalIncreaseForm;

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

async function uploadFile(projectId: number, tag: string): Promise<void> {
  await uploadRecordFile(t, ownerToken, { dataClass: 'project', dataId: String(projectId) }, tag);
}

async function instancesOf(projectId: number): Promise<{ action: string; status: string }[]> {
  return selectRows(
    t.db,
    sql`select action, status from action_instances where project_id = ${projectId} order by id`,
  );
}

/** Signs the disclosure letter and has the exchange approve it on the cap flow. */
async function signAndApprove(base: string, actionId: number, taskId: number): Promise<Date> {
  return approveCourse({ t, phone, owner, exchange }, base, actionId, taskId);
}

describe.each([
  { family: 'cap', title: '增资扩股', submit: 'submit' },
  { family: 'capOpen', title: '公开增资', submit: 'submitFormal' },
  // spec 001 names the ordinary one's submitFormal too: the same formal submission under that name
  { family: 'cap', title: '增资扩股（submitFormal）', submit: 'submitFormal' },
])('a $title project ($family) runs its disclosure course', ({ family, submit }) => {
  let id = 0;
  let version = 0;

  it('is saved as a draft under check/save; another company cannot see or submit it', async () => {
    const created = await owner.post<{ id: number; version: number }>(`/api/project/${family}/check/save`, {
      form: completeForm(`北京示范科技有限公司增资项目（${family}）`),
    });
    expect(created.status, created.msg).toBe(0);
    ({ id, version } = created.data);
    expect((await foreign.post(`/api/project/show/${id}`)).status).toBe(404);
    expect(await foreign.post(`/api/project/${family}/${submit}/${id}`, { version })).toMatchObject({
      status: 404,
    });
    expect(await owner.post(`/api/project/${family}/${submit}/${id}`, { version: '一' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(await instancesOf(id)).toEqual([]);
  });

  it('is refused naming the first missing required file, storing nothing, until all seven are there', async () => {
    for (const [index, entry] of REQUIRED.entries()) {
      expect(await owner.post(`/api/project/${family}/${submit}/${id}`, { version })).toMatchObject({
        status: 1,
        msg: entry.requiredMessage,
      });
      expect(await instancesOf(id)).toEqual([]);
      await uploadFile(id, entry.tag);
      expect(index).toBeLessThan(REQUIRED.length);
    }
  });

  it('is e-signed and approved into a disclosure of 40 working days', async () => {
    const submitted = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/${family}/${submit}/${id}`,
      { version },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    const base = `/api/project/${family}/disclosure`;
    const approvedAt = await signAndApprove(base, submitted.data.actionId, submitted.data.taskId);
    const project = await owner.post<ProjectView>(`/api/project/show/${id}`);
    expect(project.data).toMatchObject({ status: 'disclosing', statusLabel: '披露中' });
    expect(formatDate(project.data.disclosureEnd ?? '')).toBe(formatDate(addWorkdays(approvedAt, 40).date));
  });
});

describe('an open capital increase may be pre-disclosed first', () => {
  it('is pre-disclosed on capOpenPreEicSre, then formally disclosed', async () => {
    const created = await owner.post<{ id: number; version: number }>('/api/project/capOpen/check/save', {
      form: completeForm('北京示范科技有限公司增资项目（预披露）', 20),
    });
    expect(created.status, created.msg).toBe(0);
    const { id } = created.data;
    for (const entry of REQUIRED) await uploadFile(id, entry.tag);
    const pre = await owner.post<{ actionId: number; taskId: number }>(`/api/project/capOpen/submit/${id}`, {
      version: created.data.version,
    });
    expect(pre.status, pre.msg).toBe(0);
    const letter = await owner.get<ActionView>(
      `/api/project/capOpen/preDisclosure/show/${pre.data.actionId}`,
    );
    expect(letter.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'capOpenPreEicSre' });
    await signAndApprove('/api/project/capOpen/preDisclosure', pre.data.actionId, pre.data.taskId);
    const preDisclosed = await owner.post<ProjectView>(`/api/project/show/${id}`);
    expect(preDisclosed.data).toMatchObject({ status: 'preDisclosing' });

    const formal = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/capOpen/submitFormal/${id}`,
      { version: preDisclosed.data.version },
    );
    expect(formal.status, formal.msg).toBe(0);
    await signAndApprove('/api/project/capOpen/disclosure', formal.data.actionId, formal.data.taskId);
    expect((await owner.post<ProjectView>(`/api/project/show/${id}`)).data.status).toBe('disclosing');
  });

  it('a formal period under 40 working days is refused with its message', async () => {
    const created = await owner.post<{ id: number; version: number }>('/api/project/cap/check/save', {
      form: { ...completeForm('北京示范科技有限公司增资项目（期限）'), disclosureDays: 30 },
    });
    expect(created.status, created.msg).toBe(0);
    for (const entry of REQUIRED) await uploadFile(created.data.id, entry.tag);
    const refused = await owner.post(`/api/project/cap/submit/${created.data.id}`, {
      version: created.data.version,
    });
    expect(refused.status).toBe(1);
    expect(refused.msg).toContain(formatMessage(MSG.capitalIncreaseDisclosureDaysMin, { days: 40 }));
    expect(await instancesOf(created.data.id)).toEqual([]);
  });
});

describe('the calls under the names the spec gives them (/api/capitalIncrease, /api/capitalIncreaseOpen)', () => {
  it('create, update, show and submit; bad bodies answer in Chinese and store nothing; another company 404', async () => {
    const countProjects = async () =>
      (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from projects`))[0]?.n;
    const before = await countProjects();
    expect(await owner.post('/api/capitalIncrease', { form: 'x' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(await owner.post('/api/capitalIncrease', {})).toMatchObject({ status: 1, msg: MSG.badRequest });
    expect(await countProjects()).toBe(before);

    const created = await owner.post<{ id: number; version: number }>('/api/capitalIncreaseOpen', {
      form: completeForm('北京示范科技有限公司增资项目（规范名称）'),
    });
    expect(created.status, created.msg).toBe(0);
    const { id } = created.data;
    const updated = await owner.post<{ id: number; version: number }>(
      `/api/capitalIncreaseOpen/update/${id}`,
      {
        version: created.data.version,
        form: { ...completeForm('北京示范科技有限公司增资项目（规范名称）'), investorCount: 3 },
      },
    );
    expect(updated.status, updated.msg).toBe(0);
    const shown = await owner.post<{ form: CapitalIncreaseProjectForm }>(
      `/api/capitalIncreaseOpen/project/${id}`,
    );
    expect(shown.status, shown.msg).toBe(0);
    expect(shown.data.form.investorCount).toBe(3);
    // the ordinary calls do not reach an open capital increase, nor another company's
    expect((await owner.post(`/api/capitalIncrease/project/${id}`)).status).toBe(404);
    expect((await foreign.post(`/api/capitalIncreaseOpen/project/${id}`)).status).toBe(404);
    expect(
      await foreign.post(`/api/capitalIncreaseOpen/update/${id}`, {
        version: updated.data.version,
        form: {},
      }),
    ).toMatchObject({ status: 404 });
    expect(await owner.post(`/api/capitalIncreaseOpen/${id}/submitFormal`, { version: 'x' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(
      await owner.post(`/api/capitalIncreaseOpen/${id}/submitFormal`, { version: updated.data.version }),
    ).toMatchObject({ status: 1, msg: REQUIRED[0]?.requiredMessage });
    // the ordinary one's single submit refuses the same way
    const ordinary = await owner.post<{ id: number; version: number }>('/api/capitalIncrease', {
      form: completeForm('北京示范科技有限公司增资项目（规范名称二）'),
    });
    expect(await owner.post(`/api/capitalIncrease/${ordinary.data.id}/submit`, ordinary.data)).toMatchObject({
      status: 1,
      msg: REQUIRED[0]?.requiredMessage,
    });
    expect(await instancesOf(id)).toEqual([]);
  });
});
