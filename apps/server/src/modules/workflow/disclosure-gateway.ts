// The engine's side of the disclosures applied for from the project form (projects module): the formal
// disclosure, and the pre-disclosure of the kinds that have one. The form reaches the engine through this gateway,
// so projects never imports the workflow module: find the open application (of either stage), withdraw it before
// its signature, or start one (create or reuse, save the period, submit).
import { canTransition, DISCARDABLE_ACTION_STATUSES, MSG } from '@cqjy/domain';
import { refused } from '../../platform/errors.ts';
import type { DisclosureAction } from '../projects/service.ts';
import { assigneeOf } from '../tasks/service.ts';
import { requireConfig, subjectOf, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';
import type { Transitions } from './transitions.ts';

/** The stages in the order a project goes through them; a project has at most one open at a time. */
const DISCLOSURE_ACTIONS: readonly DisclosureAction[] = ['preDisclosure', 'disclosure'];

export function registerDisclosureGateway(ctx: WorkflowContext, transitions: Transitions): void {
  const { db, projects, tasks } = ctx;
  const { create, saveForm, submit, terminate } = transitions;

  /** The project's open disclosure application of either stage, with its action. */
  async function findOpen(projectId: number) {
    const project = await projects.findById(projectId);
    if (project === undefined) return undefined;
    for (const action of DISCLOSURE_ACTIONS) {
      const instance = await repo.findOpenInstance(db, { projectId, family: project.family, action });
      if (instance !== undefined) return { project, action, instance };
    }
    return undefined;
  }

  projects.registerDisclosure({
    async find(actor, projectId) {
      const open = await findOpen(projectId);
      if (open === undefined) return null;
      const { action, instance } = open;
      const task = (await tasks.listOpenOf(subjectOf(instance), assigneeOf(actor)))[0];
      return {
        action,
        status: instance.status,
        openTask:
          task === undefined
            ? null
            : { id: task.id, type: task.type, routeName: task.routeName, actionId: instance.id },
      };
    },
    async cancel(actor, projectId) {
      const open = await findOpen(projectId);
      if (open === undefined) return false;
      const { status } = open.instance;
      if (!canTransition('withdraw', status) && !DISCARDABLE_ACTION_STATUSES.includes(status)) return false;
      const config = requireConfig(open.project.family, open.action);
      await terminate(actor, config, { id: open.instance.id, version: open.instance.version });
      return true;
    },
    async start(actor, project, input) {
      const config = requireConfig(project.family, input.action);
      const key = { projectId: project.id, family: project.family, action: config.action };
      // a returned (or an earlier unfinished) application is answered again rather than doubled
      const open = await repo.findOpenInstance(db, key);
      if (open !== undefined && !canTransition('edit', open.status)) {
        throw refused(MSG.workflowInstanceOpen);
      }
      const created = open ?? (await create(actor, config, project.id));
      const saved = await saveForm(
        actor,
        config,
        { id: created.id, version: created.version, form: { disclosureDays: input.days } },
        'workflow.save',
      );
      const submitted = await submit(actor, config, saved);
      return { actionId: submitted.id, taskId: submitted.taskId };
    },
  });
}
