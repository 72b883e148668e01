// The reads: the projects open to registrations, the registrations the caller sees and one with its files, and
// the deal's course a project's qualified registrations lead to.
import {
  agreementRefusal,
  biddingRefusal,
  dealCourse,
  familyLabel,
  INTENTION_FAMILIES,
  INTENTION_FILE_TAG,
  registrationOpenSince,
  type DealCourseView,
  type IntentionDetail,
  type IntentionView,
  type OpenProject,
} from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { canAskAbout, findVisible, isExchange, isMember, recordOf } from '../access.ts';
import type { IntentionListQuery, IntentionsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { readDealFacts } from '../settle.ts';
import { depositAccountOf, depositTermsOf, listingPriceOf, toView } from '../view.ts';

/** The most a list or a picker answers (typing narrows them). */
const LIST_LIMIT = 200;

/** POST /api/intention/projects: the disclosing projects open to registrations, newest first. */
export async function listOpenProjects(deps: IntentionsDeps, keyword: string): Promise<OpenProject[]> {
  const { db, clock } = deps;
  const since = registrationOpenSince(clock.now());
  const rows = await repo.listOpenProjects(db, INTENTION_FAMILIES, keyword, LIST_LIMIT, since);
  return rows.map((row) => {
    const deposit = depositTermsOf(row);
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      family: row.family,
      familyLabel: familyLabel(row.family),
      listingPrice: listingPriceOf(row),
      depositAmount: deposit.amount,
      depositDeadline: deposit.deadline,
      disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
    };
  });
}

/** POST /api/intention/list: the registrations the viewer sees, newest first. */
export async function listIntentions(
  deps: IntentionsDeps,
  viewer: Viewer,
  query: IntentionListQuery,
): Promise<IntentionView[]> {
  const { db, projects } = deps;
  if (query.projectId !== undefined) {
    const project = await projects.findById(query.projectId);
    if (project === undefined || !(await canAskAbout(deps, viewer, project))) throw notFound();
  }
  const rows = await repo.listItems(
    db,
    { companyId: viewer.companyId, isExchange: isExchange(viewer), isMember: isMember(viewer) },
    { ...query, limit: LIST_LIMIT },
  );
  return rows.map(toView);
}

/** GET /api/intention/{id}: the registration with its files. */
export async function showIntention(
  deps: IntentionsDeps,
  viewer: Viewer,
  id: number,
): Promise<IntentionDetail> {
  const { attachments } = deps;
  const item = await findVisible(deps, viewer, id);
  const files = await attachments.listRelated(viewer, recordOf(item.id));
  return {
    ...toView(item),
    files: files.filter((file) => file.tag === INTENTION_FILE_TAG),
    depositAccount: item.depositAmount === null ? null : depositAccountOf(deps, item.id),
  };
}

/**
 * GET /api/intention/course/{projectId}: the deal's course the qualified registrations lead to, and whether the
 * exchange may take its step now (open the hall, confirm the agreement) or why not: the same rules its calls
 * apply, so the page's disabled button says what the call would answer.
 */
export async function readDealCourse(
  deps: IntentionsDeps,
  viewer: Viewer,
  projectId: number,
): Promise<DealCourseView> {
  const { db, clock, projects } = deps;
  const project = await projects.findById(projectId);
  if (project === undefined || !(await canAskAbout(deps, viewer, project))) throw notFound();
  const qualified = await repo.countQualified(db, project.id);
  const facts = await readDealFacts(db, project);
  // a hall that decided the deal stays its course, whoever of its bidders defaulted since
  const kind = facts.hasHall ? 'bidding' : dealCourse(qualified);
  const now = clock.now();
  const reason =
    kind === 'bidding'
      ? biddingRefusal(facts, now)
      : kind === 'agreement'
        ? agreementRefusal(facts, now)
        : null;
  return {
    course: kind,
    qualified,
    canOpenBidding: kind === 'bidding' && reason === null,
    canAgree: kind === 'agreement' && reason === null,
    reason,
  };
}
