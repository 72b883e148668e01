// 机动车处置 on the server: the course from the owner's application to every vehicle dismantled (the vehicles
// entered and imported, the application e-signed and approved, the firm assigned, the appraisal confirmed, the
// listing letters signed in one batch, the deal with a qualified dismantler, the receipt and the dismantling records
// step by step); who may see what (another company's vehicles 404, the plates masked to the public); the dismantler's
// licence checked at the deal and at the receipt; the batch signature all or nothing; bad bodies answered with their
// Chinese message, nothing stored.
import {
  BREAKUP_PHOTO_TAG,
  DISINTEGRATE_PHOTO_TAG,
  formatDate,
  formatMessage,
  maskCarNumber,
  MAIN_ASSEMBLIES,
  MSG,
  PROJECT_DATA_CLASS,
  RECORD_DATA_CLASS,
  SHEET_IMPORT_TAG,
  type DismantlingRecord,
  type ProjectView,
  type SheetImportPreview,
  type TaskRow,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRecordFile } from '../../test/capital-increase-support.ts';
import { makePng } from '../../test/files.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  appraise,
  approveApplication,
  badVin,
  assignFirm,
  companyIdOf,
  confirmAppraisal,
  dealAll,
  DISMANTLER_MOBILE,
  draftDisposal,
  listAll,
  listingTasks,
  makePlate,
  makeVin,
  openCourse,
  OWNER_MOBILE,
  receiveAll,
  recordLicence,
  showDisposal,
  vehicle,
  type Course,
} from '../../test/vehicle-support.ts';
import {
  approveAction,
  clientOf,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

let t: TestApp;
let phone: CapturingSmsProvider;
let course: Course;
let stranger: Client;
let member: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    smsProvider: phone,
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' },
  });
  course = await openCourse(t, phone);
  stranger = clientOf(t, await loginAs(t.app, 'transferor2'));
  member = clientOf(t, await loginAs(t.app, 'member'));
});

afterAll(async () => {
  await t.close();
});

const expectRefused = (body: { status: number; msg: string }, message: string) => {
  expect(body.status).toBe(1);
  expect(body.msg).toBe(message);
};

/** A filled-in template of the given vehicles (the row of `bad` gets a VIN with a wrong check digit). */
async function templateOf(serials: readonly number[], bad?: number): Promise<Buffer> {
  const template = await t.app.inject({
    method: 'GET',
    url: '/api/project/motorVehicle/template',
    headers: { authorization: `Bearer ${course.ownerToken}` },
  });
  expect(template.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  for (const serial of serials) {
    const each = vehicle(serial);
    const vin = serial === bad ? badVin(serial) : each.vin;
    sheet.addRow([
      each.carNumber,
      vin,
      each.engineNo,
      each.brandModel,
      '小型汽车',
      '2010-05-18',
      320000,
      '已达报废标准',
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function uploadImport(projectId: number, content: Buffer): Promise<string> {
  return uploadRecordFile(
    t,
    course.ownerToken,
    { dataClass: PROJECT_DATA_CLASS, dataId: String(projectId) },
    SHEET_IMPORT_TAG,
    { name: '处置车辆清单.xlsx', content },
  );
}

describe('the draft: vehicles entered and imported', () => {
  it('checks a vehicle with the Chinese message of what is wrong, and stores nothing', async () => {
    const projectId = await draftDisposal(course, '车辆校验测试', 0);
    const bad = await course.owner.post('/api/project/disposalApply/item/save', {
      projectId,
      ...vehicle(1),
      vin: badVin(1),
    });
    expectRefused(bad, MSG.vehicleVinInvalid);
    expectRefused(
      await course.owner.post('/api/project/disposalApply/item/save', {
        projectId,
        ...vehicle(1),
        carNumber: '京A1',
      }),
      MSG.vehiclePlateInvalid,
    );
    expectRefused(
      await course.owner.post('/api/project/disposalApply/item/save', {
        projectId,
        ...vehicle(1),
        registrationDate: '2099-01-01',
      }),
      MSG.vehicleRegistrationDateFuture,
    );
    expect((await showDisposal(course.owner, projectId)).vehicles).toHaveLength(0);
    // the same VIN twice is refused, naming the vehicle already listed
    expect(
      (await course.owner.post('/api/project/disposalApply/item/save', { projectId, ...vehicle(1) })).status,
    ).toBe(0);
    expectRefused(
      await course.owner.post('/api/project/disposalApply/item/save', {
        projectId,
        ...vehicle(1),
        carNumber: makePlate(9),
      }),
      formatMessage(MSG.vehicleDuplicate, { plate: makePlate(1), vin: makeVin(1) }),
    );
  });

  it('imports the template with a preview naming the bad row, then stores the good rows only', async () => {
    const projectId = await draftDisposal(course, '车辆导入测试', 0);
    const uuid = await uploadImport(projectId, await templateOf([11, 12, 13], 12));
    const preview = await course.owner.post<SheetImportPreview>(
      '/api/project/motorVehicle/inputVehicleData/preview',
      {
        projectId,
        uuid,
      },
    );
    expect(preview.status, preview.msg).toBe(0);
    expect([preview.data.total, preview.data.valid, preview.data.invalid]).toEqual([3, 2, 1]);
    expect(preview.data.rows[1]?.errors).toContain(MSG.vehicleVinInvalid);
    expect((await showDisposal(course.owner, projectId)).vehicles).toHaveLength(0);
    const imported = await course.owner.post<{ imported: number; skipped: number }>(
      '/api/project/motorVehicle/inputVehicleData',
      { projectId, uuid },
    );
    expect(imported.data).toEqual({ imported: 2, skipped: 1 });
    const view = await showDisposal(course.owner, projectId);
    expect(view.vehicles.map((each) => each.carNumber)).toEqual([makePlate(11), makePlate(13)]);
    // the same file again: every row repeats a vehicle listed already
    const again = await course.owner.post<SheetImportPreview>(
      '/api/project/motorVehicle/inputVehicleData/preview',
      {
        projectId,
        uuid,
      },
    );
    expect(again.data.valid).toBe(0);
  });

  it('answers another company 404 for the disposal and its vehicles, and changes nothing', async () => {
    const projectId = await draftDisposal(course, '车辆权限测试', 1, 21);
    const view = await showDisposal(course.owner, projectId);
    const item = view.vehicles[0];
    if (item === undefined) throw new Error('no vehicle');
    expect((await stranger.get(`/api/project/disposalApply/show/${projectId}`)).status).toBe(404);
    expect((await stranger.get(`/api/project/disposalApply/item/${item.id}`)).status).toBe(404);
    const changed = await stranger.post(`/api/project/disposalApply/item/update/${item.id}`, {
      version: item.version,
      ...vehicle(22),
    });
    expect(changed.status).toBe(404);
    expect(
      (await stranger.post(`/api/project/disposalApply/item/delete/${item.id}`, { version: item.version }))
        .status,
    ).toBe(404);
    // a draft is nobody's business but its owner's, not even the public's
    expect((await member.get(`/api/project/disposalApply/show/${projectId}`)).status).toBe(404);
    expect((await showDisposal(course.owner, projectId)).vehicles[0]?.carNumber).toBe(makePlate(21));
  });

  it('refuses to submit an application without vehicles', async () => {
    const projectId = await draftDisposal(course, '无车辆申请', 0);
    const status = await course.owner.get<{ version: number }>(`/api/project/status/${projectId}`);
    expectRefused(
      await course.owner.post(`/api/project/disposalApply/${projectId}/submit`, {
        version: status.data.version,
      }),
      MSG.vehicleNoneListed,
    );
  });
});

describe('the course to every vehicle dismantled', () => {
  let projectId: number;

  it('approves the application, and the exchange assigns the firm, which finds its task', async () => {
    projectId = await draftDisposal(course, '示范报废公务车辆处置', 3, 31);
    await approveApplication(course, projectId);
    const project = await course.owner.post<ProjectView>(`/api/project/show/${projectId}`, { id: projectId });
    expect(project.data.status).toBe('appraising');
    // the vehicles are fixed once applied for
    const item = (await showDisposal(course.owner, projectId)).vehicles[0];
    expectRefused(
      await course.owner.post(`/api/project/disposalApply/item/update/${item?.id ?? 0}`, {
        version: item?.version ?? 0,
        ...vehicle(31),
      }),
      MSG.projectsNotEditable,
    );
    // only the exchange assigns
    const view = await showDisposal(course.exchange, projectId);
    expect(view.can.assign).toBe(true);
    const byOwner = await course.owner.post('/api/project/disposalApply/assign', {
      projectId,
      version: view.version,
      companyId: await companyIdOf(t, 'assessment'),
    });
    expect([byOwner.status, byOwner.msg]).toEqual([1, MSG.vehicleAssignExchangeOnly]);
    await assignFirm(course, projectId);
    const todo = await course.firm.post<{ list: TaskRow[] }>('/api/task/list/todoEstimate', {
      page: 1,
      size: 20,
    });
    expect(todo.data.list.map((task) => task.actionTitle)).toContain('车辆评估');
    const firmView = await showDisposal(course.firm, projectId);
    expect(firmView.role).toBe('appraiser');
    expect(firmView.can.appraise).toBe(true);
    // the firm sees the vehicles it values, their plates masked
    expect(firmView.vehicles[0]?.carNumber).toBe(maskCarNumber(makePlate(31)));
  });

  it('takes the appraisal only complete, with its report, and the owner confirms it', async () => {
    const view = await showDisposal(course.firm, projectId);
    const partial = await course.firm.post<{ version: number }>(
      '/api/project/disposalApply/assessment/save',
      {
        projectId,
        version: view.version,
        appraisalBaseDate: '2026-11-30',
        vehicles: [
          { id: view.vehicles[0]?.id ?? 0, appraisedValue: 150_000, appraisalOpinion: '按残值评估' },
        ],
      },
    );
    expect(partial.status, partial.msg).toBe(0);
    expectRefused(
      await course.firm.post('/api/project/disposalApply/assessment/submit', {
        projectId,
        version: partial.data.version,
      }),
      formatMessage(MSG.vehicleAppraisalIncomplete, { plate: maskCarNumber(makePlate(32)) }),
    );
    // a negative value is refused with its message
    expectRefused(
      await course.firm.post('/api/project/disposalApply/assessment/save', {
        projectId,
        version: partial.data.version,
        appraisalBaseDate: '2026-11-30',
        vehicles: [{ id: view.vehicles[0]?.id ?? 0, appraisedValue: -1, appraisalOpinion: '' }],
      }),
      MSG.vehicleAppraisedValueInvalid,
    );
    // an expert's opinion, recorded by the firm, reaches the owner
    const expert = await course.firm.post('/api/project/disposalApply/expert/save', {
      projectId,
      expertName: '李工',
      organisation: '北京市机动车检测中心',
      opinion: '三辆车均已达到强制报废标准。',
    });
    expect(expert.status, expert.msg).toBe(0);
    await appraise(course, projectId);
    const owned = await showDisposal(course.owner, projectId);
    expect(owned.can.confirm).toBe(true);
    expect(owned.experts.map((each) => each.expertName)).toEqual(['李工']);
    expect(owned.vehicles.every((each) => each.state === 'appraised')).toBe(true);
    await confirmAppraisal(course, projectId);
    const confirmed = await showDisposal(course.owner, projectId);
    expect(
      confirmed.vehicles.every((each) => each.state === 'confirmed' && each.letterKind === 'hangingTag'),
    ).toBe(true);
    expect(confirmed.vehicles.map((each) => each.listingPrice)).toEqual([120_000, 120_100, 120_200]);
  });

  it('signs the listing letters in one batch: every vehicle listed, the disclosure started', async () => {
    const tasks = await listingTasks(course);
    const mine = tasks.filter((task) => task.projectId === projectId);
    expect(mine).toHaveLength(3);
    const whether = await course.owner.post<{ batch: boolean }>('/api/task/whether/batch', {
      taskIds: mine.map((task) => task.id),
    });
    expect(whether.data.batch).toBe(true);
    await listAll(course, projectId);
    const view = await showDisposal(course.owner, projectId);
    expect(view.vehicles.every((each) => each.state === 'listed')).toBe(true);
    expect(view.status).toBe('disclosing');
    expect(view.disclosureEnd).not.toBeNull();
    // a listed disposal is public: a member reads its vehicles with the plates masked, without VIN
    const seen = await showDisposal(member, projectId);
    expect(seen.role).toBe('public');
    expect(seen.vehicles.map((each) => each.carNumber)).toEqual(
      [31, 32, 33].map((serial) => maskCarNumber(makePlate(serial))),
    );
    expect(seen.vehicles.every((each) => each.vin === '' && each.carNumberPublish.endsWith('****'))).toBe(
      true,
    );
    // another owner is no party to the sale: still 404
    expect((await stranger.get(`/api/project/disposalApply/show/${projectId}`)).status).toBe(404);
  });

  it('deals the vehicles only with a qualified dismantler at no less than their listing price', async () => {
    const view = await showDisposal(course.exchange, projectId);
    const buyer = await companyIdOf(t, 'disassembly');
    const vehicles = view.vehicles.map((each) => ({ id: each.id, dealPrice: each.listingPrice }));
    // the exchange confirms a deal, not the owner selling its vehicles
    expectRefused(
      await course.owner.post('/api/project/motorVehicle/dealConfirm', {
        projectId,
        version: view.version,
        buyerCompanyId: buyer,
        vehicles,
      }),
      MSG.vehicleDealExchangeOnly,
    );
    expectRefused(
      await course.exchange.post('/api/project/motorVehicle/dealConfirm', {
        projectId,
        version: view.version,
        buyerCompanyId: await companyIdOf(t, 'member'),
        vehicles,
      }),
      MSG.vehicleBuyerNotDismantler,
    );
    expectRefused(
      await course.exchange.post('/api/project/motorVehicle/dealConfirm', {
        projectId,
        version: view.version,
        buyerCompanyId: buyer,
        vehicles: [{ id: vehicles[0]?.id ?? 0, dealPrice: 100 }],
      }),
      formatMessage(MSG.vehicleDealPriceBelowListing, {
        plate: maskCarNumber(makePlate(31)),
        price: '1,200.00',
      }),
    );
    // an expired licence refuses the deal
    await recordLicence(course, { validFrom: '2020-01-01', validTo: '2025-12-31' });
    expectRefused(
      await course.exchange.post('/api/project/motorVehicle/dealConfirm', {
        projectId,
        version: view.version,
        buyerCompanyId: buyer,
        vehicles,
      }),
      formatMessage(MSG.vehicleLicenceExpired, { date: '2025-12-31' }),
    );
    expect((await course.exchange.get<unknown[]>('/api/project/motorVehicle/dismantlers')).data).toEqual([]);
    await recordLicence(course, { validFrom: '2025-01-01', validTo: '2030-12-31' });
    await dealAll(course, projectId);
    const dealt = await showDisposal(course.dismantler, projectId);
    expect(dealt.role).toBe('dismantler');
    expect(dealt.status).toBe('dealt');
    expect(dealt.can.receive).toBe(true);
    const todo = await course.dismantler.post<{ list: TaskRow[] }>('/api/task/list/todo', {
      page: 1,
      size: 20,
    });
    expect(todo.data.list.map((task) => task.actionTitle)).toContain('接收申请');
  });

  it('receives the vehicles only with a licence in force, opening a record per vehicle', async () => {
    const view = await showDisposal(course.dismantler, projectId);
    await recordLicence(course, { validFrom: '2020-01-01', validTo: '2025-12-31' });
    expectRefused(
      await course.dismantler.post('/api/project/motorVehicle/receiving', {
        projectId,
        version: view.version,
        receiveDate: formatDate(t.clock.now()),
        place: '示范拆解厂',
        transport: '拖车',
        handler: '赵师傅',
        handlerMobile: DISMANTLER_MOBILE,
      }),
      formatMessage(MSG.vehicleLicenceExpired, { date: '2025-12-31' }),
    );
    await recordLicence(course, { validFrom: '2025-01-01', validTo: '2030-12-31' });
    expectRefused(
      await course.dismantler.post('/api/project/motorVehicle/receiving', {
        projectId,
        version: view.version,
        receiveDate: formatDate(t.clock.now()),
        place: '',
        transport: '拖车',
        handler: '赵师傅',
        handlerMobile: DISMANTLER_MOBILE,
      }),
      '请填写接收地点',
    );
    await receiveAll(course, projectId, formatDate(t.clock.now()));
    const received = await showDisposal(course.dismantler, projectId);
    expect(received.vehicles.every((each) => each.state === 'received' && each.recordId !== null)).toBe(true);
  });

  it('keeps each record step by step, verified one by one, submitted and e-signed: the project closes', async () => {
    const view = await showDisposal(course.dismantler, projectId);
    const today = formatDate(t.clock.now());
    for (const [index, each] of view.vehicles.entries()) {
      const id = each.recordId ?? 0;
      const read = async () =>
        (await course.dismantler.get<DismantlingRecord>(`/api/record/show/${id}`)).data;
      let record = await read();
      const step = async (stepKey: string, data: Record<string, unknown>) => {
        const saved = await course.dismantler.post<{ version: number }>('/api/record/update', {
          id,
          version: record.version,
          step: stepKey,
          data,
        });
        expect(saved.status, saved.msg).toBe(0);
        const verified = await course.dismantler.post('/api/record/verify/step', {
          id,
          version: saved.data.version,
        });
        expect(verified.status, verified.msg).toBe(0);
        record = await read();
      };
      // a step out of order is refused
      expectRefused(
        await course.dismantler.post('/api/record/update', {
          id,
          version: record.version,
          step: 'breakup',
          data: {},
        }),
        MSG.recordStepNotCurrent,
      );
      await step('entry', {
        entryDate: today,
        assemblyState: 'complete',
        certificateNo: `BJ2026${String(index + 1).padStart(8, '0')}`,
        certificateDate: today,
      });
      // no photo, no breakup
      await course.dismantler.post('/api/record/update', {
        id,
        version: record.version,
        step: 'breakup',
        data: { breakupDate: today, fluids: '已回收燃油、机油、冷却液' },
      });
      record = await read();
      expectRefused(
        await course.dismantler.post('/api/record/verify/step', { id, version: record.version }),
        MSG.recordBreakupPhotoRequired,
      );
      await uploadRecordFile(
        t,
        course.dismantlerToken,
        { dataClass: RECORD_DATA_CLASS, dataId: String(id) },
        BREAKUP_PHOTO_TAG,
        {
          name: '拆解.png',
          content: makePng(),
        },
      );
      await step('breakup', { breakupDate: today, fluids: '已回收燃油、机油、冷却液' });
      // back to the step before, and on again
      const back = await course.dismantler.post('/api/record/back/last/step', {
        id,
        version: record.version,
      });
      expect(back.status, back.msg).toBe(0);
      record = await read();
      expect(record.currentStep).toBe(1);
      const again = await course.dismantler.post('/api/record/verify/step', { id, version: record.version });
      expect(again.status, again.msg).toBe(0);
      record = await read();
      await uploadRecordFile(
        t,
        course.dismantlerToken,
        { dataClass: RECORD_DATA_CLASS, dataId: String(id) },
        DISINTEGRATE_PHOTO_TAG,
        { name: '解体.png', content: makePng() },
      );
      await step(
        'disintegrate',
        Object.fromEntries([
          ['disintegrateDate', today],
          ...MAIN_ASSEMBLIES.flatMap((assembly) => [
            [`${assembly.key}Destination`, 'scrapSteel'],
            [`${assembly.key}Enterprise`, '首钢集团有限公司'],
          ]),
        ]),
      );
      expect(record.currentStep).toBe(3);
      const submitted = await course.dismantler.post('/api/record/submit', { id, version: record.version });
      expect(submitted.status, submitted.msg).toBe(0);
      record = await read();
      expect(record.status).toBe('letterGenerated');
      t.clock.advance(61_000);
      expect((await course.dismantler.post('/api/record/sign/otp', { id })).status).toBe(0);
      const signed = await course.dismantler.post(
        '/api/record/signature',
        signRequest({
          dataId: id,
          taskId: record.taskId ?? 0,
          type: 'EicSre',
          otp: phone.lastCodeTo(DISMANTLER_MOBILE),
        }),
      );
      expect(signed.status, signed.msg).toBe(0);
    }
    const closed = await showDisposal(course.owner, projectId);
    expect(closed.status).toBe('closed');
    expect(closed.vehicles.map((each) => [each.state, each.certificateNo])).toEqual([
      ['dismantled', 'BJ202600000001'],
      ['dismantled', 'BJ202600000002'],
      ['dismantled', 'BJ202600000003'],
    ]);
  });
});

describe('the batch signature', () => {
  it('refuses the whole batch when one vehicle cannot be signed, and signs none', async () => {
    const first = await draftDisposal(course, '批量签章原子性（一）', 2, 41);
    const second = await draftDisposal(course, '批量签章原子性（二）', 1, 51);
    for (const projectId of [first, second]) {
      await approveApplication(course, projectId);
      await assignFirm(course, projectId);
      await appraise(course, projectId);
      await confirmAppraisal(course, projectId);
    }
    const tasks = (await listingTasks(course)).filter((task) =>
      [first, second].includes(task.projectId ?? 0),
    );
    expect(tasks).toHaveLength(3);
    // the second disposal's vehicle is signed alone first: its task is handled when the batch comes
    const lone = (await showDisposal(course.owner, second)).vehicles[0];
    if (lone === undefined) throw new Error('no vehicle');
    t.clock.advance(61_000);
    await course.owner.post('/api/project/motorVehicle/sign/otp', { itemIds: [lone.id] });
    const single = await course.owner.post(
      '/api/project/motorVehicle/signature',
      signRequest({
        dataId: lone.id,
        taskId: lone.taskId ?? 0,
        type: 'EicSre',
        otp: phone.lastCodeTo(OWNER_MOBILE),
      }),
    );
    expect(single.status, single.msg).toBe(0);
    const firstItems = (await showDisposal(course.owner, first)).vehicles;
    t.clock.advance(61_000);
    await course.owner.post('/api/project/motorVehicle/sign/otp', {
      itemIds: [...firstItems.map((each) => each.id)],
    });
    const batch = await course.owner.post('/api/project/motorVehicle/signatureAndSubmit', {
      taskIds: tasks.map((task) => task.id),
      otp: phone.lastCodeTo(OWNER_MOBILE),
    });
    expect(batch.status).not.toBe(0);
    const after = await showDisposal(course.owner, first);
    expect(after.vehicles.map((each) => each.state)).toEqual(['confirmed', 'confirmed']);
    expect(after.status).toBe('appraising');
    // another company's tasks in a batch: 404, nothing signed
    const foreign = await stranger.post('/api/project/motorVehicle/signatureAndSubmit', {
      taskIds: firstItems.map((each) => each.taskId ?? 0),
      otp: '123456',
    });
    expect(foreign.status).toBe(404);
  });

  it('discloses the unsold vehicles again only once their listing period is over', async () => {
    const projectId = await draftDisposal(course, '重新披露', 1, 61);
    await approveApplication(course, projectId);
    await assignFirm(course, projectId);
    await appraise(course, projectId);
    await confirmAppraisal(course, projectId);
    await listAll(course, projectId);
    const base = '/api/project/motorVehicle/rediscovery';
    const early = await course.owner.post<{ id: number; version: number }>(`${base}/create`, { projectId });
    expect(early.status, early.msg).toBe(0);
    const saved = await course.owner.post<{ version: number }>(`${base}/save`, {
      ...early.data,
      form: { reason: '挂牌期满仍有车辆未成交', disclosureDays: 10 },
    });
    await uploadApplicationFile(t, course.ownerToken, early.data.id);
    expectRefused(
      await course.owner.post(`${base}/submit`, { id: early.data.id, version: saved.data.version }),
      MSG.vehicleRediscoveryRefused,
    );
    // the refused draft is discarded
    const discarded = await course.owner.post(`${base}/termination/terminate`, {
      id: early.data.id,
      version: saved.data.version,
    });
    expect(discarded.status, discarded.msg).toBe(0);
    // the period passed with the vehicle unsold (the project's end moved back: sessions live by the same clock), the
    // application is e-signed and approved into a new period
    const ended = new Date(t.clock.now().getTime() - 86_400_000);
    await t.db.execute(sql`update projects set disclosure_end = ${ended} where id = ${projectId}`);
    await approveAction({
      family: 'motorVehicle',
      t,
      phone,
      mobile: OWNER_MOBILE,
      ownerToken: course.ownerToken,
      exchange: course.exchange,
      projectId,
      action: 'rediscovery',
      form: { reason: '挂牌期满仍有车辆未成交', disclosureDays: 10 },
    });
    const again = await showDisposal(course.owner, projectId);
    expect(again.status).toBe('disclosing');
    expect(new Date(again.disclosureEnd ?? '').getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(again.vehicles.map((each) => each.state)).toEqual(['listed']);
  });
});

describe('/api/docs', () => {
  it('names the disposal, motor-vehicle, record and batch-task calls as the spec does, and the old names are gone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/project/disposalApply',
        '/api/project/disposalApply/{id}/submit',
        '/api/project/disposalApply/item/save',
        '/api/project/disposalApply/assessment/submit',
        '/api/project/disposalApply/result/confirm',
        '/api/project/motorVehicle/inputVehicleData',
        '/api/project/motorVehicle/signatureAndSubmit',
        '/api/project/motorVehicle/revoke',
        '/api/project/motorVehicle/dealConfirm',
        '/api/project/motorVehicle/receiving',
        '/api/project/motorVehicle/{id}/processLog',
        '/api/record/update',
        '/api/record/show/{id}',
        '/api/record/back/last/step',
        '/api/record/verify/step',
        '/api/record/submit',
        '/api/record/signature',
        '/api/record/termination',
        '/api/task/batch/tasks/{family}/{action}',
        '/api/task/whether/batch',
      ]),
    );
    expect(paths.filter((path) => /^\/api\/project\/(vehicle|disposal)\//.test(path))).toEqual([]);
  });
});
