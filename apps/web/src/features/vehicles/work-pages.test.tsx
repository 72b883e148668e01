// The firm's and the dismantler's vehicle pages against a fake server: a dismantling record's 拆解 step without a
// photo is refused with the domain's message and nothing is verified; its letter, once the panel hands over the
// request, is signed by the page with the record's id and its task's; the firm's values go out in fen.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { DisposalVehicle, VehicleDisposalView } from '@cqjy/domain/vehicle-views';
import type { DismantlingRecord } from '@cqjy/domain/vehicle-records';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

setUpPageTests();

const RECORD: DismantlingRecord = {
  id: 41,
  version: 4,
  projectId: 5,
  projectName: '示范公司报废公务车辆处置',
  projectCode: 'GR2026BJ1000605',
  itemId: 31,
  carNumberPublish: '京A1****',
  vin: 'LSVAU218XN2183294',
  engineNo: 'EA211001',
  brandModel: '大众朗逸 1.5L',
  dismantlerName: '示范报废机动车回收拆解有限公司',
  receivedOn: '2026-01-05',
  status: 'editing',
  statusLabel: '登记中',
  currentStep: 1,
  data: {
    entry: {
      entryDate: '2026-01-05',
      assemblyState: 'complete',
      certificateNo: 'BJ2026010500001',
      certificateDate: '2026-01-05',
    },
    breakup: { breakupDate: '2026-01-06', fluids: '废液已抽排并分类存放' },
  },
  photos: { breakupPhotos: [], disintegratePhotos: [] },
  letter: null,
  signedLetter: null,
  signedAt: null,
  canEdit: true,
  taskId: 77,
};

const VEHICLE: DisposalVehicle = {
  id: 31,
  version: 2,
  state: 'registered',
  stateLabel: '已登记',
  carNumber: '京A1****',
  carNumberPublish: '京A1****',
  vin: 'LSVAU218XN2183294',
  engineNo: 'EA211001',
  brandModel: '大众朗逸 1.5L',
  vehicleType: 'car',
  vehicleTypeLabel: '小型汽车',
  registrationDate: '2012-05-01',
  mileage: 320_000,
  condition: 'scrapped',
  conditionLabel: '已达报废标准',
  remark: '',
  appraisedValue: null,
  appraisalOpinion: '',
  listingPrice: null,
  listedAt: null,
  buyerName: '',
  dealPrice: null,
  dealtAt: null,
  certificateNo: '',
  dismantledAt: null,
  recordId: null,
  letterKind: null,
  taskId: null,
};

const APPRAISAL: VehicleDisposalView = {
  projectId: 5,
  projectName: '示范公司报废公务车辆处置',
  projectCode: 'GR2026BJ1000605',
  status: 'appraising',
  statusLabel: '评估中',
  ownerName: '北京示范国有资产经营有限公司',
  disclosureStart: null,
  disclosureEnd: null,
  role: 'appraiser',
  version: 3,
  appraiserCompanyId: 10,
  appraiserName: '示范资产评估有限公司',
  appraisalBaseDate: '',
  appraisalSubmittedAt: null,
  appraisalReturnReason: '',
  resultConfirmedAt: null,
  reports: [],
  vehicles: [VEHICLE],
  experts: [],
  receivings: [],
  taskId: 31,
  can: {
    editVehicles: false,
    assign: false,
    appraise: true,
    confirm: false,
    sign: false,
    revoke: false,
    deal: false,
    receive: false,
  },
};

/** The dismantler, answered the record as given and the project's list of records. */
function serveRecord(record: DismantlingRecord) {
  const user = makeUser(IDENTITY.disassembly);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === `/api/record/show/${record.id}`) return jsonResponse(envelope(record));
    if (path === `/api/record/list/${record.projectId}`) return jsonResponse(envelope([]));
    if (path === '/api/record/sign/otp') return jsonResponse(envelope({ isSent: true }));
    if (path === '/api/record/signature') return jsonResponse(envelope({ id: record.id, version: 6 }));
    return undefined;
  });
}

describe('拆解记录', () => {
  it('refuses to verify the breakup without a photo, with the domain’s message, and calls nothing', async () => {
    const { calls } = serveRecord(RECORD);
    renderPortal('/index/disposalBreakup?id=41&taskId=77');
    fireEvent.click(await screen.findByRole('button', { name: '校验并进入下一步' }));
    expect(await screen.findByText(MSG.recordBreakupPhotoRequired)).toBeTruthy();
    const paths = calls.map(pathOf);
    expect(paths).not.toContain('/api/record/verify/step');
    expect(paths).not.toContain('/api/record/update');
  });

  it('signs the letter with the record’s id and its task once the panel hands the request over', async () => {
    const { calls } = serveRecord({
      ...RECORD,
      status: 'letterGenerated',
      statusLabel: '待签章',
      currentStep: 3,
    });
    renderPortal('/index/disposalBreakup?id=41&taskId=77');
    fireEvent.change(await screen.findByLabelText('短信验证码第1位'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
    await waitFor(() => expect(calls.map(pathOf)).toContain('/api/record/signature'));
    const request = bodyOf(calls.find((call) => pathOf(call) === '/api/record/signature'));
    expect(request).toMatchObject({ dataId: 41, otp: '123456', task: { id: 77 } });
    // the code was checked against this record's letter before
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/record/sign/otp/check'))).toMatchObject({
      id: 41,
      otp: '123456',
    });
  });
});

describe('车辆评估意见', () => {
  it('saves the values typed in yuan as fen', async () => {
    const user = makeUser(IDENTITY.assessment);
    signInAs(user);
    const { calls } = servePortal(user, (call) => {
      if (pathOf(call) === '/api/project/disposalApply/show/5') return jsonResponse(envelope(APPRAISAL));
      if (pathOf(call) === '/api/project/disposalApply/assessment/save') {
        return jsonResponse(envelope({ version: 4 }));
      }
      return undefined;
    });
    renderPortal('/index/disposalAssessmentOpinion?projectId=5&taskId=31');
    const day = await screen.findByLabelText('评估基准日');
    fireEvent.mouseDown(day);
    fireEvent.change(day, { target: { value: '2025-12-31' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter' });
    fireEvent.change(screen.getByLabelText('评估价值（元）第1辆'), { target: { value: '1234.5' } });
    fireEvent.change(screen.getByLabelText('评估意见第1辆'), { target: { value: '按残值评估' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(
        calls.filter((call) => pathOf(call) === '/api/project/disposalApply/assessment/save').map(bodyOf),
      ).toEqual([
        {
          projectId: 5,
          version: 3,
          appraisalBaseDate: '2025-12-31',
          vehicles: [{ id: 31, appraisedValue: 123_450, appraisalOpinion: '按残值评估' }],
        },
      ]),
    );
  });
});
