// The drafts of every family with a project kind: created from the form (or a plan, a registry row, a copy),
// updated while editable, deleted while a draft. The kind's parse checks the form; no family is named here.
import { randomUUID } from 'node:crypto';
import {
  IDENTITY,
  isExamineStatusAccepted,
  MSG,
  PROJECT_CODE,
  PROJECT_KINDS,
  PROJECT_NAME_MAX,
  readProjectForm,
  yearSerialCode,
  type ProjectFamily,
  type ProjectFormBase,
  type ProjectKind,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findEditable, findOwn } from '../access.ts';
import { announceChange, type ProjectsDeps } from '../deps.ts';
import * as sheetRows from '../repo-sheets.ts';
import * as repo from '../repo.ts';
import { checkCategory } from './kind-helpers.ts';

/** What a copy's name gets appended. */
const COPY_SUFFIX = '（复制）';

function requireForm(kind: ProjectKind, input: unknown): ProjectFormBase {
  const parsed = kind.parse(input);
  if (parsed.message !== null) throw refused(parsed.message || MSG.badRequest);
  return parsed.form;
}

/** The member the form entrusts the project to, checked: an admitted member company, or none. */
async function agentOf(deps: ProjectsDeps, form: ProjectFormBase): Promise<number | null> {
  const id = form.agentCompanyId;
  if (typeof id !== 'number') return null;
  const company = await deps.users.findCompany(id);
  if (company?.identityType !== IDENTITY.member || !isExamineStatusAccepted(company.examineStatus)) {
    throw refused(MSG.projectsAgentInvalid);
  }
  return id;
}

/**
 * Stores a new draft of the caller's company in the caller's transaction, with its code (PROJECT_CODE), and
 * writes the audit row.
 */
export async function insertDraft(
  deps: ProjectsDeps,
  tx: Db,
  actor: Actor,
  draft: { family: ProjectFamily; form: ProjectFormBase; agentCompanyId?: number | null },
  entry: {
    action: 'project.create' | 'project.copy' | 'project.fromPlan' | 'project.fromRegistry';
    detail?: Record<string, unknown>;
  },
): Promise<{ id: number; version: number }> {
  const inserted = await repo.insertProject(tx, {
    companyId: actor.companyId,
    family: draft.family,
    businessType: PROJECT_KINDS[draft.family].businessType,
    name: draft.form.name,
    // a placeholder until the id is known; replaced below in the same transaction
    code: `draft-${randomUUID()}`,
    status: 'draft',
    createdBy: actor.userId,
    details: { form: draft.form },
    agentCompanyId: draft.agentCompanyId ?? null,
  });
  const row = await repo.setCode(
    tx,
    inserted.id,
    yearSerialCode(PROJECT_CODE, deps.clock.now(), inserted.id),
  );
  if (row === undefined) throw conflict();
  await deps.evaluations.syncEngagement(tx, row, actor);
  await deps.audit.append(tx, {
    ...toAuditActor(actor),
    action: entry.action,
    result: 'ok',
    target: String(row.id),
    detail: { family: draft.family, code: row.code, ...entry.detail },
  });
  return { id: row.id, version: row.version };
}

/** A new draft of the caller's company with the form. */
export async function createProject(
  deps: ProjectsDeps,
  actor: Actor,
  family: ProjectFamily,
  input: { form: unknown },
): Promise<{ id: number; version: number }> {
  const form = requireForm(PROJECT_KINDS[family], input.form);
  await checkCategory(deps, PROJECT_KINDS[family], form);
  const agentCompanyId = await agentOf(deps, form);
  return deps.db.transaction((tx) =>
    insertDraft(deps, tx, actor, { family, form, agentCompanyId }, { action: 'project.create' }),
  );
}

/** Replaces an editable project's form at `version` (stale: 409). */
export async function updateProject(
  deps: ProjectsDeps,
  actor: Actor,
  family: ProjectFamily,
  id: number,
  input: { version: number; form: unknown },
): Promise<{ id: number; version: number }> {
  const { db, audit, evaluations } = deps;
  const project = await findEditable(deps, actor, id, family);
  const form = requireForm(PROJECT_KINDS[family], input.form);
  await checkCategory(deps, PROJECT_KINDS[family], form);
  const agentCompanyId = await agentOf(deps, form);
  return db.transaction(async (tx) => {
    const row = await repo.updateFormGuarded(tx, project.id, input.version, {
      name: form.name,
      agentCompanyId,
      details: { ...project.details, form },
    });
    if (row === undefined) throw conflict();
    await announceChange(deps, tx, row);
    await evaluations.syncEngagement(tx, row, actor);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'project.update',
      result: 'ok',
      target: String(row.id),
      detail: { family, version: row.version },
    });
    return { id: row.id, version: row.version };
  });
}

/** A new draft of the caller's company with another project's form (renamed) and list sheets. */
export async function copyProject(
  deps: ProjectsDeps,
  actor: Actor,
  family: ProjectFamily,
  id: number,
): Promise<{ id: number; version: number }> {
  const source = await findOwn(deps, actor, id);
  if (source.family !== family) throw notFound();
  const form = readProjectForm(source);
  const name = `${[...form.name].slice(0, PROJECT_NAME_MAX - COPY_SUFFIX.length).join('')}${COPY_SUFFIX}`;
  return deps.db.transaction(async (tx) => {
    const copy = await insertDraft(
      deps,
      tx,
      actor,
      { family, form: { ...form, name }, agentCompanyId: source.agentCompanyId },
      { action: 'project.copy', detail: { from: source.id } },
    );
    await sheetRows.copySheetRows(tx, {
      fromProjectId: source.id,
      toProjectId: copy.id,
      createdBy: actor.userId,
    });
    return copy;
  });
}

/** Deletes a draft of the caller's company. */
export async function removeDraft(deps: ProjectsDeps, actor: Actor, id: number): Promise<{ id: number }> {
  const project = await findOwn(deps, actor, id);
  if (project.status !== 'draft' || (await deps.disclosure.gateway?.find(actor, project.id)) != null) {
    throw refused(MSG.projectsNotDeletable);
  }
  return deps.db.transaction(async (tx) => {
    if (!(await repo.deleteDraft(tx, project.id))) throw conflict();
    await deps.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'project.delete',
      result: 'ok',
      target: String(project.id),
      detail: { family: project.family, code: project.code },
    });
    return { id: project.id };
  });
}
