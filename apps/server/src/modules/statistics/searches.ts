// 综合查询's searches: each kind's matches (projects, tasks, files) as the rows of one table, and that table's
// columns as its export writes them.
import {
  familyLabel,
  findAction,
  formatBytes,
  formatDateTime,
  PROJECT_STATUS_LABELS,
  projectPathOf,
  TASK_STATUS_LABELS,
  TASK_STEP_TITLES,
  TASK_TYPE_LABELS,
  type PageResult,
  type ProjectStatus,
  type QueryFilters,
  type QueryKind,
  type QueryRow,
  type TaskStatus,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** The filters as SQL reads them: the days as +08:00 instants, the end day included. */
export function toFilter(filters: QueryFilters, limit: number, offset: number): repo.QueryFilter {
  const day = (text: string) => new Date(`${text}T00:00:00+08:00`);
  return {
    keyword: filters.keyword || undefined,
    family: filters.family || undefined,
    status: filters.status || undefined,
    from: filters.from === undefined ? undefined : day(filters.from),
    to: filters.to === undefined ? undefined : new Date(day(filters.to).getTime() + 86_400_000),
    limit,
    offset,
  };
}

function projectRow(hit: repo.ProjectHit): QueryRow {
  return {
    kind: 'project',
    id: String(hit.id),
    code: hit.code,
    title: hit.name,
    family: hit.family,
    familyLabel: familyLabel(hit.family),
    statusLabel: PROJECT_STATUS_LABELS[hit.status as ProjectStatus] ?? hit.status,
    companyName: hit.companyName,
    at: hit.updatedAt.toISOString(),
    link: projectPathOf(hit, hit.id),
  };
}

function taskRow(hit: repo.TaskHit): QueryRow {
  const action =
    hit.step === null
      ? (findAction(hit.family, hit.action ?? '')?.title ?? hit.action)
      : TASK_STEP_TITLES[hit.step];
  return {
    kind: 'task',
    id: String(hit.id),
    code: hit.projectCode,
    title: `${action}（${TASK_TYPE_LABELS[hit.type as TaskType] ?? hit.type}）· ${hit.projectName}`,
    family: hit.family,
    familyLabel: familyLabel(hit.family),
    statusLabel: TASK_STATUS_LABELS[hit.status as TaskStatus] ?? hit.status,
    companyName: hit.companyName,
    at: hit.createdAt.toISOString(),
    link: projectPathOf(hit, hit.projectId),
  };
}

function fileRow(hit: repo.FileHit): QueryRow {
  return {
    kind: 'file',
    id: hit.id,
    code: hit.ext.toUpperCase(),
    title: hit.fileName,
    family: '',
    familyLabel: '',
    statusLabel: formatBytes(hit.size),
    companyName: hit.companyName,
    at: hit.createdAt.toISOString(),
    link: null,
  };
}

export const SEARCHES: Record<
  QueryKind,
  (db: Db, scope: repo.ReportScope, filter: repo.QueryFilter) => Promise<PageResult<QueryRow>>
> = {
  project: async (db, scope, filter) => {
    const page = await repo.searchProjects(db, scope, filter);
    return { total: page.total, list: page.list.map(projectRow) };
  },
  task: async (db, scope, filter) => {
    const page = await repo.searchTasks(db, scope, filter);
    return { total: page.total, list: page.list.map(taskRow) };
  },
  // a file has no family or status: a search narrowed by either finds projects and tasks only
  file: async (db, scope, filter) => {
    if (filter.family !== undefined || filter.status !== undefined) return { total: 0, list: [] };
    const page = await repo.searchFiles(db, scope, filter);
    return { total: page.total, list: page.list.map(fileRow) };
  },
};

export const QUERY_COLUMNS: readonly { title: string; width: number; value: (row: QueryRow) => string }[] = [
  { title: '编号', width: 20, value: (row) => row.code },
  { title: '名称', width: 48, value: (row) => row.title },
  { title: '项目类别', width: 14, value: (row) => row.familyLabel },
  { title: '状态', width: 12, value: (row) => row.statusLabel },
  { title: '所属单位', width: 32, value: (row) => row.companyName },
  { title: '时间', width: 20, value: (row) => formatDateTime(row.at) },
];
