// The investors' list as a workbook (.xlsx) and as a PDF: the same columns (INVESTOR_EXPORT_COLUMNS of the domain)
// and rows, so what a person reads in one is what they read in the other. The PDF is drawn by the announcement's
// renderer (a title, the project's facts, a table, the exchange and the day), as an exchange's lists look.
import {
  fenToYuan,
  formatChineseDate,
  formatShare,
  formatThousands,
  INVESTOR_EXPORT_COLUMNS,
  type DisclosureDocument,
  type InvestorView,
} from '@cqjy/domain';
import ExcelJS from 'exceljs';
import { renderDisclosurePdf } from '../projects/disclosure-pdf.ts';

type ExportKey = (typeof INVESTOR_EXPORT_COLUMNS)[number]['key'];

/** The registrant as the list names it: the owner itself, or the member that registered its customer. */
function registrantOf(investor: InvestorView): string {
  return investor.isByMember
    ? `${investor.registrantCompanyName}（会员代理）`
    : investor.registrantCompanyName;
}

function textOf(investor: InvestorView, key: ExportKey): string {
  switch (key) {
    case 'amount':
      return formatThousands(fenToYuan(investor.amount));
    case 'share':
      return formatShare(investor.share);
    case 'registrant':
      return registrantOf(investor);
    default:
      return investor[key];
  }
}

/** The workbook: one sheet of the investors, money and shares as numbers, so they add up in Excel. */
export async function buildInvestorsWorkbook(
  title: string,
  investors: readonly InvestorView[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('投资方', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = INVESTOR_EXPORT_COLUMNS.map((column) => ({
    header: column.label,
    key: column.key,
    width: column.key === 'name' || column.key === 'registrant' ? 32 : 18,
    style:
      column.key === 'amount' ? { numFmt: '#,##0.00' } : column.key === 'share' ? { numFmt: '0.0000' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const investor of investors) {
    sheet.addRow(
      Object.fromEntries(
        INVESTOR_EXPORT_COLUMNS.map((column) => [
          column.key,
          column.key === 'amount'
            ? investor.amount / 100
            : column.key === 'share'
              ? investor.share / 10_000
              : textOf(investor, column.key),
        ]),
      ),
    );
  }
  workbook.title = title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The PDF list: the project's facts, then every investor in a table. */
export async function renderInvestorsPdf(input: {
  title: string;
  facts: readonly { label: string; value: string }[];
  investors: readonly InvestorView[];
  issuer: string;
  day: Date;
}): Promise<Uint8Array> {
  // the PDF's table is narrower than the sheet: the columns a reader of the printed list needs
  const columns: { key: ExportKey; weight: number; align: 'left' | 'right' }[] = [
    { key: 'name', weight: 22, align: 'left' },
    { key: 'investorTypeLabel', weight: 10, align: 'left' },
    { key: 'certNo', weight: 18, align: 'left' },
    { key: 'amount', weight: 14, align: 'right' },
    { key: 'share', weight: 10, align: 'right' },
    { key: 'registrant', weight: 16, align: 'left' },
    { key: 'statusLabel', weight: 10, align: 'left' },
  ];
  const label = (key: ExportKey) =>
    INVESTOR_EXPORT_COLUMNS.find((column) => column.key === key)?.label ?? key;
  const document: DisclosureDocument = {
    title: input.title,
    opening: `截至${formatChineseDate(input.day)}，本项目登记的投资方如下。`,
    headings: { facts: '一、项目信息', description: '' },
    facts: [...input.facts],
    description: [],
    parts: [
      {
        heading: '二、投资方名单',
        sections: [
          {
            heading: '',
            table: {
              columns: columns.map((column) => ({
                label: label(column.key),
                align: column.align,
                weight: column.weight,
              })),
              rows: input.investors.map((investor) => columns.map((column) => textOf(investor, column.key))),
            },
          },
        ],
        empty: '暂无投资方',
      },
    ],
    closing: { text: '', issuer: input.issuer, date: formatChineseDate(input.day) },
  };
  return renderDisclosurePdf(document);
}
