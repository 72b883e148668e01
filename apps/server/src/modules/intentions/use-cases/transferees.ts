// The transferee (意向受让方) a registration names, as the project's pages read it: its facts, and whether it has a
// state-funded background (国有资金), derived from the account openings on the portal (the users module's
// findStateEnterpriseOf), never typed by the member. Who reads it is who reads the registration (access.ts).
import { MSG } from '@cqjy/domain';
import type { StateFunded, TransfereeView } from '@cqjy/domain/contracts/transferees';
import { notFound } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { canSee } from '../access.ts';
import type { IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { buyerFacts } from '../view.ts';

/** The registration behind a transferee id, when the viewer sees it; else 404 (意向受让方不存在). */
async function findTransferee(deps: IntentionsDeps, viewer: Viewer, id: number): Promise<repo.IntentionItem> {
  const item = await repo.findItem(deps.db, id);
  if (item === undefined || !canSee(viewer, item)) throw notFound(MSG.transfereeNotFound);
  return item;
}

/** GET /api/project/transferee/show/{id}. */
export async function showTransferee(
  deps: IntentionsDeps,
  viewer: Viewer,
  id: number,
): Promise<TransfereeView> {
  const item = await findTransferee(deps, viewer, id);
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    ...buyerFacts(item),
  };
}

const NOT_STATE_FUNDED: StateFunded = { stateFunded: false, stateFundedEnter: null, stateCreditCode: null };

/**
 * GET /api/project/transferee/state/funded/{id}: state-funded when the transferee's certificate is a unified
 * social credit code the portal knows a 国家出资企业 of (its company's account opening named one, or it is one some
 * company's opening named); a person, and a code the portal knows nothing of, is not.
 */
export async function readStateFunded(
  deps: IntentionsDeps,
  viewer: Viewer,
  id: number,
): Promise<StateFunded> {
  const { users } = deps;
  const item = await findTransferee(deps, viewer, id);
  if (item.certType !== 'creditCode') return NOT_STATE_FUNDED;
  const enterprise = await users.findStateEnterpriseOf(item.certNo);
  if (enterprise === undefined) return NOT_STATE_FUNDED;
  return { stateFunded: true, ...enterprise };
}
