// How a project page offers the actions its status allows: the one that moves the project on at its stage as the
// primary button, the others in a 更多操作 menu grouped by what they do. The engine decides what is allowed
// (actions.ts); this only decides how it is arranged.
import type { ProjectStatus } from './statuses.ts';

export type ActionGroupKey = 'trade' | 'disclosure' | 'suspension' | 'records';

export const ACTION_GROUP_TITLES: Readonly<Record<ActionGroupKey, string>> = {
  trade: '交易与结算',
  disclosure: '信息披露',
  suspension: '中止与终结',
  records: '信息录入',
};

/** The group of each action; an action not named here is a record of information (录入...). */
const GROUP_OF: Readonly<Record<string, ActionGroupKey>> = {
  registration: 'trade',
  intentionReview: 'trade',
  memberIntentionReview: 'trade',
  online: 'trade',
  auction: 'trade',
  dealConfirm: 'trade',
  resultConfirm: 'trade',
  auctionResultImport: 'trade',
  contract: 'trade',
  transaction: 'trade',
  price: 'trade',
  priceDeduction: 'trade',
  transfer: 'trade',
  assurance: 'trade',
  refundCashout: 'trade',
  supplement: 'disclosure',
  withdrawal: 'disclosure',
  rediscovery: 'disclosure',
  survey: 'disclosure',
  exhibition: 'disclosure',
  hangingTag: 'disclosure',
  batchSign: 'disclosure',
  revokeSign: 'disclosure',
  abort: 'suspension',
  recovery: 'suspension',
  end: 'suspension',
  termination: 'suspension',
};

/**
 * What moves a project on at each stage, most pressing first: the first of these the caller may start is the
 * primary action. A suspended project is resumed; a disclosing one finds its buyer; a dealt one is paid out and
 * handed over; an ended one is disclosed again.
 */
const PRIMARY_ORDER: Readonly<Partial<Record<ProjectStatus, readonly string[]>>> = {
  draft: ['hangingTag', 'estimate', 'evaluation'],
  disclosing: [
    'registration',
    'intentionReview',
    'memberIntentionReview',
    'online',
    'auction',
    'dealConfirm',
    'resultConfirm',
    'contract',
    'transaction',
  ],
  suspended: ['recovery'],
  ended: ['rediscovery', 'intentionReview', 'resultConfirm'],
  // once dealt the contract is only corrected (修改合同信息): the payout comes first
  dealt: ['price', 'transaction', 'transfer', 'assurance', 'contract'],
  closed: ['assurance'],
};

export function actionGroupOf(action: string): ActionGroupKey {
  return GROUP_OF[action] ?? 'records';
}

export type ArrangedActions<T> = {
  primary: T | null;
  /** the others, by group in the order of ACTION_GROUP_TITLES, each keeping the registry's order */
  groups: { key: ActionGroupKey; title: string; actions: T[] }[];
};

/** Arranges the startable actions of a project of `status`: one primary, the rest grouped. */
export function arrangeActions<T extends { action: string }>(
  status: ProjectStatus,
  actions: readonly T[],
): ArrangedActions<T> {
  const order = PRIMARY_ORDER[status] ?? [];
  const ranked = order
    .map((action) => actions.find((candidate) => candidate.action === action))
    .find((candidate) => candidate !== undefined);
  const primary = ranked ?? actions[0] ?? null;
  const rest = actions.filter((candidate) => candidate !== primary);
  const groups = (Object.keys(ACTION_GROUP_TITLES) as ActionGroupKey[])
    .map((key) => ({
      key,
      title: ACTION_GROUP_TITLES[key],
      actions: rest.filter((candidate) => actionGroupOf(candidate.action) === key),
    }))
    .filter((group) => group.actions.length > 0);
  return { primary, groups };
}
