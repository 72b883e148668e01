// The investors the investor pages' tests are served: a project's owner is company 10, a member company 20.
import type { AttachmentItem } from '@cqjy/domain/api';
import type { InvestorView, OpenCapitalIncrease } from '@cqjy/domain/projects/investors';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';

export const OWNER_COMPANY = 10;
export const MEMBER_COMPANY = 20;
export const CREDIT_CODE = composeCreditCode('110000', '10110070');
export const WRONG_CREDIT_CODE = CREDIT_CODE.slice(0, -1) + (CREDIT_CODE.endsWith('0') ? '1' : '0');

export const INVESTOR_TYPES = [
  { key: '1', label: '企业法人', parentKey: null, sort: 1 },
  { key: '2', label: '自然人', parentKey: null, sort: 2 },
];

export function makeInvestor(id: number, overrides: Partial<InvestorView> = {}): InvestorView {
  return {
    id,
    projectId: 7,
    projectName: '北京示范科技有限公司增资扩股',
    projectCode: 'ZZ2026BJ1000007',
    family: 'cap',
    status: 'draft',
    statusLabel: '草稿',
    investorType: '1',
    investorTypeLabel: '企业法人',
    kind: 'company',
    name: `北京投资${id}有限公司`,
    certType: 'creditCode',
    certTypeLabel: '统一社会信用代码',
    certNo: CREDIT_CODE,
    contactName: '赵经理',
    contactMobile: '13900000001',
    amount: 30_000_000_00,
    share: 100_000,
    registrantCompanyId: OWNER_COMPANY,
    registrantCompanyName: '北京示范国有资产经营有限公司',
    isByMember: false,
    memberCompanyId: null,
    memberCompanyName: null,
    note: '',
    auditReason: '',
    auditedAt: null,
    submittedAt: null,
    version: 2,
    createdAt: '2026-03-02T02:00:00.000Z',
    updatedAt: '2026-03-02T02:00:00.000Z',
    ...overrides,
  };
}

/** A person registered by the member for its customer, submitted to the audit. */
export const MEMBER_PERSON = makeInvestor(2, {
  status: 'submitted',
  statusLabel: '待资格审核',
  investorType: '2',
  investorTypeLabel: '自然人',
  kind: 'person',
  name: '王小明',
  certType: 'idCard',
  certTypeLabel: '居民身份证',
  certNo: '110105********0011',
  registrantCompanyId: MEMBER_COMPANY,
  registrantCompanyName: '北京示范会员有限公司',
  isByMember: true,
  memberCompanyId: MEMBER_COMPANY,
  memberCompanyName: '北京示范会员有限公司',
  submittedAt: '2026-03-03T02:00:00.000Z',
  version: 3,
});

export const OPEN_PROJECT: OpenCapitalIncrease = {
  id: 7,
  name: '北京示范科技有限公司增资扩股',
  code: 'ZZ2026BJ1000007',
  family: 'cap',
  companyName: '北京示范国有资产经营有限公司',
  raiseMin: 60_000_000_00,
  raiseMax: 80_000_000_00,
  offeredShare: 200_000,
  investorCount: 2,
  disclosureEnd: '2026-04-20T00:00:00.000Z',
};

export function makeFile(uuid: string, tag: string, name: string): AttachmentItem {
  return {
    uuid,
    tag,
    name,
    fileName: name,
    contentType: 'application/pdf',
    size: 1024,
    dateCreated: '2026-03-02T02:00:00.000Z',
    labelName: name.replace(/\.pdf$/, ''),
  };
}
