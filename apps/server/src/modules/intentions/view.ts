// A registration as the calls answer it, and the project's terms it is read with.
import {
  DEPOSIT_SETTLEMENT_PREFIX_DEFAULT,
  virtualAccountOf,
  DEPOSIT_STATE_LABELS,
  depositStateOf,
  displayCertNo,
  INTENTION_STATUS_LABELS,
  INTENTION_VIEW_ROUTES,
  participantCertTypeLabel,
  participantKindLabel,
  readProjectForm,
  type IntentionView,
} from '@cqjy/domain';
import type { ProjectRow } from '../projects/service.ts';
import { familyOf } from './access.ts';
import type { IntentionsDeps } from './deps.ts';
import type * as repo from './repo.ts';

/** The deposit terms of a project's form: in fen and a calendar day, or null when it asks none. */
export function depositTermsOf(project: ProjectRow): { amount: number | null; deadline: string | null } {
  const form = readProjectForm(project) as Record<string, unknown>;
  const amount = typeof form.depositAmount === 'number' && form.depositAmount > 0 ? form.depositAmount : null;
  const deadline = typeof form.depositDeadline === 'string' ? form.depositDeadline : null;
  return { amount, deadline: amount === null ? null : deadline };
}

export function listingPriceOf(project: ProjectRow): number | null {
  const price = (readProjectForm(project) as Record<string, unknown>).listingPrice;
  return typeof price === 'number' ? price : null;
}

/** The buyer a registration names, as every view of it shows them (a person's number masked), and its status. */
export function buyerFacts(item: repo.IntentionItem) {
  return {
    kind: item.kind,
    kindLabel: participantKindLabel(item.kind),
    name: item.name,
    certType: item.certType,
    certTypeLabel: participantCertTypeLabel(item.certType),
    certNo: displayCertNo(item.kind, item.certNo),
    contactName: item.contactName,
    contactMobile: item.contactMobile,
    amount: item.amount,
    status: item.status,
    statusLabel: INTENTION_STATUS_LABELS[item.status],
  };
}

export function toView(item: repo.IntentionItem): IntentionView {
  const family = familyOf(item);
  const depositState = depositStateOf(item);
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    family,
    viewRoute: INTENTION_VIEW_ROUTES[family],
    memberCompanyId: item.companyId,
    memberName: item.memberName,
    customerId: item.customerId,
    ...buyerFacts(item),
    note: item.note,
    depositAmount: item.depositAmount,
    depositDeadline: item.depositDeadline,
    depositState,
    depositStateLabel: DEPOSIT_STATE_LABELS[depositState],
    depositPaidAt: item.depositPaidAt?.toISOString() ?? null,
    depositReceivedAmount: item.depositReceivedAmount,
    depositArrivedOn: item.depositArrivedOn,
    depositReference: item.depositReference,
    depositRefundIssuedAt: item.depositRefundIssuedAt?.toISOString() ?? null,
    depositRefundedAt: item.depositRefundedAt?.toISOString() ?? null,
    depositForfeitedAt: item.depositForfeitedAt?.toISOString() ?? null,
    depositForfeitReason: item.depositForfeitReason,
    letterId: item.letterId,
    signedFileId: item.signedFileId,
    signedAt: item.signedAt?.toISOString() ?? null,
    ownerOpinion: item.ownerOpinion,
    ownerReviewedAt: item.ownerReviewedAt?.toISOString() ?? null,
    reviewReason: item.reviewReason,
    reviewedAt: item.reviewedAt?.toISOString() ?? null,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** The receiving account (虚拟子账户) of registration `id` under the exchange's settlement prefix. */
export function depositAccountOf(deps: Pick<IntentionsDeps, 'depositAccountPrefix'>, id: number): string {
  return virtualAccountOf(deps.depositAccountPrefix ?? DEPOSIT_SETTLEMENT_PREFIX_DEFAULT, id);
}
