// Shared by the vehicle-disposal tests: valid vehicles (GB 16735 VINs with their check digit, GA 36 plates), and
// the course driven through the calls step by step — the application drafted and approved, the firm assigned, the
// appraisal given and confirmed, the listing letters signed, the deal, the receipt — so each test starts where it
// needs to.
import {
  DISMANTLER_LICENCE_DATA_CLASS,
  DISMANTLER_LICENCE_TAG,
  DISPOSAL_APPROVAL_TAG,
  PROJECT_DATA_CLASS,
  VEHICLE_APPRAISAL_REPORT_TAG,
  VEHICLE_DISPOSAL_DATA_CLASS,
  vinCheckDigit,
  type MotorVehicleForm,
  type TaskRow,
  type VehicleDisposalView,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../db/client.ts';
import { uploadRecordFile } from './capital-increase-support.ts';
import { loginAs, type CapturingSmsProvider, type TestApp } from './harness.ts';
import { clientOf, enrolSigner, signRequest, type Client } from './workflow-support.ts';

export const OWNER_MOBILE = '13800000001';
export const DISMANTLER_MOBILE = '13800000006';

/** A VIN of GB 16735 whose last six characters are `serial`, with its check digit. */
export function makeVin(serial: number): string {
  const draft = `LSVAU2180N2${String(serial).padStart(6, '0')}`;
  const check = vinCheckDigit(draft) ?? '0';
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

/** makeVin's VIN with a wrong check digit. */
export function badVin(serial: number): string {
  const vin = makeVin(serial);
  return `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
}

/** A plate of the ordinary series: 京A and five digits. */
export function makePlate(serial: number): string {
  return `京A${String(serial).padStart(5, '0')}`;
}

export function vehicle(serial: number) {
  return {
    carNumber: makePlate(serial),
    vin: makeVin(serial),
    engineNo: `E${String(serial).padStart(7, '0')}`,
    brandModel: '大众牌SVW7182',
    vehicleType: 'car',
    registrationDate: '2010-05-18',
    mileage: 320_000 + serial,
    condition: 'scrapped',
    remark: '',
  };
}

export function disposalForm(name: string): MotorVehicleForm {
  return {
    name,
    applicantNature: 'stateEnterprise',
    approvalBody: '北京市人民政府国有资产监督管理委员会',
    approvalNo: '京国资〔2026〕18号',
    disposalReason: '车辆已达国家机动车强制报废标准，申请报废处置。',
    vehicleLocation: '北京市朝阳区示范路8号停车场',
    disclosureDays: 10,
    contactName: '王经理',
    contactMobile: OWNER_MOBILE,
  };
}

/**
 * Puts a motor-vehicle disposal where its re-disclosure (重新披露) may be applied for, without the course before it:
 * one vehicle listed and unsold, and the listing period over by the test clock. For the suites that run every
 * action of the engine on a bare project.
 */
export async function makeRediscoverable(t: TestApp, projectId: number, serial = 1): Promise<void> {
  const ended = new Date(t.clock.now().getTime() - 86_400_000);
  await t.db.execute(sql`update projects set disclosure_end = ${ended} where id = ${projectId}`);
  await t.db.execute(sql`
    insert into disposal_apply_items (project_id, company_id, no, car_number, vin, engine_no, brand_model,
      vehicle_type, registration_date, mileage, condition, state, appraised_value, listing_price, listed_at)
    select id, company_id, ${serial}, ${makePlate(serial)}, ${makeVin(serial)}, ${`E${String(serial).padStart(7, '0')}`},
      '大众 帕萨特', 'car', '2012-06-01', 180000, 'scrapped', 'listed', 120000, 120000, disclosure_start
    from projects where id = ${projectId}`);
}

export type Course = {
  t: TestApp;
  phone: CapturingSmsProvider;
  ownerToken: string;
  owner: Client;
  exchange: Client;
  firmToken: string;
  firm: Client;
  dismantlerToken: string;
  dismantler: Client;
};

/** Signs the parties in (their letters' signers enrolled) and records the dismantler's licence, valid 2025-2030. */
export async function openCourse(t: TestApp, phone: CapturingSmsProvider): Promise<Course> {
  const ownerToken = await loginAs(t.app, 'transferor');
  const firmToken = await loginAs(t.app, 'assessment');
  const dismantlerToken = await loginAs(t.app, 'disassembly');
  await enrolSigner(t, 'transferor');
  await enrolSigner(t, 'disassembly');
  const course: Course = {
    t,
    phone,
    ownerToken,
    owner: clientOf(t, ownerToken),
    exchange: clientOf(t, await loginAs(t.app, 'admin')),
    firmToken,
    firm: clientOf(t, firmToken),
    dismantlerToken,
    dismantler: clientOf(t, dismantlerToken),
  };
  await recordLicence(course, { validFrom: '2025-01-01', validTo: '2030-12-31' });
  return course;
}

/** The dismantler's licence, its scan uploaded first. */
export async function recordLicence(course: Course, validity: { validFrom: string; validTo: string }) {
  const { t, dismantler, dismantlerToken } = course;
  const companyId = await companyIdOf(t, 'disassembly');
  await uploadRecordFile(
    t,
    dismantlerToken,
    { dataClass: DISMANTLER_LICENCE_DATA_CLASS, dataId: String(companyId) },
    DISMANTLER_LICENCE_TAG,
  );
  const current = await dismantler.get<{ version: number }>('/api/project/motorVehicle/licence');
  const saved = await dismantler.post('/api/project/motorVehicle/licence', {
    version: current.data.version,
    licenceNo: '京报废回收（2025）第018号',
    issuer: '北京市商务局',
    ...validity,
  });
  expect(saved.status, saved.msg).toBe(0);
}

export async function companyIdOf(t: TestApp, username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select c.id from companies c join operators o on o.company_id = c.id join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no company of ${username}`);
  return id;
}

export const showDisposal = async (client: Client, projectId: number) => {
  const view = await client.get<VehicleDisposalView>(`/api/project/disposalApply/show/${projectId}`);
  expect(view.status, view.msg).toBe(0);
  return view.data;
};

/** A draft disposal of the owner with `count` vehicles (serials from `first`) and its approval file. */
export async function draftDisposal(course: Course, name: string, count: number, first = 1): Promise<number> {
  const { t, owner, ownerToken } = course;
  const created = await owner.post<{ id: number }>('/api/project/disposalApply', {
    form: disposalForm(name),
  });
  expect(created.status, created.msg).toBe(0);
  const projectId = created.data.id;
  for (let i = 0; i < count; i += 1) {
    const saved = await owner.post('/api/project/disposalApply/item/save', {
      projectId,
      ...vehicle(first + i),
    });
    expect(saved.status, saved.msg).toBe(0);
  }
  await uploadRecordFile(
    t,
    ownerToken,
    { dataClass: PROJECT_DATA_CLASS, dataId: String(projectId) },
    DISPOSAL_APPROVAL_TAG,
  );
  return projectId;
}

/** The application submitted, its letter e-signed by the owner and passed by the exchange: 评估中. */
export async function approveApplication(course: Course, projectId: number): Promise<void> {
  const { t, phone, owner, exchange } = course;
  const status = await owner.get<{ version: number }>(`/api/project/status/${projectId}`);
  const submitted = await owner.post<{ actionId: number; taskId: number }>(
    `/api/project/disposalApply/${projectId}/submit`,
    { version: status.data.version },
  );
  expect(submitted.status, submitted.msg).toBe(0);
  const { actionId, taskId } = submitted.data;
  t.clock.advance(61_000);
  expect((await owner.post('/api/workflow/sign/otp', { dataId: actionId })).status).toBe(0);
  const signed = await owner.post(
    '/api/project/motorVehicle/disclosure/signature',
    signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(OWNER_MOBILE) }),
  );
  expect(signed.status, signed.msg).toBe(0);
  const review = await exchange.get<{ openTask: { id: number } | null }>(
    `/api/project/motorVehicle/disclosure/show/${actionId}`,
  );
  const passed = await exchange.post('/api/task/signoff/default', {
    ...signRequest({ dataId: actionId, taskId: review.data.openTask?.id ?? 0, type: 'Review' }),
    result: 'pass',
  });
  expect(passed.status, passed.msg).toBe(0);
}

/** The exchange assigns the demo assessment institution. */
export async function assignFirm(course: Course, projectId: number): Promise<void> {
  const view = await showDisposal(course.exchange, projectId);
  const firmId = await companyIdOf(course.t, 'assessment');
  const assigned = await course.exchange.post('/api/project/disposalApply/assign', {
    projectId,
    version: view.version,
    companyId: firmId,
  });
  expect(assigned.status, assigned.msg).toBe(0);
}

/** The firm values every vehicle at 1,200 yuan plus its serial, uploads its report and submits. */
export async function appraise(course: Course, projectId: number): Promise<void> {
  const { t, firm, firmToken } = course;
  const view = await showDisposal(firm, projectId);
  const saved = await firm.post<{ version: number }>('/api/project/disposalApply/assessment/save', {
    projectId,
    version: view.version,
    appraisalBaseDate: '2026-11-30',
    vehicles: view.vehicles.map((each, i) => ({
      id: each.id,
      appraisedValue: 120_000 + i * 100,
      appraisalOpinion: '车辆已达报废标准，按残值评估。',
    })),
  });
  expect(saved.status, saved.msg).toBe(0);
  await uploadRecordFile(
    t,
    firmToken,
    { dataClass: VEHICLE_DISPOSAL_DATA_CLASS, dataId: String(projectId) },
    VEHICLE_APPRAISAL_REPORT_TAG,
  );
  const submitted = await firm.post('/api/project/disposalApply/assessment/submit', {
    projectId,
    version: saved.data.version,
  });
  expect(submitted.status, submitted.msg).toBe(0);
}

/** The owner confirms the appraisal: every vehicle's listing letter waits for its signature. */
export async function confirmAppraisal(course: Course, projectId: number): Promise<void> {
  const view = await showDisposal(course.owner, projectId);
  const confirmed = await course.owner.post('/api/project/disposalApply/result/confirm', {
    projectId,
    version: view.version,
  });
  expect(confirmed.status, confirmed.msg).toBe(0);
}

/** The owner's open listing tasks (the batch screen's). */
export async function listingTasks(course: Course): Promise<TaskRow[]> {
  const tasks = await course.owner.get<TaskRow[]>('/api/task/batch/tasks/motorVehicle/hangingTag');
  expect(tasks.status, tasks.msg).toBe(0);
  return tasks.data;
}

/** Signs the listing letters of `projectId`'s vehicles in one batch. */
export async function listAll(course: Course, projectId: number): Promise<void> {
  const { t, phone, owner } = course;
  const view = await showDisposal(owner, projectId);
  const itemIds = view.vehicles.map((each) => each.id);
  const taskIds = view.vehicles.map((each) => each.taskId ?? 0);
  t.clock.advance(61_000);
  expect((await owner.post('/api/project/motorVehicle/sign/otp', { itemIds })).status).toBe(0);
  const signed = await owner.post<{ count: number }>('/api/project/motorVehicle/signatureAndSubmit', {
    taskIds,
    otp: phone.lastCodeTo(OWNER_MOBILE),
    passDate: '2026-12-01 10:00:00',
  });
  expect(signed.status, signed.msg).toBe(0);
  expect(signed.data.count).toBe(itemIds.length);
}

/** The exchange deals every listed vehicle to the demo dismantler at its listing price. */
export async function dealAll(course: Course, projectId: number): Promise<void> {
  const view = await showDisposal(course.exchange, projectId);
  const dealt = await course.exchange.post('/api/project/motorVehicle/dealConfirm', {
    projectId,
    version: view.version,
    buyerCompanyId: await companyIdOf(course.t, 'disassembly'),
    vehicles: view.vehicles
      .filter((each) => each.state === 'listed')
      .map((each) => ({ id: each.id, dealPrice: each.listingPrice })),
  });
  expect(dealt.status, dealt.msg).toBe(0);
}

/** The dismantler receives every vehicle dealt to it. */
export async function receiveAll(course: Course, projectId: number, receiveDate: string): Promise<void> {
  const view = await showDisposal(course.dismantler, projectId);
  const received = await course.dismantler.post('/api/project/motorVehicle/receiving', {
    projectId,
    version: view.version,
    receiveDate,
    place: '北京市大兴区示范拆解厂',
    transport: '平板拖车运输',
    handler: '赵师傅',
    handlerMobile: DISMANTLER_MOBILE,
  });
  expect(received.status, received.msg).toBe(0);
}
