// How an investor and its project are read back: the view the calls answer, the investor types' labels (the
// dictionary's), and the plan's figures the checks and the exports need.
import {
  displayCertNo,
  investorStatusLabel,
  participantCertTypeLabel,
  readProjectForm,
  type InvestorView,
} from '@cqjy/domain';
import type { ProjectRow } from '../projects/service.ts';
import type { InvestorsDeps } from './deps.ts';
import type * as repo from './repo.ts';

/** The plan's figures the checks need, read from the project's stored form. */
export function planOf(project: ProjectRow): {
  offeredShare: number | undefined;
  investorCount: number | undefined;
  raiseMin: number | undefined;
  raiseMax: number | undefined;
  enterpriseName: string | undefined;
} {
  const form = readProjectForm(project) as Record<string, unknown>;
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    offeredShare: num(form.offeredShare),
    investorCount: num(form.investorCount),
    raiseMin: num(form.raiseMin),
    raiseMax: num(form.raiseMax),
    enterpriseName: typeof form.enterpriseName === 'string' ? form.enterpriseName : undefined,
  };
}

/** The active investor types (the dictionary's keys) and their labels. */
export async function investorTypes(
  deps: InvestorsDeps,
): Promise<{ keys: string[]; label: (key: string) => string }> {
  const { dictionaries } = deps;
  const [label, keys] = await Promise.all([
    dictionaries.labeler(['investorType']),
    dictionaries.activeKeys('investorType'),
  ]);
  return { keys, label: (key) => label('investorType', key) };
}

export function toView(
  row: repo.InvestorListItem,
  project: Pick<ProjectRow, 'id' | 'name' | 'code' | 'family' | 'companyId'>,
  typeLabel: (key: string) => string,
): InvestorView {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: project.name,
    projectCode: project.code,
    family: project.family,
    status: row.status,
    statusLabel: investorStatusLabel(row.status),
    investorType: row.investorType,
    investorTypeLabel: typeLabel(row.investorType),
    kind: row.kind,
    name: row.name,
    certType: row.certType,
    certTypeLabel: participantCertTypeLabel(row.certType),
    certNo: displayCertNo(row.kind, row.certNo),
    contactName: row.contactName,
    contactMobile: row.contactMobile,
    amount: row.amount,
    share: row.share,
    registrantCompanyId: row.companyId,
    registrantCompanyName: row.registrantName,
    isByMember: row.companyId !== project.companyId,
    memberCompanyId: row.memberCompanyId,
    memberCompanyName: row.memberName,
    note: row.note,
    auditReason: row.auditReason,
    auditedAt: row.auditedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
