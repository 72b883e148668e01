// The plans module owns a company's disposal plans (我的计划): who may see a plan (its owner company and the
// exchange; anyone else is told it does not exist), saving and deleting it while it is a plan, and turning it into
// a draft project of its family (POST /api/plan/to/project) through the projects service, in one transaction with
// the plan's link to it. A plan that became a project is read only; two people turning one plan at once: one wins,
// the other gets a conflict and no second project is left behind.
import {
  checkPlanForm,
  FAMILY_TITLES,
  MSG,
  PLAN_CODE,
  PLAN_STATUS,
  PLAN_STATUS_LABELS,
  projectFormOfPlan,
  yearSerialCode,
  type PageResult,
  type PlanForm,
  type PlanListRow,
  type PlanProject,
  type PlanView,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { Db } from '../../db/client.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import { isExchange, type ProjectsService } from '../projects/service.ts';
import * as repo from './repo.ts';

export type PlansService = ReturnType<typeof createPlansService>;

export type PlanListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: PlanListRow['status'] | undefined;
};

function toListRow(item: repo.PlanItem, viewer: Pick<Viewer, 'companyId'>): PlanListRow {
  const isConverted = item.projectId !== null;
  const status = isConverted ? PLAN_STATUS.converted : PLAN_STATUS.planned;
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    family: item.family,
    familyLabel: FAMILY_TITLES[item.family],
    listingPrice: item.form.listingPrice ?? null,
    plannedDate: item.form.plannedDate ?? null,
    status,
    statusLabel: PLAN_STATUS_LABELS[status],
    project:
      item.projectId !== null && item.projectCode !== null
        ? { id: item.projectId, code: item.projectCode }
        : null,
    companyName: item.companyName,
    updatedAt: item.updatedAt.toISOString(),
    version: item.version,
    isOwn: item.companyId === viewer.companyId,
  };
}

export function createPlansService(
  deps: Pick<PlatformDeps, 'db' | 'clock'> & { audit: AuditService; projects: ProjectsService },
) {
  const { db, audit, clock, projects } = deps;

  /** The plan, or 404 when it does not exist or belongs to another company (the exchange sees all). */
  async function findVisible(viewer: Viewer, id: number): Promise<repo.PlanItem> {
    const item = await repo.findItem(db, id);
    if (item === undefined || (item.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
    return item;
  }

  /** A plan of the caller's company that is still a plan; the exchange, which reads, is told it is not there. */
  async function findOpen(actor: Viewer, id: number): Promise<repo.PlanItem> {
    const item = await findVisible(actor, id);
    if (item.companyId !== actor.companyId) throw notFound();
    if (item.projectId !== null) throw refused(MSG.plansConverted);
    return item;
  }

  function requireForm(input: unknown): PlanForm {
    const checked = checkPlanForm(input);
    if (checked.message !== null) throw refused(checked.message);
    return checked.value;
  }

  async function list(viewer: Viewer, query: PlanListQuery): Promise<PageResult<PlanListRow>> {
    const page = await repo.listPlans(db, {
      companyId: isExchange(viewer) ? undefined : viewer.companyId,
      keyword: query.keyword,
      isConverted: query.status === undefined ? undefined : query.status === PLAN_STATUS.converted,
      page: query.page,
      size: query.size,
    });
    return {
      total: page.total,
      isTotalCapped: page.isTotalCapped,
      list: page.list.map((item) => toListRow(item, viewer)),
    };
  }

  async function show(viewer: Viewer, id: number): Promise<PlanView> {
    const item = await findVisible(viewer, id);
    return {
      ...toListRow(item, viewer),
      form: item.form,
      createdAt: item.createdAt.toISOString(),
    };
  }

  /** A new plan of the caller's company, with its code (PLAN_CODE). */
  async function create(actor: Actor, input: { form: unknown }): Promise<{ id: number; version: number }> {
    const form = requireForm(input.form);
    return db.transaction((tx) => insertPlan(tx, actor, form));
  }

  /** Stores a new plan of the caller's company in the caller's transaction, with its code and the audit row. */
  async function insertPlan(
    tx: Db,
    actor: Actor,
    form: PlanForm,
  ): Promise<{ id: number; version: number; code: string }> {
    const inserted = await repo.insertPlan(tx, {
      companyId: actor.companyId,
      // a placeholder until the id is known; replaced below in the same transaction
      code: `plan-${crypto.randomUUID()}`,
      name: form.name,
      family: form.family,
      form,
      createdBy: actor.userId,
    });
    const row = await repo.setCode(tx, inserted.id, yearSerialCode(PLAN_CODE, clock.now(), inserted.id));
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'plan.create',
      result: 'ok',
      target: String(row.id),
      detail: { code: row.code, family: row.family },
    });
    return { id: row.id, version: row.version, code: row.code };
  }

  async function update(
    actor: Actor,
    id: number,
    input: { version: number; form: unknown },
  ): Promise<{ id: number; version: number }> {
    const plan = await findOpen(actor, id);
    const form = requireForm(input.form);
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, plan.id, input.version, {
        name: form.name,
        family: form.family,
        form,
      });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'plan.update',
        result: 'ok',
        target: String(row.id),
        detail: { version: row.version, family: row.family },
      });
      return { id: row.id, version: row.version };
    });
  }

  async function remove(actor: Actor, id: number, input: { version: number }): Promise<{ id: number }> {
    const plan = await findOpen(actor, id);
    return db.transaction(async (tx) => {
      if (!(await repo.deleteGuarded(tx, plan.id, input.version))) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'plan.delete',
        result: 'ok',
        target: String(plan.id),
        detail: { code: plan.code },
      });
      return { id: plan.id };
    });
  }

  /**
   * POST /api/plan/to/project: a draft project of the plan's family with the plan's facts, and the plan linked
   * to it, in one transaction. A plan changed or turned meanwhile (stale version) answers 409 and the draft made
   * for it is rolled back with the transaction.
   */
  async function toProject(actor: Actor, input: { id: number; version: number }): Promise<PlanProject> {
    const plan = await findOpen(actor, input.id);
    return db.transaction(async (tx) => {
      const project = await projects.insertDraft(
        tx,
        actor,
        { family: plan.family, form: projectFormOfPlan(plan.form) },
        { action: 'project.fromPlan', detail: { planId: plan.id, planCode: plan.code } },
      );
      const row = await repo.updateGuarded(tx, plan.id, input.version, { projectId: project.id });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'plan.toProject',
        result: 'ok',
        target: String(plan.id),
        detail: { projectId: project.id, family: plan.family },
      });
      const created = await projects.findById(project.id, tx);
      return { id: project.id, family: plan.family, code: created?.code ?? '' };
    });
  }

  return { list, show, create, update, remove, toProject, insertPlan, checkForm: requireForm };
}
