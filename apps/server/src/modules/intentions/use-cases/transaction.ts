// The deal's rules of the unified family's applications that name a registered buyer, and what the transaction's
// approval settles. The member's review (memberIntentionReview) may name a buyer registered on the project and in
// review or confirmed; the transaction (unifiedContract) a confirmed one (or the hall's winner), at no less than
// the listing price. The engine asks both as preconditions, when the application is submitted and again when it is
// approved; the transaction's approval then settles the registrations as the agreement with that buyer.
import { dealResultOf, formatFen, formatMessage, MSG, type IntentionStatus } from '@cqjy/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { IntentionsDeps } from '../deps.ts';
import { listQualified, settleDeal } from '../settle.ts';
import { intentionRegistrations as ir } from '../tables.ts';
import { listingPriceOf } from '../view.ts';

/** An application as the engine hands it to a precondition or an approval effect. */
type NamingApplication = { projectId: number; form: Readonly<Record<string, unknown>> };

/** The registrations still before the exchange's confirmation or confirmed: a member's review may name them. */
const REVIEWABLE: readonly IntentionStatus[] = ['submitted', 'ownerApproved', 'qualified'];
/** The registrations a deal may be made with: confirmed, or already the winner of the hall. */
const DEALABLE: readonly IntentionStatus[] = ['qualified', 'won'];

const nameOf = (form: NamingApplication['form']): string =>
  typeof form.transfereeName === 'string' ? form.transfereeName.trim() : '';

/** Whether the project has a registration of the buyer `name` in one of `statuses`. */
async function hasRegistration(
  db: Db,
  projectId: number,
  name: string,
  statuses: readonly IntentionStatus[],
): Promise<boolean> {
  if (name === '') return false;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ir)
    .where(and(eq(ir.projectId, projectId), eq(ir.name, name), inArray(ir.status, [...statuses])));
  return (row?.n ?? 0) > 0;
}

/** The member's review: null when the buyer it names is registered on the project, else the refusal. */
export async function checkMemberReview(
  _deps: IntentionsDeps,
  db: Db,
  application: NamingApplication,
): Promise<string | null> {
  const name = nameOf(application.form);
  return (await hasRegistration(db, application.projectId, name, REVIEWABLE))
    ? null
    : formatMessage(MSG.unifiedReviewTransfereeUnknown, { name });
}

/** The transaction: null when it names a confirmed buyer at no less than the listing price, else the refusal. */
export async function checkTransaction(
  deps: IntentionsDeps,
  db: Db,
  application: NamingApplication,
): Promise<string | null> {
  const name = nameOf(application.form);
  if (!(await hasRegistration(db, application.projectId, name, DEALABLE))) {
    return formatMessage(MSG.unifiedTransactionUnqualified, { name });
  }
  const project = await deps.projects.findById(application.projectId, db);
  const listing = project === undefined ? null : listingPriceOf(project);
  const price = application.form.dealPrice;
  return listing !== null && typeof price === 'number' && price < listing
    ? formatMessage(MSG.unifiedTransactionBelowListing, { price: formatFen(listing) })
    : null;
}

/**
 * The transaction's approval settles the registrations as the agreement with the buyer it names: that registration
 * won, the other qualified ones lost, the deal kept in the project's details and its process log. A deal decided
 * before (the hall's winner, the exchange's agreement) stays as it was.
 */
export async function settleTransaction(
  deps: IntentionsDeps,
  tx: Db,
  approved: NamingApplication & { approvedAt: Date },
): Promise<void> {
  const { audit, notifications, projects, processLog } = deps;
  const project = await projects.findById(approved.projectId, tx);
  if (project === undefined || dealResultOf(project.details) !== null) return;
  const name = nameOf(approved.form);
  const buyer = (await listQualified(tx, approved.projectId)).find((row) => row.name === name);
  const price = approved.form.dealPrice;
  if (buyer === undefined || typeof price !== 'number') return;
  await settleDeal(
    tx,
    approved.projectId,
    buyer.id,
    { source: 'agreement', dealPrice: price, decidedAt: approved.approvedAt },
    { notifications, projects, processLog, audit, at: approved.approvedAt },
  );
}
