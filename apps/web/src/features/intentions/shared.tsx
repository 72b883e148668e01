// What the 代理意向登记 pages share: their addresses, the status and deposit tags, and the money cells.
import { Tag } from 'antd';
import { formatFen } from '@cqjy/domain/format';
import { canIntention, intentionShowPath, isIntentionFamily } from '@cqjy/domain/intentions';
import type { DepositState, IntentionStatus, IntentionView } from '@cqjy/domain/intentions';

export const INTENTION_LIST_PATH = '/index/intentionPro';
export const INTENTION_FORM_PATH = '/index/addIntention';

/** The form of a new registration, on a project when one is named. */
export const newIntentionPath = (projectId?: number): string =>
  projectId === undefined ? INTENTION_FORM_PATH : `${INTENTION_FORM_PATH}?projectId=${projectId}`;

export const intentionEditPath = (id: number): string => `${INTENTION_FORM_PATH}?id=${id}`;

/** The registration's view, by its project's family; a family this module does not know falls back to the list. */
export function intentionViewPath(family: string, id: number): string {
  return isIntentionFamily(family) ? intentionShowPath(family, id) : INTENTION_LIST_PATH;
}

/** A draft or a returned registration is changed in its form; any other is read on its view. */
export const isEditable = (status: IntentionStatus): boolean => canIntention('edit', status);

/** Where a row of the list leads: a registration the member still edits opens its form. */
export const intentionOpenPath = (row: Pick<IntentionView, 'id' | 'family' | 'status'>): string =>
  isEditable(row.status) ? intentionEditPath(row.id) : intentionViewPath(row.family, row.id);

const STATUS_COLORS: Record<IntentionStatus, string> = {
  draft: 'default',
  letterGenerated: 'gold',
  submitted: 'processing',
  ownerApproved: 'cyan',
  qualified: 'success',
  returned: 'warning',
  withdrawn: 'default',
  disqualified: 'error',
  won: 'success',
  lost: 'default',
  offered: 'purple',
};

export function IntentionStatusTag({
  intention,
  testId,
}: {
  intention: Pick<IntentionView, 'status' | 'statusLabel'>;
  testId?: string;
}) {
  return (
    <Tag color={STATUS_COLORS[intention.status]} data-testid={testId}>
      {intention.statusLabel}
    </Tag>
  );
}

const DEPOSIT_COLORS: Record<DepositState, string> = {
  none: 'default',
  unpaid: 'warning',
  paid: 'success',
  frozen: 'cyan',
  refunding: 'gold',
  refundIssued: 'processing',
  refunded: 'default',
  applied: 'blue',
  forfeited: 'error',
};

export function DepositStateTag({
  intention,
  testId,
}: {
  intention: Pick<IntentionView, 'depositState' | 'depositStateLabel'>;
  testId?: string;
}) {
  return (
    <Tag color={DEPOSIT_COLORS[intention.depositState]} data-testid={testId}>
      {intention.depositStateLabel}
    </Tag>
  );
}

/** Fen as yuan with separators, or a dash when there is none. */
export const showFen = (fen: number | null | undefined): string =>
  fen === null || fen === undefined ? '—' : `${formatFen(fen)}元`;
