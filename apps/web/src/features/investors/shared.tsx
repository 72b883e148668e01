// What the investor pages share: their addresses, the status tag, the money and share cells, and the ellipsis cell
// of the tables (the projects feature has its own; features share only through their index, and projects imports
// this one's section).
import { Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { missingAttachmentMessages } from '@cqjy/domain/attachment-tags';
import { formatFen, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { formatShare } from '@cqjy/domain/projects/shares';
import type { InvestorStatus, InvestorView } from '@cqjy/domain/projects/investors';
import {
  INVESTOR_ATTACHMENTS,
  INVESTOR_EDITABLE_STATUSES,
  INVESTOR_FIELD_LABELS,
} from '@cqjy/domain/projects/investors';
import { IDENTITY } from '@cqjy/domain/identity';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCanOpen } from '../../lib/use-can-open.ts';

export const INVESTOR_FORM_PATH = '/index/capInvestorAon';

/** The form of a new investor of the project (the family tells the form which base to ask first). */
export function newInvestorPath(project?: { id: number; family: string }): string {
  if (project === undefined) return INVESTOR_FORM_PATH;
  const query = new URLSearchParams({ projectId: String(project.id), family: project.family });
  return `${INVESTOR_FORM_PATH}?${query.toString()}`;
}

export const investorEditPath = (id: number): string => `${INVESTOR_FORM_PATH}?id=${id}`;

/** The investor's page: the registrant member's own (capShow, under 代理意向方) or the project's. */
export const investorShowPath = (id: number, isMemberView = false): string =>
  `/index/${isMemberView ? 'capShow' : 'capInvestorShow'}?id=${id}`;

export const INTENTION_LIST_PATH = '/index/intentionPro';

/**
 * Where a member's registrations are listed: 代理意向方 for a member whose company is an agent (the spec's menu has
 * it there only), else the registrations card of 我的项目. Null for the owner and the exchange, who list them
 * on the project.
 */
export function useRegistrationsHome(): { listPath: string; isAgentView: boolean } | null {
  const isMember = useSession((session) => session.identityType === IDENTITY.member);
  const isAgentView = useCanOpen(INTENTION_LIST_PATH);
  if (!isMember) return null;
  return { listPath: isAgentView ? INTENTION_LIST_PATH : '/index/project', isAgentView };
}

export const investorAuditPath = (projectId: number): string =>
  `/index/capOpenInvestorAudit?projectId=${projectId}`;

const STATUS_COLORS: Record<InvestorStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  qualified: 'cyan',
  refused: 'error',
  selected: 'success',
  notSelected: 'warning',
};

export function InvestorStatusTag({ investor }: { investor: Pick<InvestorView, 'status' | 'statusLabel'> }) {
  return <Tag color={STATUS_COLORS[investor.status]}>{investor.statusLabel}</Tag>;
}

/** A draft the viewer's company registered: changed, submitted or deleted by it. */
export function isOwnDraft(investor: InvestorView, companyId: number | null | undefined): boolean {
  return investor.registrantCompanyId === companyId && INVESTOR_EDITABLE_STATUSES.includes(investor.status);
}

export const showAmount = (fen: number | null | undefined): string =>
  fen === null || fen === undefined ? '—' : formatFen(fen);

export const showShare = (millionths: number | null | undefined): string =>
  millionths === null || millionths === undefined ? '—' : formatShare(millionths);

/** A cell's text, cut to the column with an ellipsis, whole in a tooltip. */
export function cutText(text: string | null | undefined) {
  if (text === null || text === undefined || text === '') return '—';
  return (
    <Tooltip placement="topLeft" title={text}>
      {text}
    </Tooltip>
  );
}

/** Asks before `count` ticked drafts are deleted (none ticked: says so); whether to go on. */
export async function confirmDraftDeletion(count: number): Promise<boolean> {
  if (count === 0) {
    notify.warning(MSG.investorsDeleteEmpty);
    return false;
  }
  return notify.confirm({
    title: MSG.investorsDeleteTitle,
    content: formatMessage(MSG.investorsDeleteConfirm, { count }),
    okText: '删除',
    cancelText: MSG.cancel,
  });
}

/** Asks before a draft goes to the exchange's audit, once its required files are there; whether to go on. */
export async function confirmSubmission(
  files: Readonly<Record<string, readonly unknown[]>>,
): Promise<boolean> {
  const missing = missingAttachmentMessages(INVESTOR_ATTACHMENTS, files)[0];
  if (missing !== undefined) {
    notify.error(missing);
    return false;
  }
  return notify.confirm({
    title: MSG.promptTitle,
    content: MSG.investorsSubmitConfirm,
    okText: MSG.confirmOk,
    cancelText: MSG.cancel,
  });
}

/**
 * The columns both investor tables show (a project's, and a member's registrations): the investor, its type and
 * certificate, the amount and share it offers; and its status with the audit's opinion. Widths as the values need
 * them; long text is cut and shown whole in a tooltip.
 */
export const INVESTOR_COLUMNS: Record<
  'name' | 'investorType' | 'certNo' | 'amount' | 'share' | 'status' | 'auditReason',
  TableColumnsType<InvestorView>[number]
> = {
  name: {
    key: 'name',
    title: INVESTOR_FIELD_LABELS.name,
    width: 150,
    ellipsis: { showTitle: false },
    render: (_, row: InvestorView) => cutText(row.name),
  },
  investorType: {
    key: 'investorType',
    title: INVESTOR_FIELD_LABELS.investorType,
    width: 96,
    ellipsis: { showTitle: false },
    render: (_, row: InvestorView) => cutText(row.investorTypeLabel),
  },
  // 18 characters (an identity card, a credit code)
  certNo: {
    key: 'certNo',
    title: INVESTOR_FIELD_LABELS.certNo,
    width: 168,
    render: (_, row: InvestorView) => row.certNo,
  },
  amount: {
    key: 'amount',
    title: INVESTOR_FIELD_LABELS.amount,
    width: 120,
    align: 'right',
    render: (_, row: InvestorView) => showAmount(row.amount),
  },
  share: {
    key: 'share',
    title: INVESTOR_FIELD_LABELS.share,
    width: 104,
    align: 'right',
    render: (_, row: InvestorView) => showShare(row.share),
  },
  status: {
    key: 'status',
    title: '状态',
    width: 110,
    render: (_, row: InvestorView) => <InvestorStatusTag investor={row} />,
  },
  auditReason: {
    key: 'auditReason',
    title: '审核意见',
    width: 110,
    ellipsis: { showTitle: false },
    render: (_, row: InvestorView) => cutText(row.auditReason),
  },
};
