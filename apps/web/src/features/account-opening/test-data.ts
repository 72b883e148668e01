// Answers of the accounts calls as the component tests of this feature serve them.
import type { CompanyApplication } from '@cqjy/domain/account-opening';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';

export const CREDIT_CODE = composeCreditCode('500103', '81000001');

/** A draft application of a newly registered owner. */
export function makeApplication(overrides: Partial<CompanyApplication> = {}): CompanyApplication {
  return {
    id: 42,
    name: '重庆开户测试有限公司',
    creditCode: CREDIT_CODE,
    legalPerson: null,
    address: null,
    contactName: '李联系',
    contactMobile: '13700000001',
    regulatoryBodies: null,
    regulatoryBodiesProvince: null,
    regulatoryBodiesCity: null,
    stateFundedEnter: null,
    stateCreditCode: null,
    identityType: 1,
    examineStatus: 0,
    examineStatusLabel: '待提交',
    examineReason: null,
    version: 1,
    updatedAt: '2026-01-05T02:00:00.000Z',
    businessLicense: [],
    history: [
      { action: 'register', actionLabel: '注册开户', reason: null, createdAt: '2026-01-05T02:00:00.000Z' },
    ],
    ...overrides,
  };
}
