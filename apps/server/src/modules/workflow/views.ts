// What the screens read of applications: one instance with its files, revisions, returns and the caller's open
// task (the Aon, MfyRrn and EicSre screens), and a project's applications (业务申请) with the screen each opens on.
import {
  ACTION_DATA_CLASS,
  ACTION_STATUS_LABELS,
  findAction,
  type ActionConfig,
  type ActionView,
  type AttachmentItem,
  type ProjectActionRow,
} from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import { toSummary } from '../projects/service.ts';
import { assigneeOf } from '../tasks/service.ts';
import { groupByTag, isExchange, subjectOf, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

function fileRef(files: readonly AttachmentItem[], id: string | null): { uuid: string; name: string } | null {
  if (id === null) return null;
  const file = files.find((f) => f.uuid === id);
  return file === undefined ? null : { uuid: file.uuid, name: file.name };
}

export function createViews(ctx: WorkflowContext) {
  const { db, attachments, projects, tasks } = ctx;
  const { findVisibleInstance } = ctx;

  async function show(actor: Actor, config: ActionConfig, id: number): Promise<ActionView> {
    const instance = await findVisibleInstance(actor, config, id);
    const [project, files, revisions, logs, openTasks] = await Promise.all([
      projects.findById(instance.projectId),
      attachments.listRelated(actor, { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) }),
      repo.listRevisions(db, instance.id),
      repo.listLogsOfInstance(db, instance.id),
      tasks.listOpenOf(subjectOf(instance), assigneeOf(actor)),
    ]);
    if (project === undefined) throw notFound();
    const byTag = groupByTag(files);
    const task = openTasks[0];
    return {
      id: instance.id,
      projectId: instance.projectId,
      family: instance.family,
      action: instance.action,
      actionTitle: config.title,
      status: instance.status,
      statusLabel: ACTION_STATUS_LABELS[instance.status],
      form: instance.form,
      version: instance.version,
      attachments: byTag,
      letter: fileRef(files, instance.letterId),
      signedLetter: fileRef(files, instance.signedLetterId),
      returns: logs
        .filter((log) => log.step === 'back')
        .map((log) => ({ reason: log.reason ?? '', by: log.actorName, at: log.at.toISOString() })),
      revisions: revisions.map((r) => ({
        no: r.no,
        form: r.form,
        projectForm: r.projectForm,
        submittedAt: r.submittedAt.toISOString(),
      })),
      project: toSummary(project),
      openTask: task === undefined ? null : { id: task.id, type: task.type, routeName: task.routeName },
    };
  }

  /** The applications of a project the caller sees, newest first, each with the screen to open it on. */
  async function listProjectActions(actor: Actor, projectId: number): Promise<ProjectActionRow[]> {
    const project = await projects.findVisible(actor, projectId);
    // the applications the caller may open: its own company's (the owner's or the agent member's); the exchange all
    const instances = (await repo.listInstancesOfProject(db, project.id)).filter(
      (instance) => instance.companyId === actor.companyId || isExchange(actor),
    );
    return Promise.all(
      instances.map(async (instance) => {
        const config = findAction(instance.family, instance.action);
        const task = (await tasks.listOpenOf(subjectOf(instance), assigneeOf(actor)))[0];
        const routes = config?.routes;
        const stateRoute =
          routes === undefined
            ? ''
            : instance.status === 'draft'
              ? routes.Aon
              : instance.status === 'returned'
                ? routes.MfyRrn
                : routes.EicSre;
        return {
          id: instance.id,
          action: instance.action,
          actionTitle: config?.title ?? instance.action,
          status: instance.status,
          statusLabel: ACTION_STATUS_LABELS[instance.status],
          createdAt: instance.createdAt.toISOString(),
          updatedAt: instance.updatedAt.toISOString(),
          openTask: task === undefined ? null : { id: task.id, type: task.type, routeName: task.routeName },
          routeName: task?.routeName ?? stateRoute,
        };
      }),
    );
  }

  return { show, listProjectActions };
}
