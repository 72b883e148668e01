// 综合查询 and 收入统计: one search across the projects, tasks and files a company sees (the exchange: every
// company's), and the year's deals, service fees and price payouts by month and family. Both are reports: they
// change nothing and are not audited, except their exports, a copy of the data leaving the system.
import {
  EMPTY_INCOME_FIGURES,
  FAMILY_KEYS,
  familyLabel,
  findAction,
  formatBytes,
  formatDate,
  formatDateTime,
  formatFen,
  formatMessage,
  INCOME_COLUMNS,
  MSG,
  PROJECT_STATUS_LABELS,
  projectPathOf,
  QUERY_EXPORT_MAX,
  QUERY_KIND_LABELS,
  TASK_STATUS_LABELS,
  TASK_STEP_TITLES,
  TASK_TYPE_LABELS,
  xlsxName,
  type IncomeFigures,
  type IncomeStatistics,
  type PageResult,
  type ProjectStatus,
  type QueryFilters,
  type QueryKind,
  type QueryRow,
  type TaskStatus,
  type TaskType,
} from '@cqjy/domain';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import { isExchange } from '../projects/service.ts';
import * as repo from './repo.ts';

export type StatisticsService = ReturnType<typeof createStatisticsService>;

export type Reader = Pick<SessionContext, 'companyId' | 'identityType'>;
export type Exporter = Pick<
  SessionContext,
  'userId' | 'operatorId' | 'companyId' | 'identityType' | 'codes'
> &
  RequestOrigin;

function scopeOf(reader: Reader): repo.ReportScope {
  return isExchange(reader) ? { kind: 'all' } : { kind: 'company', companyId: reader.companyId };
}

/** The filters as SQL reads them: the days as +08:00 instants, the end day included. */
function toFilter(filters: QueryFilters, limit: number, offset: number): repo.QueryFilter {
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

const SEARCHES: Record<
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

const QUERY_COLUMNS: readonly { title: string; width: number; value: (row: QueryRow) => string }[] = [
  { title: '编号', width: 20, value: (row) => row.code },
  { title: '名称', width: 48, value: (row) => row.title },
  { title: '项目类别', width: 14, value: (row) => row.familyLabel },
  { title: '状态', width: 12, value: (row) => row.statusLabel },
  { title: '所属单位', width: 32, value: (row) => row.companyName },
  { title: '时间', width: 20, value: (row) => formatDateTime(row.at) },
];

export function createStatisticsService(deps: Pick<PlatformDeps, 'db' | 'clock'> & { audit: AuditService }) {
  const { db, audit, clock } = deps;

  async function query(
    reader: Reader,
    input: QueryFilters & { kind: QueryKind; page: number; size: number },
  ): Promise<PageResult<QueryRow>> {
    const filter = toFilter(input, input.size, (input.page - 1) * input.size);
    return SEARCHES[input.kind](db, scopeOf(reader), filter);
  }

  /** Every kind's matches as a sheet of one workbook; refused when a kind has more than QUERY_EXPORT_MAX. */
  async function exportQuery(
    actor: Exporter,
    filters: QueryFilters,
  ): Promise<{ fileName: string; body: Buffer }> {
    const scope = scopeOf(actor);
    const workbook = new ExcelJS.Workbook();
    const counts: Record<string, number> = {};
    for (const kind of Object.keys(SEARCHES) as QueryKind[]) {
      const page = await SEARCHES[kind](db, scope, toFilter(filters, QUERY_EXPORT_MAX + 1, 0));
      if (page.list.length > QUERY_EXPORT_MAX) {
        throw refused(formatMessage(MSG.queryExportTooMany, { max: QUERY_EXPORT_MAX }));
      }
      counts[kind] = page.list.length;
      const sheet = workbook.addWorksheet(QUERY_KIND_LABELS[kind]);
      sheet.columns = QUERY_COLUMNS.map(({ title, width }) => ({ header: title, width }));
      for (const row of page.list) sheet.addRow(QUERY_COLUMNS.map((column) => column.value(row)));
    }
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    await db.transaction(async (tx) => {
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'statistics.query.export',
        result: 'ok',
        target: null,
        detail: { filters, counts },
      });
    });
    return { fileName: xlsxName(`综合查询_${formatDate(clock.now())}`), body };
  }

  async function income(reader: Reader, year: number): Promise<IncomeStatistics> {
    const scope = scopeOf(reader);
    const [orders, payouts] = await Promise.all([
      repo.sumOrders(db, scope, year),
      repo.sumPayouts(db, scope, year),
    ]);
    const months = Array.from({ length: 12 }, (_, index) => ({
      month: `${year}-${String(index + 1).padStart(2, '0')}`,
      ...EMPTY_INCOME_FIGURES,
    }));
    const families = new Map<string, IncomeFigures>();
    const totals = { ...EMPTY_INCOME_FIGURES };
    const add = (month: string, family: string, figures: Partial<IncomeFigures>): void => {
      const byMonth = months.find((row) => row.month === month);
      const byFamily = families.get(family) ?? { ...EMPTY_INCOME_FIGURES };
      families.set(family, byFamily);
      for (const [key, value] of Object.entries(figures) as [keyof IncomeFigures, number][]) {
        if (byMonth !== undefined) byMonth[key] += value;
        byFamily[key] += value;
        totals[key] += value;
      }
    };
    for (const row of orders) {
      add(row.month, row.family, {
        deals: row.deals,
        dealAmount: row.dealAmount,
        serviceFee: row.serviceFee,
      });
    }
    for (const row of payouts) add(row.month, row.family, { payout: row.payout });
    const order = (family: string) => {
      const at = (FAMILY_KEYS as readonly string[]).indexOf(family);
      return at === -1 ? FAMILY_KEYS.length : at;
    };
    return {
      year,
      isExchange: scope.kind === 'all',
      months,
      families: [...families.entries()]
        .sort(([a], [b]) => order(a) - order(b))
        .map(([family, figures]) => ({ family, familyLabel: familyLabel(family), ...figures })),
      totals,
    };
  }

  async function exportIncome(actor: Exporter, year: number): Promise<{ fileName: string; body: Buffer }> {
    const statistics = await income(actor, year);
    const workbook = new ExcelJS.Workbook();
    const sheetOf = (title: string, first: string, rows: { label: string; figures: IncomeFigures }[]) => {
      const sheet = workbook.addWorksheet(title);
      sheet.columns = [
        { header: first, width: 16 },
        ...INCOME_COLUMNS.map((column) => ({ header: column.title, width: 18 })),
      ];
      for (const { label, figures } of rows) {
        sheet.addRow([
          label,
          ...INCOME_COLUMNS.map((column) =>
            column.isMoney ? formatFen(figures[column.key]) : figures[column.key],
          ),
        ]);
      }
      sheet.addRow([
        '合计',
        ...INCOME_COLUMNS.map((column) =>
          column.isMoney ? formatFen(statistics.totals[column.key]) : statistics.totals[column.key],
        ),
      ]);
    };
    sheetOf(
      '按月份',
      '月份',
      statistics.months.map((row) => ({ label: row.month, figures: row })),
    );
    sheetOf(
      '按项目类别',
      '项目类别',
      statistics.families.map((row) => ({ label: row.familyLabel, figures: row })),
    );
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    await db.transaction(async (tx) => {
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'statistics.income.export',
        result: 'ok',
        target: String(year),
        detail: { year },
      });
    });
    return { fileName: xlsxName(`收入统计_${year}年`), body };
  }

  return { query, exportQuery, income, exportIncome };
}
