// The projects module owns the project rows the workflow engine acts on: who may see a project (its owner
// company, the agent member acting for it, and the exchange; anyone else is told it does not exist), the drafts of
// every family with a project kind (create, update, delete while editable, copy), their submission for the
// pre-disclosure and the formal disclosure after the kind's rule checks, the project's view and status, the list
// scoped in SQL to the caller, and the guarded state change an approved action makes. What differs between
// families is the kind's configuration (packages/domain/src/projects/kinds): no family is named here. The
// workflow engine reaches projects only through this service.
import { randomUUID } from 'node:crypto';
import {
  familyLabel,
  addWorkdays,
  APPRAISAL_REPORT_TAG,
  DEADLINE_REMINDER_WORKDAYS,
  deadlineNotice,
  formatDateTime,
  type EvaluationQuery,
  type EvaluationRow,
  formatDate,
  projectPathOf,
  type CalendarEvent,
  IDENTITY,
  MSG,
  PROJECT_NAME_MAX,
  PROJECT_DATA_CLASS,
  PROJECT_CODE,
  PROJECT_FAMILY_OPTIONS,
  PROJECT_KINDS,
  PROJECT_STATUS,
  yearSerialCode,
  PROJECT_STATUS_LABELS,
  readProjectForm,
  findProjectKind,
  isProjectFamily,
  SIGNED_LETTER_TAG,
  EDITABLE_ACTION_STATUSES,
  OTC_SYNCABLE_STATUSES,
  statusAfterOtc,
  submittableStages,
  isFormEditable,
  isExamineStatusAccepted,
  type DisclosureStage,
  type OtcRecord,
  type AttachmentItem,
  type ProjectFamily,
  type ProjectFormBase,
  type ProjectFormView,
  type ProjectKind,
  type PageResult,
  type ProjectListRow,
  type ProjectListSort,
  type ProjectSearchOptions,
  type ProjectStatus,
  type ProjectStatusCount,
  type ProjectTransferor,
  type ProjectSummary,
  type ProjectView,
  type ActionStatus,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import type { OtcClient } from '../../platform/otc.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import { createEvaluations } from './evaluations.ts';
import * as projectLists from './repo-lists.ts';
import * as sheetRows from './repo-sheets.ts';
import * as repo from './repo.ts';

export type ProjectRow = repo.ProjectRow;
export type ProjectPatch = repo.ProjectPatch;

export type ProjectListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: ProjectStatus | undefined;
  family?: string | undefined;
  /** any of these (我的项目 narrowed to the projects a screen's action can start on) */
  statuses?: readonly ProjectStatus[] | undefined;
  families?: readonly string[] | undefined;
  sort?: ProjectListSort | undefined;
};

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** What a copy's name gets appended. */
const COPY_SUFFIX = '（复制）';

/** A signed-in caller and where the call came from (the workflow engine's actor). */
export type SessionActor = SessionContext & RequestOrigin;

/** The disclosure applications a project form submits: the pre-disclosure and the formal disclosure. */
export type DisclosureAction = 'preDisclosure' | 'disclosure';

/** The action a submission of `stage` applies for. */
export const DISCLOSURE_ACTION_OF: Record<DisclosureStage, DisclosureAction> = {
  pre: 'preDisclosure',
  formal: 'disclosure',
};

/** The workflow engine's side of the disclosures applied for from the form, registered by the engine (no cycle). */
export type DisclosureGateway = {
  /** the project's open disclosure application (either stage), with the caller's open task on it */
  find(
    actor: Viewer,
    projectId: number,
  ): Promise<{ action: DisclosureAction; status: ActionStatus; openTask: OpenTask | null } | null>;
  /** withdraws the open disclosure application before it is signed (or while returned); false when none */
  cancel(actor: SessionActor, projectId: number): Promise<boolean>;
  /** creates (or reuses a returned) application of `action` and submits it: letter made, e-signature task open */
  start(
    actor: SessionActor,
    project: ProjectRow,
    input: { action: DisclosureAction; days: number },
  ): Promise<{ actionId: number; taskId: number }>;
};

type OpenTask = NonNullable<ProjectFormView['openTask']>;

export function isExchange(viewer: Pick<Viewer, 'identityType'>): boolean {
  return viewer.identityType === IDENTITY.admin;
}

export function toSummary(row: Pick<ProjectRow, 'id' | 'name' | 'code' | 'status'>): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    status: row.status,
    statusLabel: PROJECT_STATUS_LABELS[row.status],
  };
}

function groupByTag(files: readonly AttachmentItem[]): Record<string, AttachmentItem[]> {
  const byTag: Record<string, AttachmentItem[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  return byTag;
}

function countByTag(files: readonly AttachmentItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of files) counts[file.tag] = (counts[file.tag] ?? 0) + 1;
  return counts;
}

/** The kind of a family whose projects have a form; any other family names no project here. */
export function requireKind(family: string): ProjectKind {
  const kind = findProjectKind(family);
  if (kind === undefined) throw notFound();
  return kind;
}

export function createProjectsService(
  deps: Pick<
    ModuleDeps,
    | 'db'
    | 'users'
    | 'attachments'
    | 'audit'
    | 'clock'
    | 'homepage'
    | 'log'
    | 'dictionaries'
    | 'notifications'
    | 'tasks'
  > & {
    /** the exchange's trading system; absent when the portal is not connected to one */
    otc?: OtcClient | undefined;
  },
) {
  const { db, users, attachments, audit, clock, homepage, log, otc, dictionaries, notifications } = deps;
  let disclosure: DisclosureGateway | undefined;
  const evaluations = createEvaluations(deps);

  /** Whether an application under way locks the project form (submitted, awaiting signature or review). */
  async function isLocked(viewer: Viewer, projectId: number): Promise<boolean> {
    const open = await disclosure?.find(viewer, projectId);
    return open != null && !EDITABLE_ACTION_STATUSES.includes(open.status);
  }

  function isVisibleTo(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: ProjectRow): boolean {
    return (
      row.companyId === viewer.companyId ||
      isExchange(viewer) ||
      (viewer.identityType === IDENTITY.member && row.agentCompanyId === viewer.companyId)
    );
  }

  // A project's own files (the signed letters) are seen by whoever sees the project; its appraisal reports also by
  // the assessment institution it names (评估项目).
  attachments.registerRecordVisibility(PROJECT_DATA_CLASS, async (viewer, record, tag) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findById(db, id) : undefined;
    if (row === undefined) return false;
    return (
      isVisibleTo(viewer, row) ||
      (tag === APPRAISAL_REPORT_TAG && (await evaluations.isEngagedAppraiser(viewer, row)))
    );
  });

  // Only the owner company adds files to its project (the price approval, asset lists), and the appraisal firm it
  // names its appraisal report until it submits it: nobody slips a file into another company's project.
  attachments.registerRecordWriteRule(PROJECT_DATA_CLASS, async (viewer, record, tag) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findById(db, id) : undefined;
    if (row === undefined) return false;
    return (
      row.companyId === viewer.companyId ||
      (tag === APPRAISAL_REPORT_TAG && (await evaluations.isAwaitingFrom(viewer, row)))
    );
  });

  /** The project, or 404 when it does not exist or belongs to another company (the exchange sees all). */
  async function findVisible(
    viewer: Pick<Viewer, 'companyId' | 'identityType'>,
    id: number,
  ): Promise<ProjectRow> {
    const row = await repo.findById(db, id);
    if (row === undefined || !isVisibleTo(viewer, row)) throw notFound();
    return row;
  }

  /** GET /api/project/status/{id}: the project's status and version. */
  async function showStatus(viewer: Pick<Viewer, 'companyId' | 'identityType'>, id: number) {
    const row = await findVisible(viewer, id);
    const summary = toSummary(row);
    return { id: row.id, status: summary.status, statusLabel: summary.statusLabel, version: row.version };
  }

  async function companyName(companyId: number): Promise<string> {
    return (await users.findCompany(companyId))?.name ?? '';
  }

  async function show(viewer: Viewer, id: number): Promise<ProjectView> {
    const row = await findVisible(viewer, id);
    const files = await attachments.listRelated(viewer, {
      dataClass: PROJECT_DATA_CLASS,
      dataId: String(row.id),
    });
    return {
      ...toSummary(row),
      family: row.family,
      businessType: row.businessType,
      companyId: row.companyId,
      companyName: await companyName(row.companyId),
      agentCompanyId: row.agentCompanyId,
      agentCompanyName: row.agentCompanyId === null ? null : await companyName(row.agentCompanyId),
      disclosureStart: row.disclosureStart?.toISOString() ?? null,
      disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
      pausedAt: row.pausedAt?.toISOString() ?? null,
      version: row.version,
      details: row.details,
      attachments: groupByTag(files.filter((file) => file.tag !== SIGNED_LETTER_TAG)),
      signedLetters: files
        .filter((file) => file.tag === SIGNED_LETTER_TAG)
        .map((file) => ({ uuid: file.uuid, name: file.name })),
    };
  }

  function scopeOf(viewer: Viewer): projectLists.ProjectScope {
    if (isExchange(viewer)) return { kind: 'all' };
    if (viewer.identityType === IDENTITY.member) return { kind: 'agent', companyId: viewer.companyId };
    return { kind: 'company', companyId: viewer.companyId };
  }

  function toListRow(row: projectLists.ProjectListItem, viewer: Pick<Viewer, 'companyId'>): ProjectListRow {
    return {
      ...toSummary(row),
      family: row.family,
      familyLabel: familyLabel(row.family),
      listingPrice: row.listingPrice,
      disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
      companyName: row.companyName,
      updatedAt: row.updatedAt.toISOString(),
      isOwn: row.companyId === viewer.companyId,
    };
  }

  /** The caller's page of projects, scoped and filtered in SQL. */
  async function list(viewer: Viewer, query: ProjectListQuery): Promise<PageResult<ProjectListRow>> {
    const page = await projectLists.listProjects(db, { scope: scopeOf(viewer), ...query });
    return {
      total: page.total,
      isTotalCapped: page.isTotalCapped,
      list: page.list.map((row) => toListRow(row, viewer)),
    };
  }

  /** POST /api/project/ownerProject: the caller's projects of one business type (the first 100, newest first). */
  async function listOwnerProjects(viewer: Viewer, businessType: string): Promise<ProjectListRow[]> {
    const page = await projectLists.listProjects(db, {
      scope: scopeOf(viewer),
      businessType,
      page: 1,
      size: 100,
    });
    return page.list.map((row) => toListRow(row, viewer));
  }

  function searchOptions(): ProjectSearchOptions {
    return {
      statuses: Object.values(PROJECT_STATUS).map((value) => ({
        value,
        label: PROJECT_STATUS_LABELS[value],
      })),
      // the families whose projects exist, each under its own name: a choice finds its projects
      families: PROJECT_FAMILY_OPTIONS.map((option) => ({ ...option })),
    };
  }

  // 我的项目 on the home page: the projects the caller sees, counted as the list counts them.
  homepage.registerCounter(
    'projects',
    async (session) =>
      (await projectLists.listProjects(db, { scope: scopeOf(session), page: 1, size: 1 })).total,
  );

  // The home page's calendar: the disclosure starts and deadlines of the projects the caller sees.
  homepage.registerCalendarSource(async (session, from, to) => {
    const rows = await projectLists.listDisclosureDates(db, { scope: scopeOf(session), from, to });
    return rows.flatMap((row) => {
      const link = projectPathOf(row, row.id);
      const title = `${row.name}（${row.code}）`;
      const events: CalendarEvent[] = [];
      for (const [kind, at] of [
        ['disclosureStart', row.disclosureStart],
        ['disclosureEnd', row.disclosureEnd],
      ] as const) {
        if (at !== null && at >= from && at < to) events.push({ kind, date: formatDate(at), title, link });
      }
      return events;
    });
  });

  // --- project drafts, of every kind ---------------------------------------------------------------------------

  /** The project if the caller's own company owns it; the exchange and agents are told it is not there. */
  async function findOwn(viewer: Viewer, id: number): Promise<ProjectRow> {
    const row = await findVisible(viewer, id);
    if (row.companyId !== viewer.companyId) throw notFound();
    return row;
  }

  /**
   * A project of the caller's company that may still be changed: a draft (or a pre-disclosed project) whose
   * disclosure application is not under way (submitted, awaiting signature or review). Of another family, or
   * another company's: 404.
   */
  async function findEditable(viewer: Viewer, id: number, family: string): Promise<ProjectRow> {
    const project = await findOwn(viewer, id);
    if (project.family !== family) throw notFound();
    if (!isFormEditable(requireKind(family), project.status) || (await isLocked(viewer, project.id))) {
      throw refused(MSG.projectsNotEditable);
    }
    return project;
  }

  function requireForm(kind: ProjectKind, input: unknown): ProjectFormBase {
    const parsed = kind.parse(input);
    if (parsed.message !== null) throw refused(parsed.message || MSG.badRequest);
    return parsed.form;
  }

  /** The member companies a project may be entrusted to (GET /api/project/members), by name. */
  async function listMembers(): Promise<{ id: number; name: string }[]> {
    const page = await users.listCompanies({ identityType: IDENTITY.member, page: 1, size: 100 });
    return page.list
      .filter((company) => isExamineStatusAccepted(company.examineStatus))
      .map((company) => ({ id: company.id, name: company.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  }

  /** The member the form entrusts the project to, checked: an admitted member company, or none. */
  async function agentOf(form: ProjectFormBase): Promise<number | null> {
    const id = form.agentCompanyId;
    if (typeof id !== 'number') return null;
    const company = await users.findCompany(id);
    if (company?.identityType !== IDENTITY.member || !isExamineStatusAccepted(company.examineStatus)) {
      throw refused(MSG.projectsAgentInvalid);
    }
    return id;
  }

  /**
   * Stores a new draft of the caller's company in the caller's transaction, with its code (PROJECT_CODE), and
   * writes the audit row.
   */
  async function insertDraft(
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
    const row = await repo.setCode(tx, inserted.id, yearSerialCode(PROJECT_CODE, clock.now(), inserted.id));
    if (row === undefined) throw conflict();
    await evaluations.syncEngagement(tx, row, actor);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: entry.action,
      result: 'ok',
      target: String(row.id),
      detail: { family: draft.family, code: row.code, ...entry.detail },
    });
    return { id: row.id, version: row.version };
  }

  /** A new draft of the caller's company with the form. */
  async function createProject(
    actor: Actor,
    family: ProjectFamily,
    input: { form: unknown },
  ): Promise<{ id: number; version: number }> {
    const form = requireForm(PROJECT_KINDS[family], input.form);
    const agentCompanyId = await agentOf(form);
    return db.transaction((tx) =>
      insertDraft(tx, actor, { family, form, agentCompanyId }, { action: 'project.create' }),
    );
  }

  /** Replaces an editable project's form at `version` (stale: 409). */
  async function updateProject(
    actor: Actor,
    family: ProjectFamily,
    id: number,
    input: { version: number; form: unknown },
  ): Promise<{ id: number; version: number }> {
    const project = await findEditable(actor, id, family);
    const form = requireForm(PROJECT_KINDS[family], input.form);
    const agentCompanyId = await agentOf(form);
    return db.transaction(async (tx) => {
      const row = await repo.updateFormGuarded(tx, project.id, input.version, {
        name: form.name,
        agentCompanyId,
        details: { ...project.details, form },
      });
      if (row === undefined) throw conflict();
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

  async function showForm(viewer: Viewer, family: ProjectFamily, id: number): Promise<ProjectFormView> {
    const row = await findVisible(viewer, id);
    if (row.family !== family) throw notFound();
    const files = await attachments.listRelated(viewer, {
      dataClass: PROJECT_DATA_CLASS,
      dataId: String(row.id),
    });
    return {
      ...toSummary(row),
      family,
      form: readProjectForm(row),
      version: row.version,
      disclosureStart: row.disclosureStart?.toISOString() ?? null,
      disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
      attachments: groupByTag(files),
      companyName: await companyName(row.companyId),
      openTask: (await disclosure?.find(viewer, row.id))?.openTask ?? null,
    };
  }

  /**
   * Submits a project for the disclosure of `stage`: the kind's rule checks (with the project's files and the
   * exchange's periods), then the engine's application (the pre-disclosure or the formal disclosure) is created
   * and submitted. The screen goes on to its e-signature step.
   */
  async function submitProject(
    actor: SessionActor,
    family: ProjectFamily,
    id: number,
    input: { version: number; stage: DisclosureStage },
  ): Promise<{ id: number; actionId: number; taskId: number }> {
    const project = await findOwn(actor, id);
    if (project.family !== family) throw notFound();
    const kind = PROJECT_KINDS[family];
    if (
      !submittableStages(kind, project.status).includes(input.stage) ||
      (await isLocked(actor, project.id))
    ) {
      throw refused(
        input.stage === 'formal' && project.status === 'draft' && kind.preDisclosure === 'required'
          ? MSG.equityPreDisclosureFirst
          : MSG.projectsNotSubmittable,
      );
    }
    if (project.version !== input.version) throw conflict();
    const form = readProjectForm(project);
    const files = await attachments.listRelated(actor, {
      dataClass: PROJECT_DATA_CLASS,
      dataId: String(project.id),
    });
    const settings = await dictionaries.kindSettings();
    const message = kind.checkRules(form, { files: countByTag(files), settings, stage: input.stage })[0];
    if (message !== undefined) throw refused(message);
    const days = kind.periodDays(form, input.stage);
    if (disclosure === undefined || days === undefined) throw notFound();
    const started = await disclosure.start(actor, project, {
      action: DISCLOSURE_ACTION_OF[input.stage],
      days,
    });
    return { id: project.id, ...started };
  }

  /** POST /api/project/submit: the project's formal disclosure, by its own family's submit. */
  async function submitFormal(
    actor: SessionActor,
    input: { id: number; version: number },
  ): Promise<{ id: number; actionId: number; taskId: number }> {
    const project = await findVisible(actor, input.id);
    if (!isProjectFamily(project.family)) throw notFound();
    return submitProject(actor, project.family, project.id, { version: input.version, stage: 'formal' });
  }

  /** The stage of the project's open disclosure application, for a submission that answers it again. */
  async function openStage(actor: SessionActor, id: number) {
    const open = await disclosure?.find(actor, id);
    return { open, stage: open?.action === 'preDisclosure' ? ('pre' as const) : ('formal' as const) };
  }

  /** A new draft of the caller's company with another project's form (renamed) and list sheets. */
  async function copyProject(
    actor: Actor,
    family: ProjectFamily,
    id: number,
  ): Promise<{ id: number; version: number }> {
    const source = await findOwn(actor, id);
    if (source.family !== family) throw notFound();
    const form = readProjectForm(source);
    const name = `${[...form.name].slice(0, PROJECT_NAME_MAX - COPY_SUFFIX.length).join('')}${COPY_SUFFIX}`;
    return db.transaction(async (tx) => {
      const copy = await insertDraft(
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

  /** Submits again a project whose disclosure application the exchange returned (again submit). */
  async function submitAgain(
    actor: SessionActor,
    family: ProjectFamily,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; actionId: number; taskId: number }> {
    const { open, stage } = await openStage(actor, id);
    if (open?.status !== 'returned') {
      await findOwn(actor, id);
      throw refused(MSG.projectsNotResubmittable);
    }
    return submitProject(actor, family, id, { ...input, stage });
  }

  /** Submits from the caller's open task on the project's disclosure (task/submit): the task must be theirs. */
  async function submitFromTask(
    actor: SessionActor,
    family: ProjectFamily,
    input: { id: number; version: number; taskId: number },
  ): Promise<{ id: number; actionId: number; taskId: number }> {
    const { open, stage } = await openStage(actor, input.id);
    if (open?.openTask?.id !== input.taskId) {
      await findOwn(actor, input.id);
      throw conflict(MSG.workflowTaskHandled);
    }
    return submitProject(actor, family, input.id, { version: input.version, stage });
  }

  /** Withdraws the project's disclosure application before it is signed: the project is editable again. */
  async function cancelDisclosure(actor: SessionActor, id: number): Promise<{ id: number }> {
    const project = await findOwn(actor, id);
    const kind = findProjectKind(project.family);
    if (kind === undefined || !isFormEditable(kind, project.status) || disclosure === undefined) {
      throw refused(MSG.projectsNotCancellable);
    }
    if (!(await disclosure.cancel(actor, project.id))) throw refused(MSG.projectsNotCancellable);
    return { id: project.id };
  }

  /** The owner company as a project form shows it (GET /api/project/transferor): the caller's, or any for the exchange. */
  async function showTransferor(
    viewer: Viewer,
    input: { companyId?: number | undefined; businessType?: string | undefined },
  ): Promise<ProjectTransferor> {
    const companyId = input.companyId ?? viewer.companyId;
    if (companyId !== viewer.companyId && !isExchange(viewer)) throw notFound();
    const company = await users.findCompany(companyId);
    if (company === undefined) throw notFound();
    const counts = await projectLists.countByStatus(db, {
      scope: { kind: 'company', companyId },
      businessType: input.businessType,
    });
    return {
      companyId: company.id,
      companyName: company.name,
      creditCode: company.creditCode,
      contactName: company.contactName,
      contactMobile: company.contactMobile,
      projectCount: [...counts.values()].reduce((sum, n) => sum + n, 0),
    };
  }

  /** The status tabs of the caller's projects (of a business type) with how many are in each. */
  async function countStatuses(
    viewer: Viewer,
    input: { businessType?: string | undefined },
  ): Promise<ProjectStatusCount[]> {
    const counts = await projectLists.countByStatus(db, {
      scope: scopeOf(viewer),
      businessType: input.businessType,
    });
    return Object.values(PROJECT_STATUS).map((value) => ({
      value,
      label: PROJECT_STATUS_LABELS[value],
      count: counts.get(value) ?? 0,
    }));
  }

  /** 评估项目: the firm's engagements (every project past its draft naming a firm, for the exchange). */
  async function listEvaluations(viewer: Viewer, query: EvaluationQuery): Promise<PageResult<EvaluationRow>> {
    const firm = isExchange(viewer) ? null : await companyName(viewer.companyId);
    return evaluations.list(viewer, { ...query, firm });
  }

  /**
   * Tells the owner of each disclosure ending within DEADLINE_REMINDER_WORKDAYS working days (and the member acting
   * for it), once per project and company; run by the housekeeping. Answers how many were told.
   */
  async function remindDeadlines(): Promise<number> {
    const now = clock.now();
    const rows = await projectLists.listDisclosuresEnding(
      db,
      now,
      addWorkdays(now, DEADLINE_REMINDER_WORKDAYS).date,
    );
    let told = 0;
    for (const row of rows) {
      if (row.disclosureEnd === null) continue;
      const notice = deadlineNotice({
        projectName: row.name,
        projectCode: row.code,
        end: formatDateTime(row.disclosureEnd),
      });
      const link = projectPathOf(row, row.id);
      const receivers = [row.companyId, ...(row.agentCompanyId === null ? [] : [row.agentCompanyId])];
      await db.transaction(async (tx) => {
        for (const companyId of receivers) {
          if (await notifications.raiseOnce(tx, { companyId, ...notice, link })) told += 1;
        }
      });
    }
    return told;
  }

  /** Deletes a draft of the caller's company. */
  async function remove(actor: Actor, id: number): Promise<{ id: number }> {
    const project = await findOwn(actor, id);
    if (project.status !== 'draft' || (await disclosure?.find(actor, project.id)) != null) {
      throw refused(MSG.projectsNotDeletable);
    }
    return db.transaction(async (tx) => {
      if (!(await repo.deleteDraft(tx, project.id))) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.delete',
        result: 'ok',
        target: String(project.id),
        detail: { family: project.family, code: project.code },
      });
      return { id: project.id };
    });
  }

  /**
   * GET /api/project/update/from/otc/{id}: the project's result read from the trading system, by its owner or the
   * exchange. A deal makes the project dealt; every answer is kept in details.otc with when it was read. Not
   * connected, the trading system down or not knowing the project: refused, nothing changed.
   */
  async function updateFromOtc(actor: Actor, id: number): Promise<ProjectSummary & { otc: OtcRecord }> {
    const project = await findVisible(actor, id);
    if (project.companyId !== actor.companyId && !isExchange(actor)) throw notFound();
    if (!OTC_SYNCABLE_STATUSES.includes(project.status)) throw refused(MSG.otcNotSyncable);
    if (otc === undefined) throw refused(MSG.otcNotConnected);
    const answer = await otc.fetchProject(project.code);
    if (answer.kind === 'unknown') throw refused(MSG.otcUnknownProject);
    if (answer.kind === 'unavailable') {
      log.warn({ projectId: project.id, reason: answer.reason }, 'trading system unavailable');
      throw refused(MSG.otcUnavailable);
    }
    const record: OtcRecord = { ...answer.result, syncedAt: clock.now().toISOString() };
    const status = statusAfterOtc(project.status, answer.result);
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, project.id, project.version, {
        status,
        pausedAt: status === project.status ? project.pausedAt : null,
        details: { ...project.details, otc: record },
      });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.otcUpdate',
        result: 'ok',
        target: String(row.id),
        detail: { trade: record.status, from: project.status, to: row.status, dealPrice: record.dealPrice },
      });
      return { ...toSummary(row), otc: record };
    });
  }

  return {
    isVisibleTo,
    updateFromOtc,
    findVisible,
    showStatus,
    findEditable,
    findOwn,
    listMembers,
    show,
    list,
    listOwnerProjects,
    searchOptions,
    createProject,
    updateProject,
    showForm,
    remove,
    submitProject,
    submitFormal,
    submitAgain,
    submitFromTask,
    copyProject,
    cancelDisclosure,
    showTransferor,
    countStatuses,
    listEvaluations,
    /** the engaged appraisal firm submits its appraisal (评估项目) */
    submitEvaluation: evaluations.submit,
    remindDeadlines,
    /** a record another module keeps in a project's details (the deal's result), in the caller's transaction */
    setDetail: repo.setDetail,
    registerDisclosure: (gateway: DisclosureGateway): void => {
      disclosure = gateway;
    },
    /** The row without a visibility check, for the engine's own reads inside a transition. */
    findById: (id: number, tx: Db = db) => repo.findById(tx, id),
    /** Changes state in the caller's transaction; undefined when the project changed since `expectedVersion`. */
    updateGuarded: (tx: Db, id: number, expectedVersion: number, patch: ProjectPatch) =>
      repo.updateGuarded(tx, id, expectedVersion, patch),
    /** A new draft of the caller's company in the caller's transaction (a plan turned into a project). */
    insertDraft,
    /** Adds rows to a draft's list sheets in the caller's transaction (assets that start a project). */
    insertSheetRows: (tx: Db, rows: readonly sheetRows.NewProjectSheetRow[]) =>
      sheetRows.insertSheetRows(tx, rows),
    /** Locks the project's row in the caller's transaction and answers its status (undefined: no project). */
    lockStatus: (tx: Db, id: number, strength: 'share' | 'update') =>
      repo.lockProjectStatus(tx, id, strength),
    /** Every company's projects of some families in one status, with the owner's name (public announcements). */
    listInStatus: (families: readonly string[], status: ProjectStatus) =>
      projectLists.listByFamiliesInStatus(db, families, status),
  };
}
