// A project's process log (流程日志): every step of its applications (submit, sign, pass, back, withdraw) with who
// took it, flat or grouped by application (stage); and what the deal's modules decided about the project (the
// bidding hall's result, the agreement's confirmation: the domain's PROJECT_EVENTS), recorded through
// recordProjectEvent in their own transaction, as rows of no application.
import {
  findAction,
  PROCESS_RESULT_LABELS,
  PROCESS_STEP_LABELS,
  PROJECT_EVENT_SYSTEM_ACTOR,
  PROJECT_EVENTS,
  type ProcessLogRow,
  type ProcessLogStage,
  type ProcessStep,
  type ProjectEvent,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { Actor, ActorNames, WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

/**
 * A decision about a project for its log: who took it (its names read before the deciding transaction, with
 * describeActor; null: the server by its clock), the event, the facts.
 */
export type ProjectEventInput = {
  projectId: number;
  event: ProjectEvent;
  /** what was decided, as the log's 意见/原因 column shows it (the winner and the price ...) */
  reason: string;
  actor: (ActorNames & { userId: number }) | null;
  at: Date;
};

/** The labels of a stored row: an application's step, or a project event (a row of no application). */
function labelsOf(row: repo.LogRow): { stage: string; stepLabel: string; result: string } {
  if (row.instanceId === null) {
    const event = Object.hasOwn(PROJECT_EVENTS, row.step)
      ? PROJECT_EVENTS[row.step as ProjectEvent]
      : undefined;
    return {
      stage: event?.stage ?? row.action,
      stepLabel: event?.step ?? row.step,
      result: event?.result ?? row.step,
    };
  }
  return {
    stage: findAction(row.family, row.action)?.title ?? row.action,
    stepLabel: PROCESS_STEP_LABELS[row.step as ProcessStep] ?? row.step,
    result: PROCESS_RESULT_LABELS[row.step as ProcessStep] ?? row.step,
  };
}

export function createProcessLog(ctx: WorkflowContext) {
  const { db, projects, users } = ctx;

  /**
   * Records a decision about the project in its log, in the deciding module's transaction (read through it: with
   * one connection, a read beside it would wait for it). The server's own decision is the exchange's.
   */
  async function recordProjectEvent(tx: Db, input: ProjectEventInput): Promise<void> {
    const project = await projects.findById(input.projectId, tx);
    if (project === undefined) throw new Error(`no project ${input.projectId} to log`);
    const exchangeId = input.actor === null ? await users.findExchangeCompanyId(tx) : null;
    const names: ActorNames = input.actor ?? {
      actorName: PROJECT_EVENT_SYSTEM_ACTOR,
      actorCompanyName: exchangeId === null ? '' : ((await users.findCompany(exchangeId, tx))?.name ?? ''),
    };
    await repo.insertLog(tx, {
      projectId: project.id,
      instanceId: null,
      companyId: project.companyId,
      family: project.family,
      action: 'event',
      step: input.event,
      reason: input.reason,
      actorUserId: input.actor?.userId ?? null,
      actorName: names.actorName,
      actorCompanyName: names.actorCompanyName,
      at: input.at,
    });
  }

  async function listProcessLog(actor: Actor, projectId: number): Promise<ProcessLogRow[]> {
    const project = await projects.findVisible(actor, projectId);
    const rows = await repo.listLogsOfProject(db, project.id);
    return rows.map((row) => ({
      id: row.id,
      ...labelsOf(row),
      step: row.step,
      reason: row.reason,
      actorName: row.actorName,
      companyName: row.actorCompanyName,
      at: row.at.toISOString(),
    }));
  }

  /** The process log grouped by application (stage), in the order the applications started. */
  async function listProcessLogStages(actor: Actor, projectId: number): Promise<ProcessLogStage[]> {
    const project = await projects.findVisible(actor, projectId);
    const rows = await repo.listLogsOfProject(db, project.id);
    const logs = await listProcessLog(actor, projectId);
    // a project event is a stage of its own (actionId 0: no application)
    const stages = new Map<string, ProcessLogStage>();
    rows.forEach((row, i) => {
      const log = logs[i];
      if (log === undefined) return;
      const key = row.instanceId === null ? `event-${row.id}` : String(row.instanceId);
      const stage = stages.get(key) ?? { stage: log.stage, actionId: row.instanceId ?? 0, rows: [] };
      stage.rows.push(log);
      stages.set(key, stage);
    });
    return [...stages.values()];
  }

  // The first disclosure of a project is applied for from the project form (projects module): it reaches the

  return { listProcessLog, listProcessLogStages, recordProjectEvent };
}
