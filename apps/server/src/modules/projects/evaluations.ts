// 评估项目: the appraisal firm a project names (评估机构, by its registered name) has work on it. From the moment
// the owner names a firm with an account here (a draft too: the disclosure needs the appraisal), 出具评估报告 waits
// in the firm's 我的待办 (the estimate tasks); the firm uploads its report under the project (tag appraisalReport),
// records the base day, the net assets and the value of what is offered, and submits them: its files are locked,
// the appraisal kept in the project's details (a form the owner may still change takes the figures), the owner told and the task done.
// Naming another firm hands the task over; a firm's submitted appraisal stays with the project.
import {
  APPRAISAL_REPORT_TAG,
  checkEvaluation,
  EVALUATION_DETAIL_KEY,
  EVALUATION_STATE_LABELS,
  familyLabel,
  findProjectKind,
  isFormEditable,
  formatChineseDate,
  formatDate,
  formatFen,
  formatMessage,
  IDENTITY,
  MSG,
  PROJECT_DATA_CLASS,
  PROJECT_STATUS_LABELS,
  projectPathOf,
  ZEvaluationRecord,
  type EvaluationQuery,
  type EvaluationRecord,
  type EvaluationRow,
  type EvaluationState,
  type EvaluationSubmitInput,
  type PageResult,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Actor, Viewer, AttachmentsService } from '../attachments/service.ts';
import * as projectLists from './repo-lists.ts';
import * as repo from './repo.ts';

export type EvaluationsDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  users: UsersService;
  attachments: AttachmentsService;
  audit: AuditService;
  notifications: NotificationsService;
  tasks: TasksService;
};

function formOf(row: Pick<repo.ProjectRow, 'details'>): Record<string, unknown> {
  const form = row.details.form;
  return typeof form === 'object' && form !== null ? (form as Record<string, unknown>) : {};
}

/** Where the project's kind keeps its appraisal in the form (undefined: its kind names no appraisal firm). */
function appraisalOf(row: Pick<repo.ProjectRow, 'family'>) {
  return findProjectKind(row.family)?.appraisal;
}

/** The appraisal firm a project's form names ('' for none). */
export function appraisalFirmOf(row: Pick<repo.ProjectRow, 'details' | 'family'>): string {
  if (appraisalOf(row) === undefined) return '';
  const firm = formOf(row).appraisalFirm;
  return typeof firm === 'string' ? firm.trim() : '';
}

/** The appraisal a firm submitted for the project, if any. */
export function evaluationRecordOf(row: Pick<repo.ProjectRow, 'details'>): EvaluationRecord | undefined {
  const parsed = ZEvaluationRecord.safeParse(row.details[EVALUATION_DETAIL_KEY]);
  return parsed.success ? parsed.data : undefined;
}

export function createEvaluations(deps: EvaluationsDeps) {
  const { db, users, attachments, audit, clock, notifications, tasks } = deps;

  const subjectOf = (projectId: number) => ({ subject: 'evaluation' as const, subjectId: projectId });
  const recordOf = (projectId: number) => ({ dataClass: PROJECT_DATA_CLASS, dataId: String(projectId) });

  /** The assessment institution with an account here that the project names, if any. */
  async function findFirm(row: Pick<repo.ProjectRow, 'details' | 'family'>, executor: Db = db) {
    const name = appraisalFirmOf(row);
    return name === '' ? undefined : users.findCompanyByName(name, IDENTITY.assessment, executor);
  }

  /**
   * The named firm's engagement: its appraisal submitted, or awaited while 出具评估报告 waits in its 我的待办; none
   * for a project that named it before it had work here (its owner entered the appraisal itself).
   */
  async function stateOf(row: repo.ProjectRow, firmId: number): Promise<EvaluationState | null> {
    if (evaluationRecordOf(row)?.firmCompanyId === firmId) return 'submitted';
    const open = await tasks.listOpenOf(subjectOf(row.id));
    return open.some((task) => task.assigneeCompanyId === firmId) ? 'awaiting' : null;
  }

  /** Whether the viewer is the assessment institution the project names as its appraisal firm. */
  async function isEngagedAppraiser(
    viewer: Pick<Viewer, 'companyId' | 'identityType'>,
    row: repo.ProjectRow,
  ): Promise<boolean> {
    if (viewer.identityType !== IDENTITY.assessment) return false;
    return (await findFirm(row))?.id === viewer.companyId;
  }

  /** Whether the viewer is the engaged firm with its appraisal still to submit (it may add its report). */
  async function isAwaitingFrom(
    viewer: Pick<Viewer, 'companyId' | 'identityType'>,
    row: repo.ProjectRow,
  ): Promise<boolean> {
    return (await isEngagedAppraiser(viewer, row)) && (await stateOf(row, viewer.companyId)) === 'awaiting';
  }

  /**
   * After the owner saved the project's form (in the same transaction): the firm it names now waits with 出具评估报告
   * in its 我的待办, unless it submitted its appraisal already; a task of a firm no longer named is cancelled.
   */
  async function syncEngagement(
    tx: Db,
    row: repo.ProjectRow,
    decider: Pick<Actor, 'operatorId' | 'companyId'>,
  ) {
    const firm = await findFirm(row, tx);
    const isSubmitted = firm !== undefined && evaluationRecordOf(row)?.firmCompanyId === firm.id;
    const waitsOn = firm !== undefined && !isSubmitted ? firm : undefined;
    const open = await tasks.listOpenOf(subjectOf(row.id), undefined, tx);
    if (open.length > 0 && open.every((task) => task.assigneeCompanyId === waitsOn?.id)) return;
    const at = clock.now();
    if (open.length > 0) await tasks.cancel(tx, subjectOf(row.id), { result: 'superseded', decider, at });
    if (waitsOn === undefined) return;
    await tasks.open(
      tx,
      {
        ...subjectOf(row.id),
        step: 'evaluationReport',
        projectId: row.id,
        companyId: row.companyId,
        type: 'Aon',
        category: 'estimate',
        routeName: 'estimateList',
        routeQuery: { id: row.id },
        assignee: { companyId: waitsOn.id },
      },
      at,
    );
  }

  /**
   * 评估项目: the projects naming the caller's company as their appraisal firm (drafts too: its work starts when it
   * is named), with their appraisal and reports; for the exchange every project past its draft that names a firm.
   */
  async function list(
    viewer: Viewer,
    query: EvaluationQuery & { firm: string | null },
  ): Promise<PageResult<EvaluationRow>> {
    if (query.firm === '') return { list: [], total: 0 };
    const page = await projectLists.listEngaged(db, query);
    const rows: EvaluationRow[] = [];
    for (const row of page.list) {
      const files = await attachments.listRelated(viewer, recordOf(row.id));
      const record = evaluationRecordOf(row);
      const form = formOf(row);
      const firm = await findFirm(row);
      const state = firm === undefined ? null : await stateOf(row, firm.id);
      const appraisal = appraisalOf(row);
      const value =
        record?.appraisalValue ?? (appraisal === undefined ? undefined : form[appraisal.valueField]);
      const baseDate =
        record?.appraisalBaseDate ?? (appraisal === undefined ? undefined : form[appraisal.baseDateField]);
      rows.push({
        id: row.id,
        code: row.code,
        name: row.name,
        family: row.family,
        familyLabel: familyLabel(row.family),
        status: row.status,
        statusLabel: PROJECT_STATUS_LABELS[row.status],
        ownerName: row.ownerName,
        appraisalFirm: appraisalFirmOf(row),
        appraisalBaseDate: typeof baseDate === 'string' ? baseDate : '',
        appraisalValue: typeof value === 'number' ? value : null,
        disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
        reports: files.filter((file) => file.tag === APPRAISAL_REPORT_TAG),
        state,
        stateLabel: state === null ? '' : EVALUATION_STATE_LABELS[state],
        submittedAt: state === 'submitted' ? (record?.submittedAt ?? null) : null,
        canSubmit: state === 'awaiting' && firm?.id === viewer.companyId,
      });
    }
    return { list: rows, total: page.total };
  }

  /** POST /api/project/evaluation/submit/{id}: the engaged firm submits its appraisal with its report. */
  async function submit(
    actor: Actor,
    projectId: number,
    input: EvaluationSubmitInput,
  ): Promise<{ submittedAt: string }> {
    const project = await repo.findById(db, projectId);
    if (project === undefined || !(await isEngagedAppraiser(actor, project))) throw notFound();
    if ((await stateOf(project, actor.companyId)) !== 'awaiting') throw refused(MSG.evaluationNotAwaiting);
    const now = clock.now();
    const appraisal = appraisalOf(project);
    if (appraisal === undefined) throw notFound();
    const checked = checkEvaluation(input, formatDate(now), appraisal.netAssetField !== undefined);
    if (checked.message !== null) throw refused(checked.message);
    const reports = await attachments.listUploadedBy(
      recordOf(project.id),
      actor.companyId,
      APPRAISAL_REPORT_TAG,
    );
    if (reports.length === 0) throw refused(MSG.evaluationReportRequired);
    const firmName = (await users.findCompany(actor.companyId))?.name ?? '';
    const figures = checked.value;
    const record: EvaluationRecord = {
      firmCompanyId: actor.companyId,
      firmName,
      ...figures,
      submittedAt: now.toISOString(),
    };
    return db.transaction(async (tx) => {
      // judged again on the row as it stands: a second submission, or the owner naming another firm meanwhile
      const current = await repo.findById(tx, project.id);
      if (current === undefined || current.version !== project.version) throw conflict();
      const details: Record<string, unknown> = { ...current.details, [EVALUATION_DETAIL_KEY]: record };
      // a form the owner may still change takes the figures, so the owner discloses what the firm appraised
      const kind = findProjectKind(current.family);
      if (kind !== undefined && isFormEditable(kind, current.status)) {
        details.form = {
          ...formOf(current),
          [appraisal.baseDateField]: figures.appraisalBaseDate,
          ...(appraisal.netAssetField === undefined
            ? {}
            : { [appraisal.netAssetField]: figures.netAssetValue }),
          [appraisal.valueField]: figures.appraisalValue,
        };
      }
      const saved = await repo.updateGuarded(tx, current.id, current.version, { details });
      if (saved === undefined) throw conflict();
      await attachments.lockFiles(
        tx,
        reports.map((file) => file.uuid),
      );
      await tasks.advance(tx, subjectOf(project.id), { result: 'submitted', decider: actor, at: now });
      const params = {
        firm: firmName,
        project: project.name,
        value: formatFen(figures.appraisalValue),
        date: formatChineseDate(figures.appraisalBaseDate),
      };
      await notifications.raise(tx, {
        companyId: project.companyId,
        kind: 'evaluation.submitted',
        title: formatMessage(MSG.evaluationSubmittedTitle, params),
        body: formatMessage(MSG.evaluationSubmittedBody, params),
        link: projectPathOf(project, project.id),
        createdAt: now,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.evaluation.submit',
        result: 'ok',
        target: String(project.id),
        detail: { ...figures, reports: reports.map((file) => file.uuid) },
      });
      return { submittedAt: record.submittedAt };
    });
  }

  return { isEngagedAppraiser, isAwaitingFrom, syncEngagement, list, submit };
}
