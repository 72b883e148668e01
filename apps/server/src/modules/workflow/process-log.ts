// A project's process log (流程日志): every step of its applications (submit, sign, pass, back, withdraw) with who
// took it, flat or grouped by application (stage).
import {
  findAction,
  PROCESS_RESULT_LABELS,
  PROCESS_STEP_LABELS,
  type ProcessLogRow,
  type ProcessLogStage,
  type ProcessStep,
} from '@cqjy/domain';
import type { Actor, WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

export function createProcessLog(ctx: WorkflowContext) {
  const { db, projects } = ctx;

  async function listProcessLog(actor: Actor, projectId: number): Promise<ProcessLogRow[]> {
    const project = await projects.findVisible(actor, projectId);
    const rows = await repo.listLogsOfProject(db, project.id);
    return rows.map((row) => ({
      id: row.id,
      stage: findAction(row.family, row.action)?.title ?? row.action,
      step: row.step,
      stepLabel: PROCESS_STEP_LABELS[row.step as ProcessStep] ?? row.step,
      result: PROCESS_RESULT_LABELS[row.step as ProcessStep] ?? row.step,
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
    const stages = new Map<number, ProcessLogStage>();
    rows.forEach((row, i) => {
      const log = logs[i];
      if (log === undefined) return;
      const stage = stages.get(row.instanceId) ?? { stage: log.stage, actionId: row.instanceId, rows: [] };
      stage.rows.push(log);
      stages.set(row.instanceId, stage);
    });
    return [...stages.values()];
  }

  // The first disclosure of a project is applied for from the project form (projects module): it reaches the

  return { listProcessLog, listProcessLogStages };
}
