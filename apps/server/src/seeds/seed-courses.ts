// The courses the demo projects went through, written as the workflow engine writes them: for each application
// its instance, the revision submitted, the applicant's e-signature task and the exchange's review task (closed
// as signed and passed, or the review sent back with the return task left open), and the process log rows
// submit, sign and pass (or back) of the applicant's and the exchange's operators, at increasing times. The seed
// has no rendered letters (the demo signers are enrolled after it): demo-signing.ts draws and seals them at the
// first start outside production.
import { findAction, IDENTITY, type ActionForm } from '@cqjy/domain';
import { tasks } from '../modules/tasks/tables.ts';
import { actionInstances, actionRevisions, processLogs } from '../modules/workflow/tables.ts';
import type { Db } from '../db/client.ts';

/** Who took a step, as the process log keeps it. */
export type SeedParty = {
  userId: number;
  operatorId: number;
  companyId: number;
  name: string;
  companyName: string;
};

export type SeedCourse = {
  projectId: number;
  family: string;
  action: string;
  form: ActionForm;
  /** the applicant company's operator (the owner's, or for the member's actions the member's) */
  applicant: SeedParty;
  exchange: SeedParty;
  /** the time of the exchange's review; submission and signature come an hour and half an hour before it */
  reviewedAt: Date;
  /** sent back with this reason (the return task stays open); passed without one */
  returnReason?: string;
};

const HOUR_MS = 3_600_000;

/** Writes one application's course; answers the instance id. */
export async function insertCourse(tx: Db, course: SeedCourse): Promise<number> {
  const config = findAction(course.family, course.action);
  if (config === undefined) throw new Error(`no action ${course.family}/${course.action}`);
  const { applicant, exchange, reviewedAt } = course;
  const submittedAt = new Date(reviewedAt.getTime() - HOUR_MS);
  const signedAt = new Date(reviewedAt.getTime() - HOUR_MS / 2);
  const isPass = course.returnReason === undefined;
  const [instance] = await tx
    .insert(actionInstances)
    .values({
      projectId: course.projectId,
      companyId: applicant.companyId,
      family: course.family,
      action: course.action,
      status: isPass ? 'approved' : 'returned',
      form: course.form,
      revisionNo: 1,
      // create, save, submit, sign (for an action with a letter) and review each add one
      version: config.isSigned ? 5 : 4,
      createdBy: applicant.userId,
      createdAt: submittedAt,
      updatedAt: reviewedAt,
    })
    .returning({ id: actionInstances.id });
  if (instance === undefined) throw new Error('the demo application was not stored');
  const base = {
    subject: 'action' as const,
    subjectId: instance.id,
    action: course.action,
    routeQuery: { id: instance.id },
    projectId: course.projectId,
    companyId: applicant.companyId,
  };
  await tx.insert(actionRevisions).values({
    instanceId: instance.id,
    companyId: applicant.companyId,
    no: 1,
    form: course.form,
    submittedAt,
  });
  // an action without a letter goes from its submission straight to the exchange's review (no e-signature)
  const signature = config.isSigned
    ? [
        {
          ...base,
          type: 'EicSre' as const,
          routeName: config.routes.EicSre,
          status: 'done' as const,
          assigneeCompanyId: applicant.companyId,
          doneBy: applicant.operatorId,
          doneCompanyId: applicant.companyId,
          doneAt: signedAt,
          result: 'signed',
          version: 2,
          createdAt: submittedAt,
          updatedAt: signedAt,
        },
      ]
    : [];
  const reviewFrom = config.isSigned ? signedAt : submittedAt;
  await tx.insert(tasks).values([
    ...signature,
    {
      ...base,
      type: 'Review' as const,
      routeName: config.routes.EicSre,
      status: 'done' as const,
      assigneeIdentity: IDENTITY.admin,
      doneBy: exchange.operatorId,
      doneCompanyId: exchange.companyId,
      doneAt: reviewedAt,
      result: isPass ? 'pass' : 'back',
      version: 2,
      createdAt: reviewFrom,
      updatedAt: reviewedAt,
    },
    ...(isPass
      ? []
      : [
          {
            ...base,
            type: 'MfyRrn' as const,
            routeName: config.routes.MfyRrn,
            status: 'open' as const,
            assigneeCompanyId: applicant.companyId,
            createdAt: reviewedAt,
            updatedAt: reviewedAt,
          },
        ]),
  ]);
  const log = {
    projectId: course.projectId,
    instanceId: instance.id,
    companyId: applicant.companyId,
    family: course.family,
    action: course.action,
  };
  const by = (party: SeedParty) => ({
    actorUserId: party.userId,
    actorName: party.name,
    actorCompanyName: party.companyName,
  });
  await tx.insert(processLogs).values([
    { ...log, ...by(applicant), step: 'submit', reason: null, at: submittedAt },
    ...(config.isSigned ? [{ ...log, ...by(applicant), step: 'sign', reason: null, at: signedAt }] : []),
    {
      ...log,
      ...by(exchange),
      step: isPass ? 'pass' : 'back',
      reason: course.returnReason ?? null,
      at: reviewedAt,
    },
  ]);
  return instance.id;
}
