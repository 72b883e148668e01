// The vehicle pages against a fake server: the batch signature sends the ticked tasks with the code the panel
// took; the deal refuses a price below the listing before any call and sends fen otherwise; the vehicle form shows
// the domain's message under its field for a bad VIN and sends nothing.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { DisposalVehicle, VehicleDisposalView } from '@cqjy/domain/vehicle-views';
import type { TaskRow } from '@cqjy/domain/workflow/views';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

const notifier = setUpPageTests();

const VEHICLE: DisposalVehicle = {
  id: 31,
  version: 3,
  state: 'listed',
  stateLabel: '挂牌中',
  carNumber: '京A12345',
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
  appraisedValue: 1_000_00,
  appraisalOpinion: '已达报废标准，按残值评估',
  listingPrice: 1_000_00,
  listedAt: '2026-11-20T02:00:00.000Z',
  buyerName: '',
  dealPrice: null,
  dealtAt: null,
  certificateNo: '',
  dismantledAt: null,
  recordId: null,
  letterKind: null,
  taskId: null,
};

const DISPOSAL: VehicleDisposalView = {
  projectId: 5,
  projectName: '示范公司报废公务车辆处置',
  projectCode: 'GR2026BJ1000605',
  status: 'disclosing',
  statusLabel: '挂牌中',
  ownerName: '北京示范国有资产经营有限公司',
  disclosureStart: '2026-11-20T02:00:00.000Z',
  disclosureEnd: '2026-12-04T15:59:59.000Z',
  role: 'exchange',
  version: 7,
  appraiserCompanyId: 20,
  appraiserName: '示范资产评估有限公司',
  appraisalBaseDate: '2026-11-01',
  appraisalSubmittedAt: '2026-11-10T02:00:00.000Z',
  appraisalReturnReason: '',
  resultConfirmedAt: '2026-11-12T02:00:00.000Z',
  reports: [],
  vehicles: [VEHICLE],
  experts: [],
  receivings: [],
  taskId: null,
  can: {
    editVehicles: false,
    assign: false,
    appraise: false,
    confirm: false,
    sign: false,
    revoke: false,
    deal: true,
    receive: false,
  },
};

const task = (id: number, subjectId: number): TaskRow => ({
  id,
  type: 'EicSre',
  typeLabel: '电子签章',
  subject: 'vehicleItem',
  subjectId,
  actionId: null,
  family: 'motorVehicle',
  action: 'hangingTag',
  actionTitle: '挂牌',
  projectId: 5,
  projectName: DISPOSAL.projectName,
  projectCode: DISPOSAL.projectCode,
  routeName: 'vehicleHangingTagEicSre',
  path: `/index/vehicleHangingTagEicSre?id=${subjectId}&taskId=${id}`,
  status: 'open',
  applicantCompany: DISPOSAL.ownerName,
  createdAt: '2026-11-12T02:00:00.000Z',
  doneAt: null,
});

describe('批量签章', () => {
  it('signs the ticked letters together with the code the panel took', async () => {
    const user = makeUser(IDENTITY.transferor);
    signInAs(user);
    const owner: VehicleDisposalView = {
      ...DISPOSAL,
      role: 'owner',
      vehicles: [
        { ...VEHICLE, state: 'confirmed', letterKind: 'hangingTag', taskId: 81 },
        {
          ...VEHICLE,
          id: 32,
          carNumber: '京B54321',
          state: 'confirmed',
          letterKind: 'hangingTag',
          taskId: 82,
        },
      ],
    };
    const { calls } = servePortal(user, (call) => {
      const path = pathOf(call);
      if (path === '/api/task/batch/tasks/motorVehicle/hangingTag') {
        return jsonResponse(envelope([task(81, 31), task(82, 32)]));
      }
      if (path === '/api/project/disposalApply/show/5') return jsonResponse(envelope(owner));
      if (path === '/api/task/whether/batch') return jsonResponse(envelope({ batch: true }));
      if (path === '/api/project/motorVehicle/sign/otp') return jsonResponse(envelope({ isSent: true }));
      if (path === '/api/project/motorVehicle/signatureAndSubmit') {
        return jsonResponse(envelope({ count: 2 }, 0, '已完成2辆车的电子签章'));
      }
      return undefined;
    });
    renderPortal('/index/vehicleBatchEicSre?projectId=5');
    expect(await screen.findByText('京B54321')).toBeTruthy();
    expect(await screen.findByText('所选2份挂牌申请函可以一次签章。')).toBeTruthy();

    const boxes = within(screen.getByRole('group', { name: '短信验证码' })).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '批量签章并提交' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => pathOf(call) === '/api/project/motorVehicle/signatureAndSubmit').map(bodyOf),
      ).toEqual([{ taskIds: [81, 82], otp: '123456', passDate: expect.any(String) }]),
    );
    // the code was checked against the same letters before the batch went
    expect(
      calls.filter((call) => pathOf(call) === '/api/project/motorVehicle/sign/otp/check').map(bodyOf),
    ).toEqual([{ itemIds: [31, 32], otp: '123456' }]);
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已完成2辆车的电子签章'));
  });
});

describe('成交确认', () => {
  it('refuses a price below the listing before any call, and sends the deal in fen', async () => {
    const user = makeUser(IDENTITY.admin);
    signInAs(user);
    const { calls } = servePortal(user, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/disposalApply/show/5') return jsonResponse(envelope(DISPOSAL));
      if (path === '/api/project/motorVehicle/dismantlers') {
        return jsonResponse(
          envelope([
            {
              id: 40,
              name: '北京示范报废汽车回收拆解有限公司',
              licenceNo: 'BJ2024001',
              validTo: '2028-12-31',
            },
          ]),
        );
      }
      if (path === '/api/project/motorVehicle/dealConfirm') return jsonResponse(envelope({ version: 8 }));
      return undefined;
    });
    renderPortal('/index/vehicleDealConfirm?projectId=5');
    const price = await screen.findByLabelText('京A12345成交价格（元）');
    expect((price as HTMLInputElement).value).toBe('1,000.00');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '拆解企业' }));
    fireEvent.click(await screen.findByText('北京示范报废汽车回收拆解有限公司'));
    fireEvent.change(price, { target: { value: '999.99' } });
    fireEvent.click(screen.getByRole('button', { name: '确认成交' }));
    const refusal = '车辆京A1****的成交价格不得低于挂牌价格1,000.00元';
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(notifier.warning).toHaveBeenCalledWith(refusal);
    expect(calls.some((call) => pathOf(call) === '/api/project/motorVehicle/dealConfirm')).toBe(false);

    fireEvent.change(price, { target: { value: '1200.5' } });
    fireEvent.click(screen.getByRole('button', { name: '确认成交' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => pathOf(call) === '/api/project/motorVehicle/dealConfirm').map(bodyOf),
      ).toEqual([
        { projectId: 5, version: 7, buyerCompanyId: 40, vehicles: [{ id: 31, dealPrice: 120_050 }] },
      ]),
    );
  });
});

describe('车辆信息录入', () => {
  it("shows the domain's message under 车辆识别代号 for a bad VIN and sends nothing", async () => {
    const user = makeUser(IDENTITY.transferor);
    signInAs(user);
    const draft: VehicleDisposalView = {
      ...DISPOSAL,
      role: 'owner',
      status: 'draft',
      statusLabel: '草稿',
      version: 0,
      vehicles: [],
      can: { ...DISPOSAL.can, deal: false, editVehicles: true },
    };
    const { calls } = servePortal(user, (call) =>
      pathOf(call) === '/api/project/disposalApply/show/5' ? jsonResponse(envelope(draft)) : undefined,
    );
    renderPortal('/index/vehicleInfoAon?projectId=5');
    fireEvent.change(await screen.findByLabelText('号牌号码'), { target: { value: '京A12345' } });
    // the check digit (9th) of LSVAU218XN2183294 is X; a 1 there is no VIN
    fireEvent.change(screen.getByLabelText('车辆识别代号'), { target: { value: 'LSVAU2181N2183294' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const item = (await screen.findByText(MSG.vehicleVinInvalid)).closest('.ant-form-item')!;
    expect(within(item as HTMLElement).getByLabelText('车辆识别代号')).toBeTruthy();
    expect(calls.some((call) => pathOf(call).startsWith('/api/project/disposalApply/item'))).toBe(false);
  });
});
