import { describe, expect, it } from 'vitest';
import { approvalMissingMessage, listMissingForApproval, type ApprovalFacts } from './account-opening.ts';
import { composeCreditCode } from './validation/credit-code.ts';

/** A complete application under a central regulator (no province or city). */
const COMPLETE: ApprovalFacts = {
  name: '北京示范建设有限公司',
  creditCode: composeCreditCode('110105', '70000009'),
  legalPerson: '周建华',
  address: '北京市朝阳区建国路93号院万达广场B座1508室',
  contactName: '刘晓燕',
  contactMobile: '13800000101',
  regulatoryBodies: 'A02001',
  regulatoryBodiesProvince: null,
  regulatoryBodiesCity: null,
  stateFundedEnter: '中国华宇能源集团有限公司',
  stateCreditCode: composeCreditCode('100000', '80000001'),
  businessLicense: [{ uuid: 'licence' }],
};

describe('listMissingForApproval', () => {
  it('lets a complete application be approved', () => {
    expect(listMissingForApproval(COMPLETE)).toEqual([]);
  });

  it('names every blank fact and a missing licence, in the form order', () => {
    const missing = listMissingForApproval({
      ...COMPLETE,
      legalPerson: null,
      address: '   ',
      contactMobile: null,
      businessLicense: [],
    });
    expect(missing).toEqual(['legalPerson', 'address', 'contactMobile', 'businessLicense']);
    expect(approvalMissingMessage(missing)).toBe(
      '开户申请缺少法定代表人、注册地址、联系人手机号码、营业执照，不能审核通过，请退回申请人补充',
    );
  });

  it('asks for the province and city only where the regulator needs them (SH-5.10)', () => {
    expect(listMissingForApproval({ ...COMPLETE, regulatoryBodies: 'A02003' })).toEqual([
      'regulatoryBodiesProvince',
    ]);
    expect(
      listMissingForApproval({ ...COMPLETE, regulatoryBodies: 'A02005', regulatoryBodiesProvince: '500000' }),
    ).toEqual(['regulatoryBodiesCity']);
  });
});
