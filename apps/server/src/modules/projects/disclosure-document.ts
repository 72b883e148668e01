// The disclosure announcement (信息披露公告) of a project as one model (spec 001 section 7: bulk's "word and pdf
// export"), drawn from the project's kind: the title, the exchange's opening, the facts (the kind's fields as the
// view shows them), the announcement's text, then a numbered part for each list of the form (the transferors) and
// each sheet group (the asset list by category, the shareholder structure, the financial data), and the closing.
// Both renderers (disclosure-docx.ts, disclosure-pdf.ts) draw this model and decide nothing about content, so the
// Word and the PDF file always say the same.
import {
  formatChineseDate,
  formatDate,
  isFieldVisible,
  listSheetGroups,
  sheetLabel,
  showFieldValue,
  showSheetValue,
  type DictionaryCode,
  type DisclosureDocument,
  type DocumentColumn,
  type DocumentPart,
  type FieldDef,
  type ProjectFormBase,
  type ProjectKind,
  type SheetColumn,
  type SheetValues,
  type TableSection,
} from '@cqjy/domain';

/** The most rows one table shows; the rest are counted in a line under it. */
export const DISCLOSURE_ASSET_ROWS_MAX = 500;

export type DisclosureInput = {
  project: {
    code: string;
    name: string;
    disclosureStart: Date | null;
    disclosureEnd: Date | null;
  };
  kind: ProjectKind;
  form: ProjectFormBase;
  ownerName: string;
  exchangeName: string;
  /** the project's rows of each sheet of its kind, by sheet key, in the order they were stored */
  sheets: Readonly<Record<string, readonly SheetValues[]>>;
  /** the label of a dictionary entry, as the exchange's dictionary has it */
  dictLabel: (dict: DictionaryCode, key: string) => string;
  /** the name of a company a field refers to by id (the member the project is entrusted to) */
  companyName: (id: number) => string | undefined;
  /** the announcement's date: when the disclosure began, or the day of the export before that */
  day: Date;
};

const NONE = '—';
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Roughly how many CJK characters wide a text is: Latin letters and digits are about half as wide. */
function textUnits(text: string): number {
  let units = 0;
  for (const char of text) units += (char.codePointAt(0) ?? 0) < 0x2e80 ? 0.6 : 1;
  return units;
}

/** The most characters' width a column asks for; longer texts wrap within it. */
const COLUMN_UNITS_MAX = 10;

/**
 * A column of a table, sized to what it shows: its widest value (up to COLUMN_UNITS_MAX) or half its header
 * (headers may take two lines), plus a character for the cell's padding. A portrait page has room for eleven
 * columns only when the short ones stay narrow.
 */
function toDocumentColumn(label: string, isNumber: boolean, values: string[]): DocumentColumn {
  const widest = Math.max(2, textUnits(label) / 2, ...values.map(textUnits));
  return { label, align: isNumber ? 'right' : 'left', weight: Math.min(COLUMN_UNITS_MAX, widest) + 1 };
}

function tableOf(
  columns: readonly { label: string; isNumber: boolean }[],
  cells: string[][],
): TableSection['table'] {
  return {
    columns: columns.map((column, i) =>
      toDocumentColumn(
        column.label,
        column.isNumber,
        cells.map((row) => row[i] ?? ''),
      ),
    ),
    rows: cells,
  };
}

function disclosurePeriod(input: DisclosureInput): string {
  const days = input.kind.periodDays(input.form, 'formal');
  const { disclosureStart, disclosureEnd } = input.project;
  const dates =
    disclosureStart !== null && disclosureEnd !== null
      ? `${formatDate(disclosureStart)} 至 ${formatDate(disclosureEnd)}`
      : '';
  if (days === undefined) return dates || NONE;
  return dates === '' ? `${days}个工作日` : `${days}个工作日（${dates}）`;
}

/** Whether a field is a fact of the announcement: a visible single value the kind does not leave out. */
function isFact(input: DisclosureInput, field: FieldDef): boolean {
  return (
    field.name !== 'name' &&
    field.name !== input.kind.announcement.bodyField &&
    !input.kind.announcement.omit.includes(field.name) &&
    !['file', 'list', 'textarea'].includes(field.kind) &&
    isFieldVisible(field, input.form)
  );
}

function listFacts(input: DisclosureInput): { label: string; value: string }[] {
  return [
    { label: '项目编号', value: input.project.code },
    { label: '项目名称', value: input.project.name },
    { label: '转让方', value: input.ownerName || NONE },
    ...input.kind.fields
      .filter((field) => isFact(input, field))
      .map((field) => ({
        label: field.label,
        value: showFieldValue(field, input.form[field.name], input.dictLabel, input.companyName) || NONE,
      })),
    { label: '披露期', value: disclosurePeriod(input) },
  ];
}

const isNumberColumn = (column: SheetColumn): boolean =>
  ['money', 'decimal', 'integer', 'share'].includes(column.kind);

/** A sheet's rows as a table, the first DISCLOSURE_ASSET_ROWS_MAX of them. */
function sheetSection(
  heading: string,
  columns: readonly SheetColumn[],
  rows: readonly SheetValues[],
): TableSection {
  const shown = rows.slice(0, DISCLOSURE_ASSET_ROWS_MAX);
  const rest = rows.length - shown.length;
  const cells = shown.map((values) => columns.map((column) => showSheetValue(column, values[column.key])));
  return {
    heading,
    table: tableOf(
      columns.map((column) => ({ label: column.label, isNumber: isNumberColumn(column) })),
      cells,
    ),
    ...(rest > 0 ? { more: `另有${rest}行未在本公告中列出，完整清单请在项目中导出查看。` } : {}),
  };
}

type Part = Omit<DocumentPart, 'heading'> & { title: string };

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts: each list field of the form, then each sheet group (several sheets: a section per sheet). */
function listParts(input: DisclosureInput): Part[] {
  const parts: Part[] = [];
  for (const field of input.kind.fields.filter((f) => f.kind === 'list' && isFieldVisible(f, input.form))) {
    const value = input.form[field.name];
    const rows = Array.isArray(value) ? value.filter(isRow) : [];
    const cells = rows.map((row) =>
      (field.fields ?? []).map((cell) =>
        showFieldValue(cell, row[cell.name], input.dictLabel, input.companyName),
      ),
    );
    parts.push({
      title: field.label,
      sections:
        rows.length === 0
          ? []
          : [
              {
                heading: '',
                table: tableOf(
                  (field.fields ?? []).map((cell) => ({
                    label: cell.label,
                    isNumber: ['money', 'integer', 'share', 'percent'].includes(cell.kind),
                  })),
                  cells,
                ),
              },
            ],
      empty: `本项目未填写${field.label}。`,
    });
  }
  for (const group of listSheetGroups(input.kind.sheets)) {
    const isSingle = group.sheets.length === 1;
    const sections: TableSection[] = [];
    for (const sheet of group.sheets) {
      const rows = input.sheets[sheet.key] ?? [];
      if (rows.length === 0) continue;
      const heading = isSingle ? '' : `（${sections.length + 1}）${sheetLabel(sheet)}（共${rows.length}项）`;
      sections.push(sheetSection(heading, sheet.columns, rows));
    }
    parts.push({ title: group.title, sections, empty: `本项目未登记${group.title}。` });
  }
  return parts;
}

export function composeDisclosureDocument(input: DisclosureInput): DisclosureDocument {
  const body = input.form[input.kind.announcement.bodyField];
  const description = (typeof body === 'string' ? body : '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const bodyLabel = input.kind.fields.find(
    (field) => field.name === input.kind.announcement.bodyField,
  )?.label;
  const parts = listParts(input);
  return {
    title: `${input.project.name}信息披露公告`,
    opening: `受转让方委托，${input.exchangeName}对下列标的进行公开挂牌转让，现将有关事项公告如下：`,
    headings: { facts: '一、项目基本情况', description: `二、${bodyLabel ?? '项目描述'}` },
    facts: listFacts(input),
    description: description.length === 0 ? [NONE] : description,
    parts: parts.map((part, index) => ({
      heading: `${NUMERALS[index + 2] ?? String(index + 3)}、${part.title}`,
      sections: part.sections,
      empty: part.empty,
    })),
    closing: { text: '特此公告。', issuer: input.exchangeName, date: formatChineseDate(input.day) },
  };
}

/** The file name of an export: 项目编号 + 项目名称 + 信息披露公告, with the extension. */
export function disclosureFileName(project: { code: string; name: string }, ext: 'docx' | 'pdf'): string {
  return `${project.code}${project.name}信息披露公告.${ext}`;
}
