// The disclosure applications a project form submits (the pre-disclosure and the formal disclosure): submitted
// after the kind's rule checks, submitted again once returned or from the caller's task, withdrawn before signing.
// The workflow engine runs the application itself (deps.disclosure).
import {
  findProjectKind,
  isFormEditable,
  isProjectFamily,
  MSG,
  PROJECT_DATA_CLASS,
  PROJECT_KINDS,
  readProjectForm,
  submittableStages,
  type DisclosureStage,
  type ProjectFamily,
} from '@cqjy/domain';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { findOwn, findVisible, isLocked } from '../access.ts';
import { DISCLOSURE_ACTION_OF, type ProjectsDeps, type SessionActor } from '../deps.ts';
import { countByTag } from '../view.ts';

type Submitted = { id: number; actionId: number; taskId: number };

/**
 * Submits a project for the disclosure of `stage`: the kind's rule checks (with the project's files and the
 * exchange's periods), then the engine's application (the pre-disclosure or the formal disclosure) is created
 * and submitted. The screen goes on to its e-signature step.
 */
export async function submitProject(
  deps: ProjectsDeps,
  actor: SessionActor,
  family: ProjectFamily,
  id: number,
  input: { version: number; stage: DisclosureStage },
): Promise<Submitted> {
  const project = await findOwn(deps, actor, id);
  if (project.family !== family) throw notFound();
  const kind = PROJECT_KINDS[family];
  if (
    !submittableStages(kind, project.status).includes(input.stage) ||
    (await isLocked(deps, actor, project.id))
  ) {
    throw refused(
      input.stage === 'formal' && project.status === 'draft' && kind.preDisclosure === 'required'
        ? MSG.equityPreDisclosureFirst
        : MSG.projectsNotSubmittable,
    );
  }
  if (project.version !== input.version) throw conflict();
  const form = readProjectForm(project);
  const files = await deps.attachments.listRelated(actor, {
    dataClass: PROJECT_DATA_CLASS,
    dataId: String(project.id),
  });
  const settings = await deps.dictionaries.kindSettings();
  const message = kind.checkRules(form, { files: countByTag(files), settings, stage: input.stage })[0];
  if (message !== undefined) throw refused(message);
  const days = kind.periodDays(form, input.stage);
  const disclosure = deps.disclosure.gateway;
  if (disclosure === undefined || days === undefined) throw notFound();
  const started = await disclosure.start(actor, project, {
    action: DISCLOSURE_ACTION_OF[input.stage],
    days,
  });
  return { id: project.id, ...started };
}

/** POST /api/project/submit: the project's formal disclosure, by its own family's submit. */
export async function submitFormal(
  deps: ProjectsDeps,
  actor: SessionActor,
  input: { id: number; version: number },
): Promise<Submitted> {
  const project = await findVisible(deps, actor, input.id);
  if (!isProjectFamily(project.family)) throw notFound();
  return submitProject(deps, actor, project.family, project.id, { version: input.version, stage: 'formal' });
}

/** The stage of the project's open disclosure application, for a submission that answers it again. */
async function openStage(deps: ProjectsDeps, actor: SessionActor, id: number) {
  const open = await deps.disclosure.gateway?.find(actor, id);
  return { open, stage: open?.action === 'preDisclosure' ? ('pre' as const) : ('formal' as const) };
}

/** Submits again a project whose disclosure application the exchange returned (again submit). */
export async function submitAgain(
  deps: ProjectsDeps,
  actor: SessionActor,
  family: ProjectFamily,
  id: number,
  input: { version: number },
): Promise<Submitted> {
  const { open, stage } = await openStage(deps, actor, id);
  if (open?.status !== 'returned') {
    await findOwn(deps, actor, id);
    throw refused(MSG.projectsNotResubmittable);
  }
  return submitProject(deps, actor, family, id, { ...input, stage });
}

/** Submits from the caller's open task on the project's disclosure (task/submit): the task must be theirs. */
export async function submitFromTask(
  deps: ProjectsDeps,
  actor: SessionActor,
  family: ProjectFamily,
  input: { id: number; version: number; taskId: number },
): Promise<Submitted> {
  const { open, stage } = await openStage(deps, actor, input.id);
  if (open?.openTask?.id !== input.taskId) {
    await findOwn(deps, actor, input.id);
    throw conflict(MSG.workflowTaskHandled);
  }
  return submitProject(deps, actor, family, input.id, { version: input.version, stage });
}

/** Withdraws the project's disclosure application before it is signed: the project is editable again. */
export async function cancelDisclosure(
  deps: ProjectsDeps,
  actor: SessionActor,
  id: number,
): Promise<{ id: number }> {
  const project = await findOwn(deps, actor, id);
  const kind = findProjectKind(project.family);
  const disclosure = deps.disclosure.gateway;
  if (kind === undefined || !isFormEditable(kind, project.status) || disclosure === undefined) {
    throw refused(MSG.projectsNotCancellable);
  }
  if (!(await disclosure.cancel(actor, project.id))) throw refused(MSG.projectsNotCancellable);
  return { id: project.id };
}
