// The dismantling record's steps: each day not before the one of the step before (the entry not before the
// vehicle's receipt) nor after today, the recovery certificate's number and day, the fluids recovered, the five main
// assemblies' destination with the enterprise taking each, the photos of the breakup and disintegration; the
// record's letter.
import { describe, expect, it } from 'vitest';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import {
  checkRecordStep,
  cleanStepData,
  composeRecordLetter,
  MAIN_ASSEMBLIES,
  type RecordData,
} from './vehicle-records.ts';

const CONTEXT = { receivedOn: '2026-11-20', today: '2026-12-01', photoCount: 1, data: {} as RecordData };
const ENTRY = {
  entryDate: '2026-11-21',
  assemblyState: 'complete',
  certificateNo: 'BJ202600000001',
  certificateDate: '2026-11-21',
};
const BREAKUP = { breakupDate: '2026-11-25', fluids: '已回收燃油、机油、冷却液' };
const DISINTEGRATE = Object.fromEntries([
  ['disintegrateDate', '2026-11-28'],
  ...MAIN_ASSEMBLIES.flatMap((assembly) => [
    [`${assembly.key}Destination`, 'remanufacture'],
    [`${assembly.key}Enterprise`, '示范再制造有限公司'],
  ]),
]);

describe('the dismantling record', () => {
  it('takes a sound entry, breakup and disintegration', () => {
    const data = { entry: ENTRY, breakup: BREAKUP, disintegrate: DISINTEGRATE };
    expect(checkRecordStep('entry', ENTRY, { ...CONTEXT, photoCount: 0 })).toEqual([]);
    expect(checkRecordStep('breakup', BREAKUP, { ...CONTEXT, data })).toEqual([]);
    expect(checkRecordStep('disintegrate', DISINTEGRATE, { ...CONTEXT, data })).toEqual([]);
  });

  it('keeps the days in order: the entry after the receipt, each step after the one before, none after today', () => {
    expect(checkRecordStep('entry', { ...ENTRY, entryDate: '2026-11-19' }, CONTEXT)).toContain(
      formatMessage(MSG.recordDayOrder, { label: '入场日期', earlier: '接收日期' }),
    );
    expect(checkRecordStep('entry', { ...ENTRY, certificateDate: '2026-11-20' }, CONTEXT)).toContain(
      MSG.recordCertificateDateEarly,
    );
    const data = { entry: ENTRY };
    expect(
      checkRecordStep('breakup', { ...BREAKUP, breakupDate: '2026-11-20' }, { ...CONTEXT, data }),
    ).toContain(formatMessage(MSG.recordDayOrder, { label: '拆解日期', earlier: '入场日期' }));
    expect(
      checkRecordStep('breakup', { ...BREAKUP, breakupDate: '2026-12-02' }, { ...CONTEXT, data }),
    ).toContain(formatMessage(MSG.recordDayFuture, { label: '拆解日期' }));
  });

  it('asks the certificate, the missing parts, the fluids, the assemblies and the photos', () => {
    expect(checkRecordStep('entry', { ...ENTRY, certificateNo: '12' }, CONTEXT)).toContain(
      MSG.recordCertificateNoInvalid,
    );
    expect(checkRecordStep('entry', { ...ENTRY, assemblyState: 'missing' }, CONTEXT)).toContain(
      '请填写缺失部件',
    );
    const data = { entry: ENTRY, breakup: BREAKUP };
    expect(checkRecordStep('breakup', { breakupDate: '2026-11-25' }, { ...CONTEXT, data })).toContain(
      '请填写废液回收情况',
    );
    expect(checkRecordStep('breakup', BREAKUP, { ...CONTEXT, data, photoCount: 0 })).toEqual([
      MSG.recordBreakupPhotoRequired,
    ]);
    const messages = checkRecordStep(
      'disintegrate',
      { ...DISINTEGRATE, frameDestination: 'sold', engineEnterprise: '' },
      { ...CONTEXT, data, photoCount: 0 },
    );
    expect(messages).toEqual(['请填写发动机接收企业', '请选择车架去向', MSG.recordDisintegratePhotoRequired]);
  });

  it("keeps only the step's own fields, trimmed, the certificate number upper-cased", () => {
    expect(
      cleanStepData('entry', { ...ENTRY, certificateNo: ' bj2026x ', other: 'x', remark: '  ' }),
    ).toEqual({
      entryDate: '2026-11-21',
      assemblyState: 'complete',
      certificateNo: 'BJ2026X',
      certificateDate: '2026-11-21',
    });
  });

  it('draws the letter with the certificate and where each assembly went', () => {
    const letter = composeRecordLetter({
      vehicle: { carNumber: '京A12345', vin: 'LSVAU2180N2000007', engineNo: 'EA211', brandModel: '大众牌' },
      project: {
        name: '示范报废公务车辆处置',
        code: 'GR2026BJ1000601',
        ownerName: '北京示范国有资产经营有限公司',
      },
      data: { entry: ENTRY, breakup: BREAKUP, disintegrate: DISINTEGRATE },
      company: '示范报废机动车回收拆解有限公司',
      exchange: '示范产权交易所',
      day: '2026-12-01',
      dayLabel: '2026年12月1日',
    });
    expect(letter.fields).toContainEqual({ label: '回收证明编号', value: 'BJ202600000001' });
    expect(letter.fields).toContainEqual({
      label: '发动机去向',
      value: '交售再制造企业：示范再制造有限公司',
    });
    expect(letter.paragraphs[0]).toContain('北京示范国有资产经营有限公司');
  });
});
