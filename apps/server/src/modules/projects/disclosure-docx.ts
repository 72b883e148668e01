// The Word file (.docx) of the disclosure announcement: draws the model of disclosure-document.ts with the
// `docx` package on A4 pages, in the sizes and order the PDF uses. Chinese text names the east-Asian fonts every
// Chinese Word installation has (宋体 for text, 黑体 for the title and headings); the asset tables repeat their
// header row on every page and each page carries its number in the footer.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
  type IFontAttributesProperties,
} from 'docx';
import type { DisclosureDocument, DocumentColumn } from '@cqjy/domain';

/** twentieths of a point: A4 and the PDF's margins */
const PAGE = { width: 11906, height: 16838 };
const MARGIN = { top: 1280, bottom: 1280, left: 1134, right: 1134 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** half-points, as Word counts font sizes; the same points as the PDF */
const SIZE = { title: 36, heading: 26, body: 22, facts: 21, assets: 15, footer: 18 };

const LATIN = 'Times New Roman';
const TEXT_FONT: IFontAttributesProperties = { ascii: LATIN, hAnsi: LATIN, cs: LATIN, eastAsia: '宋体' };
const HEADING_FONT: IFontAttributesProperties = { ascii: LATIN, hAnsi: LATIN, cs: LATIN, eastAsia: '黑体' };
const RULE = { style: BorderStyle.SINGLE, size: 4, color: '8C8C8C' };
const SHADE = { type: ShadingType.CLEAR, color: 'auto', fill: 'EDEDED' };

/** Two characters of the body size, the first-line indent of a Chinese paragraph. */
const INDENT = SIZE.body * 20;

function bodyParagraph(text: string, options: { indent?: boolean; size?: number } = {}): Paragraph {
  return new Paragraph({
    ...(options.indent === true ? { indent: { firstLine: INDENT } } : {}),
    spacing: { after: 60, line: 360 },
    children: [new TextRun({ text, size: options.size ?? SIZE.body })],
  });
}

function heading(text: string, size = SIZE.heading): Paragraph {
  return new Paragraph({
    keepNext: true,
    spacing: { before: 200, after: 120 },
    children: [new TextRun({ text, size, font: HEADING_FONT })],
  });
}

function cellOf(
  text: string,
  options: { width: number; size: number; align: 'left' | 'right' | 'center'; isShaded: boolean },
): TableCell {
  const alignment =
    options.align === 'right'
      ? AlignmentType.RIGHT
      : options.align === 'center'
        ? AlignmentType.CENTER
        : AlignmentType.LEFT;
  return new TableCell({
    width: { size: options.width, type: WidthType.DXA },
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    ...(options.isShaded ? { shading: SHADE } : {}),
    children: [
      new Paragraph({
        alignment,
        children: text === '' ? [] : [new TextRun({ text, size: options.size })],
      }),
    ],
  });
}

function table(spec: {
  columns: DocumentColumn[];
  header?: string[];
  rows: string[][];
  size: number;
  isFirstColumnShaded?: boolean;
}): Table {
  const totalWeight = spec.columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = spec.columns.map((column) => Math.floor((CONTENT_WIDTH * column.weight) / totalWeight));
  const rows = spec.rows.map(
    (cells) =>
      new TableRow({
        children: widths.map((width, i) =>
          cellOf(cells[i] ?? '', {
            width,
            size: spec.size,
            align: spec.columns[i]?.align ?? 'left',
            isShaded: spec.isFirstColumnShaded === true && i === 0,
          }),
        ),
      }),
  );
  if (spec.header !== undefined) {
    const header = spec.header;
    // tableHeader: Word repeats this row at the top of every page the table runs onto.
    rows.unshift(
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: widths.map((width, i) =>
          cellOf(header[i] ?? '', { width, size: spec.size, align: 'center', isShaded: true }),
        ),
      }),
    );
  }
  return new Table({
    width: { size: CONTENT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: {
      top: RULE,
      bottom: RULE,
      left: RULE,
      right: RULE,
      insideHorizontal: RULE,
      insideVertical: RULE,
    },
    rows,
  });
}

export async function renderDisclosureDocx(document: DisclosureDocument): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [new TextRun({ text: document.title, size: SIZE.title, font: HEADING_FONT, bold: true })],
    }),
    bodyParagraph(document.opening, { indent: true }),
    heading(document.headings.facts),
    table({
      columns: [
        { label: '', align: 'left', weight: 26 },
        { label: '', align: 'left', weight: 74 },
      ],
      rows: document.facts.map((fact) => [fact.label, fact.value]),
      size: SIZE.facts,
      isFirstColumnShaded: true,
    }),
    heading(document.headings.description),
    ...document.description.map((text) => bodyParagraph(text, { indent: true })),
  ];
  for (const part of document.parts) {
    children.push(heading(part.heading));
    if (part.sections.length === 0) children.push(bodyParagraph(part.empty, { indent: true }));
    for (const section of part.sections) {
      if (section.heading !== '') children.push(heading(section.heading, SIZE.body));
      children.push(
        table({
          columns: section.table.columns,
          header: section.table.columns.map((column) => column.label),
          rows: section.table.rows,
          size: SIZE.assets,
        }),
      );
      if (section.more !== undefined) children.push(bodyParagraph(section.more));
    }
  }
  children.push(
    new Paragraph({
      indent: { firstLine: INDENT },
      spacing: { before: 360, after: 480 },
      keepNext: true,
      children: [new TextRun({ text: document.closing.text, size: SIZE.body })],
    }),
    new Paragraph({
      alignment: AlignmentType.RIGHT,
      keepNext: true,
      children: [new TextRun({ text: document.closing.issuer, size: SIZE.body })],
    }),
    new Paragraph({
      alignment: AlignmentType.RIGHT,
      children: [new TextRun({ text: document.closing.date, size: SIZE.body })],
    }),
  );

  const file = new Document({
    title: document.title,
    creator: '产权交易机构服务中台',
    styles: {
      default: {
        document: {
          run: { font: TEXT_FONT, size: SIZE.body, language: { value: 'zh-CN', eastAsia: 'zh-CN' } },
        },
      },
    },
    sections: [
      {
        properties: { page: { size: PAGE, margin: MARGIN } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: SIZE.footer,
                    children: ['第 ', PageNumber.CURRENT, ' 页，共 ', PageNumber.TOTAL_PAGES, ' 页'],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(file);
}
