// The reads: a project's status, view and form, the caller's lists and status tabs, the owner company a form
// shows, the members a project may be entrusted to, the appraisal firms' engagements, and what the home page
// counts and puts on its calendar.
import {
  formatDate,
  IDENTITY,
  isExamineStatusAccepted,
  PROJECT_DATA_CLASS,
  PROJECT_FAMILY_OPTIONS,
  PROJECT_STATUS,
  PROJECT_STATUS_LABELS,
  projectPathOf,
  readProjectForm,
  SIGNED_LETTER_TAG,
  type CalendarEvent,
  type EvaluationQuery,
  type EvaluationRow,
  type PageResult,
  type ProjectFamily,
  type ProjectFormView,
  type ProjectListRow,
  type ProjectSearchOptions,
  type ProjectStatusCount,
  type ProjectTransferor,
  type ProjectView,
} from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { findVisible, isExchange, scopeOf } from '../access.ts';
import type { ProjectListQuery, ProjectsDeps } from '../deps.ts';
import * as projectLists from '../repo-lists.ts';
import { companyName, groupByTag, toListRow, toSummary } from '../view.ts';

/** GET /api/project/status/{id}: the project's status and version. */
export async function showStatus(
  deps: ProjectsDeps,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  id: number,
) {
  const row = await findVisible(deps, viewer, id);
  const summary = toSummary(row);
  return { id: row.id, status: summary.status, statusLabel: summary.statusLabel, version: row.version };
}

export async function showProject(deps: ProjectsDeps, viewer: Viewer, id: number): Promise<ProjectView> {
  const row = await findVisible(deps, viewer, id);
  const files = await deps.attachments.listRelated(viewer, {
    dataClass: PROJECT_DATA_CLASS,
    dataId: String(row.id),
  });
  return {
    ...toSummary(row),
    family: row.family,
    businessType: row.businessType,
    companyId: row.companyId,
    companyName: await companyName(deps, row.companyId),
    agentCompanyId: row.agentCompanyId,
    agentCompanyName: row.agentCompanyId === null ? null : await companyName(deps, row.agentCompanyId),
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

export async function showForm(
  deps: ProjectsDeps,
  viewer: Viewer,
  family: ProjectFamily,
  id: number,
): Promise<ProjectFormView> {
  const row = await findVisible(deps, viewer, id);
  if (row.family !== family) throw notFound();
  const files = await deps.attachments.listRelated(viewer, {
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
    companyName: await companyName(deps, row.companyId),
    openTask: (await deps.disclosure.gateway?.find(viewer, row.id))?.openTask ?? null,
  };
}

/** The caller's page of projects, scoped and filtered in SQL. */
export async function listProjects(
  deps: ProjectsDeps,
  viewer: Viewer,
  query: ProjectListQuery,
): Promise<PageResult<ProjectListRow>> {
  const page = await projectLists.listProjects(deps.db, { scope: scopeOf(viewer), ...query });
  return {
    total: page.total,
    isTotalCapped: page.isTotalCapped,
    ...(page.isTotalEstimated === true ? { isTotalEstimated: true } : {}),
    list: page.list.map((row) => toListRow(row, viewer)),
  };
}

/** POST /api/project/ownerProject: the caller's projects of one business type (the first 100, newest first). */
export async function listOwnerProjects(
  deps: ProjectsDeps,
  viewer: Viewer,
  businessType: string,
): Promise<ProjectListRow[]> {
  const page = await projectLists.listProjects(deps.db, {
    scope: scopeOf(viewer),
    businessType,
    page: 1,
    size: 100,
  });
  return page.list.map((row) => toListRow(row, viewer));
}

export function searchOptions(): ProjectSearchOptions {
  return {
    statuses: Object.values(PROJECT_STATUS).map((value) => ({
      value,
      label: PROJECT_STATUS_LABELS[value],
    })),
    // the families whose projects exist, each under its own name: a choice finds its projects
    families: PROJECT_FAMILY_OPTIONS.map((option) => ({ ...option })),
  };
}

/** The member companies a project may be entrusted to (GET /api/project/members), by name. */
export async function listMembers(deps: ProjectsDeps): Promise<{ id: number; name: string }[]> {
  const page = await deps.users.listCompanies({ identityType: IDENTITY.member, page: 1, size: 100 });
  return page.list
    .filter((company) => isExamineStatusAccepted(company.examineStatus))
    .map((company) => ({ id: company.id, name: company.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The owner company as a project form shows it (GET /api/project/transferor): the caller's, or any for the exchange. */
export async function showTransferor(
  deps: ProjectsDeps,
  viewer: Viewer,
  input: { companyId?: number | undefined; businessType?: string | undefined },
): Promise<ProjectTransferor> {
  const companyId = input.companyId ?? viewer.companyId;
  if (companyId !== viewer.companyId && !isExchange(viewer)) throw notFound();
  const company = await deps.users.findCompany(companyId);
  if (company === undefined) throw notFound();
  const counts = await projectLists.countByStatus(deps.db, {
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
export async function countStatuses(
  deps: ProjectsDeps,
  viewer: Viewer,
  input: { businessType?: string | undefined },
): Promise<ProjectStatusCount[]> {
  const counts = await projectLists.countByStatus(deps.db, {
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
export async function listEvaluations(
  deps: ProjectsDeps,
  viewer: Viewer,
  query: EvaluationQuery,
): Promise<PageResult<EvaluationRow>> {
  const firm = isExchange(viewer) ? null : await companyName(deps, viewer.companyId);
  return deps.evaluations.list(viewer, { ...query, firm });
}

/** 我的项目 on the home page: the projects the caller sees, counted as the list counts them. */
export async function countVisible(deps: ProjectsDeps, viewer: Viewer): Promise<number> {
  return (await projectLists.listProjects(deps.db, { scope: scopeOf(viewer), page: 1, size: 1 })).total;
}

/** The home page's calendar: the disclosure starts and deadlines of the projects the caller sees. */
export async function listDisclosureEvents(
  deps: ProjectsDeps,
  viewer: Viewer,
  from: Date,
  to: Date,
): Promise<CalendarEvent[]> {
  const rows = await projectLists.listDisclosureDates(deps.db, { scope: scopeOf(viewer), from, to });
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
}
