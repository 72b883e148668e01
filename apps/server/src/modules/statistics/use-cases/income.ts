import {
  EMPTY_INCOME_FIGURES,
  FAMILY_KEYS,
  familyLabel,
  formatFen,
  INCOME_COLUMNS,
  xlsxName,
  type IncomeFigures,
  type IncomeStatistics,
} from '@cqjy/domain';
import ExcelJS from 'exceljs';
import { toAuditActor } from '../../../platform/audit.ts';
import type { Exporter, Reader, StatisticsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { scopeOf } from '../scope.ts';

/** 收入统计: the year's deals, service fees and price payouts by month and by family, and their totals. */
export async function income(deps: StatisticsDeps, reader: Reader, year: number): Promise<IncomeStatistics> {
  const { db } = deps;
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

/** The year's figures as a workbook: one sheet by month, one by family, each with the totals' row. */
export async function exportIncome(
  deps: StatisticsDeps,
  actor: Exporter,
  year: number,
): Promise<{ fileName: string; body: Buffer }> {
  const { db, audit } = deps;
  const statistics = await income(deps, actor, year);
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
