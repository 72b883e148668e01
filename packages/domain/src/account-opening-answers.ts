// The answers of the accounts calls (account-opening.ts: the forms and their rules): an applicant's own
// application with its history, and the exchange's list and detail of the applications it reviews. The server
// serialises with them (contracts/accounts.ts).
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';

const nullableText = z.string().nullable();

/** POST /api/register/validate/company/status */
export const ZCompanyStatusCheck = z.object({
  registered: z.boolean(),
  examineStatus: z.number().int().nullable(),
});
export type CompanyStatusCheck = z.infer<typeof ZCompanyStatusCheck>;

/** One step of an application's history. */
export const ZExaminationEntry = z.object({
  action: z.string(),
  actionLabel: z.string(),
  reason: nullableText,
  createdAt: z.string(),
});
export type ExaminationEntry = z.infer<typeof ZExaminationEntry>;

/** GET /api/register/company: the signed-in applicant's own application. */
export const ZCompanyApplication = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: nullableText,
  legalPerson: nullableText,
  address: nullableText,
  contactName: nullableText,
  contactMobile: nullableText,
  regulatoryBodies: nullableText,
  regulatoryBodiesProvince: nullableText,
  regulatoryBodiesCity: nullableText,
  stateFundedEnter: nullableText,
  stateCreditCode: nullableText,
  identityType: z.number().int(),
  examineStatus: z.number().int().nullable(),
  examineStatusLabel: z.string(),
  examineReason: nullableText,
  version: z.number().int(),
  updatedAt: z.string(),
  businessLicense: z.array(ZAttachmentItem),
  history: z.array(ZExaminationEntry),
});
export type CompanyApplication = z.infer<typeof ZCompanyApplication>;

/** A row of POST /api/company/list (机构管理). */
export const ZCompanyListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: nullableText,
  identityType: z.number().int(),
  identityLabel: z.string(),
  examineStatus: z.number().int().nullable(),
  examineStatusLabel: z.string(),
  companyAuthStatus: z.number().int(),
  companyAuthStatusLabel: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CompanyListItem = z.infer<typeof ZCompanyListItem>;

export const ZCompanyOperatorItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: nullableText,
  realName: nullableText,
  mobile: nullableText,
  manager: z.boolean(),
});
export type CompanyOperatorItem = z.infer<typeof ZCompanyOperatorItem>;

/** GET /api/company/show/{id}: an application as the exchange reviews it. */
export const ZCompanyDetail = ZCompanyApplication.extend({
  /** the files of the application other than the business licence (none unless the applicant added some) */
  otherFiles: z.array(ZAttachmentItem),
  identityLabel: z.string(),
  companyAuthStatus: z.number().int(),
  companyAuthStatusLabel: z.string(),
  operators: z.array(ZCompanyOperatorItem),
});
export type CompanyDetail = z.infer<typeof ZCompanyDetail>;
