// The decisions a registration waits for (待办任务), moved on with each of its transitions.
import { IDENTITY, INTENTION_VIEW_ROUTES, projectShowRoute, type IntentionStatus } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { OpenTaskInput, TaskDecider } from '../tasks/service.ts';
import { familyOf } from './access.ts';
import type { IntentionsDeps } from './deps.ts';
import type * as repo from './repo.ts';

/**
 * Who must decide on a registration in each status (待办任务), and on which screen: the member signs its letter and
 * corrects a returned one; the project's owner gives its opinion, then the exchange confirms the qualification,
 * both on the project's page where the registrations are listed. In the other statuses nobody need act.
 */
function intentionTask(item: repo.IntentionItem, status: IntentionStatus): OpenTaskInput | undefined {
  const family = familyOf(item);
  const common = {
    subject: 'intention' as const,
    subjectId: item.id,
    projectId: item.projectId,
    companyId: item.companyId,
  };
  const onProjectPage = {
    routeName: projectShowRoute(family) ?? 'showproject',
    routeQuery: { id: item.projectId },
  };
  switch (status) {
    case 'letterGenerated':
      return {
        ...common,
        step: 'intentionSign',
        type: 'EicSre',
        routeName: INTENTION_VIEW_ROUTES[family],
        routeQuery: { id: item.id },
        assignee: { companyId: item.companyId },
      };
    case 'submitted':
      return {
        ...common,
        ...onProjectPage,
        step: 'intentionOpinion',
        type: 'Review',
        assignee: { companyId: item.projectCompanyId },
      };
    case 'ownerApproved':
      return {
        ...common,
        ...onProjectPage,
        step: 'intentionConfirm',
        type: 'Review',
        assignee: { identity: IDENTITY.admin },
      };
    case 'returned':
      return {
        ...common,
        step: 'intentionModify',
        type: 'MfyRrn',
        routeName: 'addIntention',
        routeQuery: { id: item.id },
        assignee: { companyId: item.companyId },
      };
    default:
      return undefined;
  }
}

/** The registration moved to `status`: the decision just taken is closed, the one now waiting opened. */
export async function handOn(
  deps: IntentionsDeps,
  tx: Db,
  item: repo.IntentionItem,
  status: IntentionStatus,
  done: { result: string; decider: TaskDecider; at: Date },
): Promise<void> {
  const { tasks } = deps;
  await tasks.advance(tx, { subject: 'intention', subjectId: item.id }, done, intentionTask(item, status));
}
