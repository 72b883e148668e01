// The disclosure announcement (信息披露公告) of a physical-asset project as one model (spec 001 section 7, Bulk:
// "word and pdf export"): the title, the exchange's opening, the listing facts, the description, the asset list
// by category and the closing. Both renderers (disclosure-docx.ts, disclosure-pdf.ts) draw this model and
// decide nothing about content, so the Word and the PDF file always say the same.
import {
  ASSET_COLUMNS,
  assetCategoryLabel,
  BULK_ASSET_CATEGORIES,
  BULK_FIELD_LABELS,
  formatChineseDate,
  formatDate,
  formatFen,
  PAYMENT_MODES,
  showAssetValue,
  type AssetColumn,
  type AssetValues,
  type BulkAssetCategory,
  type BulkProjectForm,
  type AssetSection,
  type DisclosureDocument,
  type DocumentColumn,
} from '@cqjy/domain';

/** The most asset rows one category shows; the rest are counted in a line under its table. */
export const DISCLOSURE_ASSET_ROWS_MAX = 500;

export type DisclosureInput = {
  project: {
    code: string;
    name: string;
    disclosureStart: Date | null;
    disclosureEnd: Date | null;
  };
  form: BulkProjectForm | undefined;
  ownerName: string;
  exchangeName: string;
  /** the project's asset rows, by category, in the order they were stored */
  assets: Partial<Record<BulkAssetCategory, AssetValues[]>>;
  /** the announcement's date: when the disclosure began, or the day of the export before that */
  day: Date;
};

const NONE = '—';

/** A ratio as a percentage without binary-float noise (0.333 -> 33.3%), as the form shows it. */
function percent(ratio: number): string {
  return `${String(Number(`${ratio}e2`))}%`;
}

/** Roughly how many CJK characters wide a text is: Latin letters and digits are about half as wide. */
function textUnits(text: string): number {
  let units = 0;
  for (const char of text) units += (char.codePointAt(0) ?? 0) < 0x2e80 ? 0.6 : 1;
  return units;
}

/** The most characters' width a column asks for; longer texts wrap within it. */
const COLUMN_UNITS_MAX = 10;

/**
 * A column of an asset table, sized to what it shows: its widest value (up to COLUMN_UNITS_MAX) or half its
 * header (headers may take two lines), plus a character for the cell's padding. A portrait page has room for
 * eleven columns only when the short ones stay narrow.
 */
function toDocumentColumn(column: AssetColumn, values: string[]): DocumentColumn {
  const isNumber = column.kind === 'money' || column.kind === 'decimal' || column.kind === 'integer';
  const widest = Math.max(2, textUnits(column.label) / 2, ...values.map(textUnits));
  return {
    label: column.label,
    align: isNumber ? 'right' : 'left',
    weight: Math.min(COLUMN_UNITS_MAX, widest) + 1,
  };
}

function disclosurePeriod(input: DisclosureInput): string {
  const days = input.form?.disclosureDays;
  const { disclosureStart, disclosureEnd } = input.project;
  const dates =
    disclosureStart !== null && disclosureEnd !== null
      ? `${formatDate(disclosureStart)} 至 ${formatDate(disclosureEnd)}`
      : '';
  if (days === undefined) return dates || NONE;
  return dates === '' ? `${days}个工作日` : `${days}个工作日（${dates}）`;
}

function listFacts(input: DisclosureInput): { label: string; value: string }[] {
  const form = input.form ?? { name: input.project.name };
  const L = BULK_FIELD_LABELS;
  const fen = (value: number | undefined) => (value === undefined ? NONE : formatFen(value));
  const payment = PAYMENT_MODES.find((mode) => mode.code === form.paymentMode);
  const facts = [
    { label: '项目编号', value: input.project.code },
    { label: L.name, value: input.project.name },
    { label: '转让方', value: input.ownerName || NONE },
    { label: L.assetCategory, value: assetCategoryLabel(form.assetCategory) || NONE },
    { label: L.listingPrice, value: fen(form.listingPrice) },
    { label: L.appraisalPrice, value: fen(form.appraisalPrice) },
    { label: '披露期', value: disclosurePeriod(input) },
    { label: L.paymentMode, value: payment?.label ?? NONE },
  ];
  if (form.paymentMode === 'instalment') {
    facts.push(
      {
        label: L.firstPaymentRatio,
        value: form.firstPaymentRatio === undefined ? NONE : percent(form.firstPaymentRatio),
      },
      { label: L.instalmentMonths, value: form.instalmentMonths?.toString() ?? NONE },
      { label: L.hasGuarantee, value: form.hasGuarantee === true ? '是' : '否' },
    );
  }
  facts.push(
    { label: L.contactName, value: form.contactName?.trim() || NONE },
    { label: L.contactMobile, value: form.contactMobile?.trim() || NONE },
  );
  return facts;
}

function listAssetSections(assets: DisclosureInput['assets']): AssetSection[] {
  const sections: AssetSection[] = [];
  for (const { code } of BULK_ASSET_CATEGORIES) {
    const rows = assets[code] ?? [];
    if (rows.length === 0) continue;
    const columns = ASSET_COLUMNS[code];
    const shown = rows.slice(0, DISCLOSURE_ASSET_ROWS_MAX);
    const rest = rows.length - shown.length;
    const cells = shown.map((values) => columns.map((column) => showAssetValue(column, values[column.key])));
    sections.push({
      heading: `（${sections.length + 1}）${assetCategoryLabel(code)}（共${rows.length}项）`,
      table: {
        columns: columns.map((column, i) =>
          toDocumentColumn(
            column,
            cells.map((row) => row[i] ?? ''),
          ),
        ),
        rows: cells,
      },
      ...(rest > 0
        ? { more: `另有${rest}项资产未在本公告中列出，完整清单请在项目资产清单中导出查看。` }
        : {}),
    });
  }
  return sections;
}

export function composeDisclosureDocument(input: DisclosureInput): DisclosureDocument {
  const description = (input.form?.description ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    title: `${input.project.name}信息披露公告`,
    opening: `受转让方委托，${input.exchangeName}对下列资产进行公开挂牌转让，现将有关事项公告如下：`,
    headings: { facts: '一、项目基本情况', description: '二、项目描述', assets: '三、资产清单' },
    facts: listFacts(input),
    description: description.length === 0 ? [NONE] : description,
    assets: listAssetSections(input.assets),
    noAssets: '本项目未登记资产清单。',
    closing: { text: '特此公告。', issuer: input.exchangeName, date: formatChineseDate(input.day) },
  };
}

/** The file name of an export: 项目编号 + 项目名称 + 信息披露公告, with the extension. */
export function disclosureFileName(project: { code: string; name: string }, ext: 'docx' | 'pdf'): string {
  return `${project.code}${project.name}信息披露公告.${ext}`;
}
