// Shared by the capital-increase tests: a complete project form, the upload of a project's file, and the owner's
// e-signature of an action's letter followed by the exchange's approval.
import {
  composeCreditCode,
  type ActionView,
  type CapitalIncreaseProjectForm,
  type ProjectView,
  type UploadResult,
} from '@cqjy/domain';
import { expect } from 'vitest';
import { buildMultipart, makePdf } from './files.ts';
import { bearer, readJson, type CapturingSmsProvider, type TestApp } from './harness.ts';
import { signRequest, type Client } from './workflow-support.ts';
import { CAPITAL_INCREASE_ATTACHMENTS } from '@cqjy/domain';

export const OWNER_MOBILE = '13800000001';
export const REQUIRED_FILES = CAPITAL_INCREASE_ATTACHMENTS.filter(
  (entry) => entry.requiredMessage !== undefined,
);

export function capitalIncreaseForm(name: string, preDisclosureDays?: number): CapitalIncreaseProjectForm {
  return {
    name,
    enterpriseName: '北京示范科技有限公司',
    creditCode: composeCreditCode('110000', '20250001'),
    legalRepresentative: '李明',
    region: '110100',
    industry: 'I',
    economyType: '2',
    enterpriseType: '1',
    scale: '2',
    foundedOn: '2008-06-18',
    shareholders: [{ name: '北京示范国有资产经营有限公司', share: 1_000_000 }],
    capitalBefore: 100_000_000_00,
    capitalAdded: 25_000_000_00,
    capitalAfter: 125_000_000_00,
    raiseMin: 60_000_000_00,
    raiseMax: 80_000_000_00,
    offeredShare: 200_000,
    increaseType: '1',
    fundUse: '用于新产品研发及补充流动资金。',
    investorCount: 2,
    investorConditions: '意向投资方应为依法设立并有效存续的企业法人。',
    selectionMethod: 'evaluation',
    depositAmount: 10_000_000_00,
    depositDeadline: '2027-03-20',
    ...(preDisclosureDays === undefined ? {} : { preDisclosureDays }),
    disclosureDays: 40,
    announcement: '北京示范科技有限公司拟通过增资扩股引入2家投资方。',
    contactName: '王经理',
    contactMobile: OWNER_MOBILE,
  };
}

/** Uploads a file of a record (a project's attachment, an investor's qualification file ...) under `tag`. */
export async function uploadRecordFile(
  t: TestApp,
  token: string,
  record: { dataClass: string; dataId?: string; createId?: string },
  tag: string,
  file: { name: string; content: Buffer } = { name: `${tag}.pdf`, content: makePdf() },
): Promise<string> {
  const { payload, headers } = buildMultipart({ command: 'upload', tag, ...record }, file);
  const body = readJson<UploadResult>(
    await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...headers, ...bearer(token) },
      payload,
    }),
  );
  expect(body.status, body.msg).toBe(0);
  const uuid = body.data[tag]?.[0]?.uuid;
  if (uuid === undefined) throw new Error('upload answered no file');
  return uuid;
}

export type CourseParties = {
  t: TestApp;
  phone: CapturingSmsProvider;
  owner: Client;
  exchange: Client;
};

/** The owner signs the letter of an action (its calls under `base`), then the exchange approves it. */
export async function signAndApprove(
  parties: CourseParties,
  base: string,
  actionId: number,
  taskId: number,
): Promise<Date> {
  const { t, phone, owner, exchange } = parties;
  t.clock.advance(61_000);
  expect((await owner.post('/api/workflow/sign/otp', { dataId: actionId })).status).toBe(0);
  const signed = await owner.post(
    `${base}/signature`,
    signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(OWNER_MOBILE) }),
  );
  expect(signed.status, signed.msg).toBe(0);
  const view = await exchange.get<ActionView>(`${base}/show/${actionId}`);
  expect(view.data.openTask?.type, view.msg).toBe('Review');
  const approvedAt = t.clock.now();
  const passed = await exchange.post('/api/task/signoff/cap', {
    ...signRequest({ dataId: actionId, taskId: view.data.openTask?.id ?? 0, type: 'Review' }),
    result: 'pass',
  });
  expect(passed.status, passed.msg).toBe(0);
  return approvedAt;
}

/** A capital increase of the owner taken through its files, letter and approval into its disclosure. */
export async function discloseCapitalIncrease(
  parties: CourseParties & { ownerToken: string },
  family: 'cap' | 'capOpen',
  name: string,
): Promise<ProjectView> {
  const { t, owner, ownerToken } = parties;
  const created = await owner.post<{ id: number; version: number }>(`/api/project/${family}/check/save`, {
    form: capitalIncreaseForm(name),
  });
  expect(created.status, created.msg).toBe(0);
  const { id } = created.data;
  for (const entry of REQUIRED_FILES) {
    await uploadRecordFile(t, ownerToken, { dataClass: 'project', dataId: String(id) }, entry.tag);
  }
  const submit = family === 'cap' ? 'submit' : 'submitFormal';
  const submitted = await owner.post<{ actionId: number; taskId: number }>(
    `/api/project/${family}/${submit}/${id}`,
    { version: created.data.version },
  );
  expect(submitted.status, submitted.msg).toBe(0);
  await signAndApprove(
    parties,
    `/api/project/${family}/disclosure`,
    submitted.data.actionId,
    submitted.data.taskId,
  );
  const project = await owner.post<ProjectView>(`/api/project/show/${id}`);
  expect(project.data.status).toBe('disclosing');
  return project.data;
}
