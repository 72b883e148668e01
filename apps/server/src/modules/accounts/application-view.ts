// An application as its calls answer it: the company's fields, labels, licence files and history. Shared by the
// applicant's own view and the exchange's review.
import {
  BUSINESS_LICENSE_TAG,
  EXAMINE_ACTION_LABELS,
  EXAMINE_STATUS_LABELS,
  IDENTITY_LABELS,
  identityName,
  type AttachmentItem,
  type CompanyApplication,
  type CompanyApplicationFields,
} from '@cqjy/domain';
import type { Viewer } from '../attachments/service.ts';
import type { CompanyRow } from '../users/service.ts';
import { recordOf, type AccountsDeps } from './deps.ts';
import * as repo from './repo.ts';

/** Trimmed text, with an empty field stored as none. */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function statusLabel(labels: Record<number, string>, status: number | null): string {
  return status === null ? '' : (labels[status] ?? String(status));
}

export function identityLabel(identityType: number): string {
  const name = identityName(identityType);
  return name === undefined ? String(identityType) : IDENTITY_LABELS[name];
}

export function pickFields(company: CompanyRow): CompanyApplicationFields & { name: string } {
  return {
    name: company.name,
    legalPerson: company.legalPerson,
    address: company.address,
    contactName: company.contactName,
    regulatoryBodies: company.regulatoryBodies,
    regulatoryBodiesProvince: company.regulatoryBodiesProvince,
    regulatoryBodiesCity: company.regulatoryBodiesCity,
    stateFundedEnter: company.stateFundedEnter,
    stateCreditCode: company.stateCreditCode,
  };
}

/** Every file of a company's application: the business licence and whatever else was uploaded under it. */
export function listApplicationFiles(
  { attachments }: AccountsDeps,
  viewer: Viewer,
  companyId: number,
): Promise<AttachmentItem[]> {
  return attachments.listRelated(viewer, recordOf(companyId));
}

export async function listLicence(
  deps: AccountsDeps,
  viewer: Viewer,
  companyId: number,
): Promise<AttachmentItem[]> {
  const files = await listApplicationFiles(deps, viewer, companyId);
  return files.filter((file) => file.tag === BUSINESS_LICENSE_TAG);
}

export async function toApplication(
  deps: AccountsDeps,
  company: CompanyRow,
  viewer: Viewer,
): Promise<CompanyApplication> {
  const [businessLicense, history] = await Promise.all([
    listLicence(deps, viewer, company.id),
    repo.listExaminations(deps.db, company.id),
  ]);
  return {
    ...pickFields(company),
    id: company.id,
    creditCode: company.creditCode,
    contactMobile: company.contactMobile,
    identityType: company.identityType,
    examineStatus: company.examineStatus,
    examineStatusLabel: statusLabel(EXAMINE_STATUS_LABELS, company.examineStatus),
    examineReason: company.examineReason,
    version: company.version,
    updatedAt: company.updatedAt.toISOString(),
    businessLicense,
    history: history.map((row) => ({
      action: row.action,
      actionLabel: EXAMINE_ACTION_LABELS[row.action] ?? row.action,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
