// The rules of a disposal's vehicles: a vehicle as entered or imported (plate, VIN with its check digit, engine
// number, dates and mileage), the import template's rows, the firm's appraisal, the experts' opinions, the deal's
// price, the receiving and the dismantler's licence; the plate as each reader sees it; the listing letter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage, maskCarNumber } from './format.ts';
import { MSG } from './messages.ts';
import { checkMotorVehicleRules, minVehicleListingDays } from './projects/kinds/motor-vehicle.ts';
import {
  checkVehicle,
  checkVehicleRow,
  composeVehicleLetter,
  disposalLetterSupplement,
  VEHICLE_SHEET_COLUMNS,
} from './vehicle-disposal.ts';
import {
  checkAppraisal,
  checkExpertOpinion,
  checkLicence,
  checkReceiving,
  dealPriceRefusal,
  isLicenceValidOn,
  missingAppraisal,
} from './vehicle-parties.ts';
import { seesFullPlate } from './vehicle-views.ts';
import { vinCheckDigit } from './vehicles.ts';

const TODAY = '2026-12-01';

/** A VIN of GB 16735 ending in `serial`, with its check digit. */
function vinOf(serial: number): string {
  const draft = `LSVAU2180N2${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft) ?? '0'}${draft.slice(9)}`;
}

const CAR = {
  carNumber: '京a 12345',
  vin: vinOf(7).toLowerCase(),
  engineNo: 'ea 211 0042',
  brandModel: '大众牌SVW7182',
  vehicleType: 'car',
  registrationDate: '2010-05-18',
  mileage: 320_000,
  condition: 'scrapped',
};

describe('a vehicle of a disposal', () => {
  it('is stored normalized: the plate, VIN and engine number as people mean them', () => {
    expect(checkVehicle(CAR, TODAY).value).toMatchObject({
      carNumber: '京A12345',
      vin: vinOf(7),
      engineNo: 'EA2110042',
      remark: '',
    });
  });

  it('names every field that is wrong, in the form order, and stores nothing', () => {
    const checked = checkVehicle(
      {
        ...CAR,
        carNumber: '京1',
        vin: `${vinOf(7).slice(0, 8)}${vinOf(7)[8] === '1' ? '2' : '1'}${vinOf(7).slice(9)}`,
        engineNo: '12',
        vehicleType: 'tank',
        registrationDate: '2099-01-01',
        mileage: -1,
        condition: '',
      },
      TODAY,
    );
    expect(checked.value).toBeNull();
    expect(checked.errors.map((error) => error.field)).toEqual([
      'carNumber',
      'vin',
      'engineNo',
      'vehicleType',
      'registrationDate',
      'mileage',
      'condition',
    ]);
    expect(checked.errors[1]?.message).toBe(MSG.vehicleVinInvalid);
    expect(checked.errors[4]?.message).toBe(MSG.vehicleRegistrationDateFuture);
  });

  it('accepts any VIN whose check digit is right and refuses every other digit in its place', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom(...'0123456789X'),
        (serial, digit) => {
          const vin = vinOf(serial);
          const replaced = `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
          const isValid = checkVehicle({ ...CAR, vin: replaced }, TODAY).errors.every(
            (e) => e.field !== 'vin',
          );
          expect(isValid).toBe(digit === vin[8]);
        },
      ),
    );
  });

  it('reads an import row by the template labels of its choices', () => {
    const row = {
      carNumber: '京A12345',
      vin: vinOf(7),
      engineNo: 'EA2110042',
      brandModel: '大众牌SVW7182',
      vehicleType: '小型汽车',
      registrationDate: new Date('2010-05-18T00:00:00Z'),
      mileage: 320000,
      condition: '已达报废标准',
    };
    expect(checkVehicleRow(row, TODAY).value).toMatchObject({ vehicleType: 'car', condition: 'scrapped' });
    expect(checkVehicleRow({ ...row, condition: '报废' }, TODAY).errors[0]).toContain('车辆状况');
    expect(VEHICLE_SHEET_COLUMNS.map((column) => column.label)).toContain('车辆识别代号');
  });
});

describe('the appraisal, the experts, the deal, the receiving, the licence', () => {
  it('takes a value in fen and an opinion, each optional until the submission', () => {
    expect(checkAppraisal({ id: 1, appraisedValue: 150_000, appraisalOpinion: ' 按残值评估 ' })).toEqual({
      message: null,
      value: { value: 150_000, opinion: '按残值评估' },
    });
    expect(checkAppraisal({ id: 1 }).message).toBeNull();
    expect(checkAppraisal({ id: 1, appraisedValue: 0 }).message).toBe(MSG.vehicleAppraisedValueInvalid);
    expect(checkAppraisal({ id: 1, appraisedValue: 1.5 }).message).toBe(MSG.vehicleAppraisedValueInvalid);
    expect(
      missingAppraisal([
        { carNumber: '京A12345', appraisedValue: 1, appraisalOpinion: '好' },
        { carNumber: '京A54321', appraisedValue: 1, appraisalOpinion: '' },
      ]),
    ).toBe(formatMessage(MSG.vehicleAppraisalIncomplete, { plate: maskCarNumber('京A54321') }));
  });

  it('asks an expert opinion for its expert and its text', () => {
    expect(checkExpertOpinion({ projectId: 1, opinion: '同意' }).message).toBe('请填写专家姓名');
    expect(checkExpertOpinion({ projectId: 1, expertName: '李工', opinion: '  ' }).message).toBe(
      '请填写专家意见',
    );
    expect(checkExpertOpinion({ projectId: 1, expertName: '李工', opinion: '同意' }).value).toEqual({
      expertName: '李工',
      organisation: '',
      opinion: '同意',
    });
  });

  it('deals a vehicle at no less than its listing price', () => {
    expect(dealPriceRefusal(120_000, 120_000, '京A12345')).toBeNull();
    expect(dealPriceRefusal(119_999, 120_000, '京A12345')).toBe(
      formatMessage(MSG.vehicleDealPriceBelowListing, { plate: '京A1****', price: '1,200.00' }),
    );
    expect(dealPriceRefusal('120000', 120_000, '京A12345')).toBe(MSG.vehicleDealPriceInvalid);
  });

  it('receives from the deal day on, with the place, the transport and the handler', () => {
    const input = {
      projectId: 1,
      version: 1,
      receiveDate: '2026-12-02',
      place: '示范拆解厂',
      transport: '拖车',
      handler: '赵师傅',
      handlerMobile: '13800000006',
    };
    expect(checkReceiving(input, '2026-12-01').message).toBeNull();
    expect(checkReceiving(input, '2026-12-03').message).toBe(MSG.vehicleReceiveDateEarly);
    expect(checkReceiving({ ...input, transport: '' }, '2026-12-01').message).toBe('请填写运输方式');
    expect(checkReceiving({ ...input, handlerMobile: '123' }, '2026-12-01').message).toBe(MSG.mobileInvalid);
  });

  it('holds a licence in force from its first to its last day', () => {
    const licence = { validFrom: '2025-01-01', validTo: '2026-12-01' };
    expect([
      isLicenceValidOn(licence, '2024-12-31'),
      isLicenceValidOn(licence, '2025-01-01'),
      isLicenceValidOn(licence, '2026-12-01'),
      isLicenceValidOn(licence, '2026-12-02'),
    ]).toEqual([false, true, true, false]);
    expect(
      checkLicence({ version: 0, licenceNo: '京报废回收（2025）第018号', issuer: '北京市商务局' }).message,
    ).toBe('请选择有效期起');
    expect(
      checkLicence({
        version: 0,
        licenceNo: '京报废回收（2025）第018号',
        issuer: '北京市商务局',
        validFrom: '2026-01-01',
        validTo: '2025-01-01',
      }).message,
    ).toBe(MSG.vehicleLicenceOrder);
    expect(checkLicence({ version: 0, licenceNo: '12', issuer: 'x' }).message).toBe(
      MSG.vehicleLicenceNoInvalid,
    );
  });
});

describe('plates, letters and the application', () => {
  it('shows the plate in full to the owner and the exchange only (BF-5.6)', () => {
    expect(
      ['owner', 'exchange', 'appraiser', 'dismantler', 'public'].map((role) => seesFullPlate(role as never)),
    ).toEqual([true, true, false, false, false]);
  });

  it('draws the listing letter with the vehicle and its price, the revocation with its reason', () => {
    const input = {
      project: { name: '示范报废公务车辆处置', code: 'GR2026BJ1000601' },
      vehicle: {
        carNumber: '京A12345',
        vin: vinOf(7),
        engineNo: 'EA2110042',
        brandModel: '大众牌',
        listingPrice: 120_000,
      },
      listingDays: 10,
      applicant: '北京示范国有资产经营有限公司',
      exchange: '示范产权交易所',
      day: TODAY,
      dayLabel: '2026年12月1日',
    };
    const listing = composeVehicleLetter({ ...input, kind: 'hangingTag', reason: '' });
    expect(listing.title).toBe('机动车挂牌申请函');
    expect(listing.paragraphs.join('')).toContain('挂牌期为10个工作日');
    expect(listing.fields).toContainEqual({ label: '挂牌价格', value: '1,200.00元' });
    const revoke = composeVehicleLetter({ ...input, kind: 'revoke', reason: '单位继续使用' });
    expect(revoke.fields).toContainEqual({ label: '撤销原因', value: '单位继续使用' });
  });

  it('lists every vehicle in the application letter', () => {
    const supplement = disposalLetterSupplement({
      reason: '已达报废标准',
      approvalBody: '北京市国资委',
      vehicles: [
        { carNumber: '京A12345', vin: vinOf(1), brandModel: '大众牌' },
        { carNumber: '京A54321', vin: vinOf(2), brandModel: '丰田牌' },
      ],
    });
    expect(supplement.paragraphs[0]).toBe(
      '经北京市国资委批准，我单位拟处置机动车2辆，处置原因：已达报废标准',
    );
    expect(supplement.fields.map((field) => field.label)).toEqual(['车辆1', '车辆2']);
  });

  it("asks the application for its approval file and at least the physical assets' listing period", () => {
    const form = {
      name: '示范报废公务车辆处置',
      applicantNature: 'stateEnterprise' as const,
      approvalBody: '北京市国资委',
      disposalReason: '已达报废标准',
      vehicleLocation: '示范停车场',
      disclosureDays: 5,
      contactName: '王经理',
      contactMobile: '13800000001',
    };
    expect(checkMotorVehicleRules(form, {})).toEqual([
      '请上传处置批准文件',
      formatMessage(MSG.vehicleListingDaysMin, { days: minVehicleListingDays() }),
    ]);
    expect(checkMotorVehicleRules({ ...form, disclosureDays: 10 }, { disposalApproval: 1 })).toEqual([]);
  });
});
