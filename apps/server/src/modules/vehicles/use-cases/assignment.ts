// A disposal's course after its application: once the exchange approved the application (its approval effect
// here), the exchange is asked to assign an assessment institution (指派评估机构, a task in its 待办任务) and assigns
// it, or another before the appraisal is given; the firm finds 车辆评估 in its 我的待办.
import { IDENTITY, isExamineStatusAccepted, MSG, stepPath, type DisposalParty } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, refused } from '../../../platform/errors.ts';
import { disposalSubject, isExchange, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import type { ApprovedAction } from '../../workflow/instances.ts';

const projectLink = (projectId: number) => stepPath('vehicleShowProject', { id: projectId }, 'motorVehicle');

/**
 * The exchange approved the application (in the approval's transaction): the disposal's course starts, and the
 * exchange is asked to assign an assessment institution.
 */
export async function startDisposal(ctx: VehiclesContext, tx: Db, approved: ApprovedAction): Promise<void> {
  const disposal = await repo.insertDisposal(tx, approved.projectId);
  if (disposal === undefined) return;
  const project = await ctx.findDisposalProject(approved.projectId, tx);
  await ctx.tasks.open(
    tx,
    {
      ...disposalSubject(project.id),
      step: 'vehicleAssign',
      projectId: project.id,
      companyId: project.companyId,
      type: 'Aon',
      routeName: 'vehicleShowProject',
      routeQuery: { id: project.id },
      assignee: { identity: IDENTITY.admin },
    },
    approved.approvedAt,
  );
  const exchangeId = await ctx.users.findExchangeCompanyId(tx);
  if (exchangeId !== null) {
    await ctx.tell(tx, {
      companyId: exchangeId,
      kind: 'task.assigned',
      title: MSG.vehicleAssignTitle,
      body: MSG.vehicleAssignBody,
      params: { project: project.name },
      link: projectLink(project.id),
      at: approved.approvedAt,
    });
  }
}

/** GET /api/project/disposalApply/appraisers: the admitted assessment institutions, by name. */
export async function listAppraisers(ctx: VehiclesContext): Promise<DisposalParty[]> {
  const page = await ctx.users.listCompanies({ identityType: IDENTITY.assessment, page: 1, size: 100 });
  return page.list
    .filter((company) => isExamineStatusAccepted(company.examineStatus))
    .map((company) => ({ id: company.id, name: company.name, licenceNo: '', validTo: '' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The disposal of an approved application, at the version the caller read it. */
async function findDisposal(ctx: VehiclesContext, projectId: number, version: number) {
  const project = await ctx.findDisposalProject(projectId);
  const disposal = await repo.findDisposal(ctx.db, projectId);
  if (disposal === undefined) throw refused(MSG.vehicleNotAwaitingAssignment);
  if (disposal.version !== version) throw conflict();
  return { project, disposal };
}

/** POST /api/project/disposalApply/assign: the exchange assigns (or, before the appraisal, re-assigns) the firm. */
export async function assignAppraiser(
  ctx: VehiclesContext,
  actor: Actor,
  input: { projectId: number; version: number; companyId: number },
): Promise<{ version: number }> {
  // a business rule, not the route's guard: the owner holds the same codes and is told who assigns
  if (!isExchange(actor)) throw refused(MSG.vehicleAssignExchangeOnly);
  const { project, disposal } = await findDisposal(ctx, input.projectId, input.version);
  if (project.status !== 'appraising' || disposal.appraisalSubmittedAt !== null) {
    throw refused(MSG.vehicleNotAwaitingAssignment);
  }
  const firm = await ctx.users.findCompany(input.companyId);
  if (firm === undefined || firm.identityType !== IDENTITY.assessment) {
    throw refused(MSG.vehicleAppraiserRequired);
  }
  const [who, count] = [await ctx.describe(actor), await repo.countItems(ctx.db, project.id)];
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, {
      appraiserCompanyId: firm.id,
      assignedAt: now,
    });
    if (saved === undefined) throw conflict();
    // the exchange's task is done, and a firm assigned before hands its task over
    await ctx.tasks.advance(
      tx,
      disposalSubject(project.id),
      { result: 'assigned', decider: actor, at: now },
      {
        ...disposalSubject(project.id),
        step: 'vehicleAppraise',
        projectId: project.id,
        companyId: project.companyId,
        type: 'Aon',
        category: 'estimate',
        routeName: 'disposalAssessmentOpinion',
        routeQuery: { projectId: project.id },
        assignee: { companyId: firm.id },
      },
    );
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleAppraiserAssigned',
      actor: who,
      reason: firm.name,
      at: now,
    });
    await ctx.tell(tx, {
      companyId: firm.id,
      kind: 'vehicle.appraisal',
      title: MSG.vehicleAppraiseTitle,
      body: MSG.vehicleAppraiseBody,
      params: { project: project.name, count },
      link: stepPath('disposalAssessmentOpinion', { projectId: project.id }, 'motorVehicle'),
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.appraiser.assign',
      result: 'ok',
      target: String(project.id),
      detail: { firm: firm.id },
    });
    return { version: saved.version };
  });
}
