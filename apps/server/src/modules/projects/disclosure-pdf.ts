// The PDF of the disclosure announcement: draws the model of disclosure-document.ts on A4 pages with the
// project's own CJK font (platform/pdf/fonts.ts) and the shared typesetter. Text flows onto new pages as needed;
// a table that does not fit continues on the next page with its header row repeated, and a row taller than a
// page is split between pages rather than cut off. Every page is numbered in its footer.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { getSharedPdfFontSource, type PdfFontSource } from '../../platform/pdf/fonts.ts';
import { createTypesetter, drawLine, wrap, type Line, type Run } from '../../platform/pdf/typesetting.ts';
import type { DisclosureDocument, DocumentColumn } from '@cqjy/domain';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 64, bottom: 64, left: 56, right: 56 };
const SIZE = { title: 18, heading: 13, body: 11, facts: 10.5, assets: 7.5, footer: 9 };
const LINE = 1.6;
/** tables set their lines closer than running text */
const TABLE_LINE = 1.4;
const CELL = { padX: 4, padY: 3 };
const RULE = rgb(0.55, 0.55, 0.55);
const SHADE = rgb(0.93, 0.93, 0.93);
const FOOTER_INK = rgb(0.4, 0.4, 0.4);
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

type TableSpec = {
  columns: DocumentColumn[];
  /** repeated at the top of every page the table runs onto */
  header?: string[];
  rows: string[][];
  size: number;
  /** the first column holds labels (the facts table) */
  isFirstColumnShaded?: boolean;
};

/** The runs left after the first `count` characters (a line's worth), without the space a wrap would drop. */
function dropChars(runs: Run[], count: number): Run[] {
  const rest: Run[] = [];
  let skipped = 0;
  for (const run of runs) {
    const chars = [...run.text];
    const take = Math.max(0, Math.min(chars.length, count - skipped));
    skipped += take;
    const left = chars.slice(take).join('');
    if (left !== '') rest.push({ text: left, font: run.font });
  }
  const first = rest[0];
  if (first?.text.startsWith(' ') === true) {
    first.text = first.text.slice(1);
    if (first.text === '') rest.shift();
  }
  return rest;
}

function charsOf(line: Line): number {
  return line.runs.reduce((n, run) => n + [...run.text].length, 0);
}

export async function renderDisclosurePdf(
  document: DisclosureDocument,
  options: { fonts?: PdfFontSource } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(document.title);
  doc.setCreator('产权交易机构服务中台');
  const typesetter = await createTypesetter(doc, options.fonts ?? getSharedPdfFontSource());
  const linesOf = async (text: string, size: number, maxWidth: number) =>
    wrap(await typesetter.toRuns(text), size, maxWidth);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;
  const room = () => y - MARGIN.bottom;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  };
  const ensure = (height: number) => {
    if (room() < height) newPage();
  };

  /** Lines of running text; the first may be indented (two characters, as Chinese paragraphs are). */
  async function paragraph(text: string, size: number, indent = 0): Promise<void> {
    const runs = await typesetter.toRuns(text);
    const first = wrap(runs, size, CONTENT_WIDTH - indent)[0];
    if (first === undefined) return;
    const lines = [first, ...wrap(dropChars(runs, charsOf(first)), size, CONTENT_WIDTH)];
    lines.forEach((line, i) => {
      ensure(size * LINE);
      y -= size * LINE;
      drawLine(page, line, MARGIN.left + (i === 0 ? indent : 0), y, size);
    });
  }

  /** A heading stays with at least a few lines of what follows it. */
  async function heading(text: string): Promise<void> {
    y -= SIZE.heading * 0.6;
    ensure(SIZE.heading * LINE + SIZE.body * LINE * 3);
    await paragraph(text, SIZE.heading);
    y -= SIZE.heading * 0.3;
  }

  async function table(spec: TableSpec): Promise<void> {
    const { size } = spec;
    const lineHeight = size * TABLE_LINE;
    const totalWeight = spec.columns.reduce((sum, column) => sum + column.weight, 0);
    const widths = spec.columns.map((column) => (CONTENT_WIDTH * column.weight) / totalWeight);
    const lefts = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const cellLines = (cells: string[]) =>
      Promise.all(widths.map((width, i) => linesOf(cells[i] ?? '', size, width - CELL.padX * 2)));
    const header = spec.header === undefined ? undefined : await cellLines(spec.header);
    const heightOf = (lines: number) => lines * lineHeight + CELL.padY * 2;
    const headerHeight = header === undefined ? 0 : heightOf(Math.max(1, ...header.map((c) => c.length)));

    /** Draws lines [from, from + count) of a row's cells as one band of the table. */
    function band(cells: Line[][], from: number, count: number, isHeader: boolean): void {
      const top = y;
      const height = heightOf(count);
      widths.forEach((width, i) => {
        const x = lefts[i] ?? MARGIN.left;
        const isShaded = isHeader || (spec.isFirstColumnShaded === true && i === 0);
        page.drawRectangle({
          x,
          y: top - height,
          width,
          height,
          borderColor: RULE,
          borderWidth: 0.5,
          ...(isShaded ? { color: SHADE } : {}),
        });
        const align = isHeader ? 'center' : (spec.columns[i]?.align ?? 'left');
        (cells[i] ?? []).slice(from, from + count).forEach((line, k) => {
          // the baseline that centres CJK glyphs (about 0.38 em above it) in the line's box
          const baseline = top - CELL.padY - k * lineHeight - lineHeight / 2 - size * 0.38;
          const left =
            align === 'right'
              ? x + width - CELL.padX - line.width
              : align === 'center'
                ? x + (width - line.width) / 2
                : x + CELL.padX;
          drawLine(page, line, left, baseline, size);
        });
      });
      y = top - height;
    }
    const drawHeader = () => {
      if (header !== undefined) band(header, 0, Math.max(1, ...header.map((c) => c.length)), true);
    };
    const linesThatFit = () => Math.floor((room() - CELL.padY * 2) / lineHeight);
    const freshPageFit = Math.floor(
      (PAGE.height - MARGIN.top - MARGIN.bottom - headerHeight - CELL.padY * 2) / lineHeight,
    );

    ensure(headerHeight + heightOf(1));
    drawHeader();
    for (const row of spec.rows) {
      const cells = await cellLines(row);
      const total = Math.max(1, ...cells.map((c) => c.length));
      let from = 0;
      while (from < total) {
        const fit = linesThatFit();
        const remaining = total - from;
        if (fit >= remaining) {
          band(cells, from, remaining, false);
          break;
        }
        // A row that fits on a page of its own moves there whole; a taller one is split where the page ends.
        if (fit >= 1 && !(from === 0 && remaining <= freshPageFit)) {
          band(cells, from, fit, false);
          from += fit;
        }
        newPage();
        drawHeader();
      }
    }
  }

  // Title
  for (const line of await linesOf(document.title, SIZE.title, CONTENT_WIDTH)) {
    y -= SIZE.title * LINE;
    drawLine(page, line, MARGIN.left + (CONTENT_WIDTH - line.width) / 2, y, SIZE.title);
  }
  y -= SIZE.body;
  await paragraph(document.opening, SIZE.body, SIZE.body * 2);

  await heading(document.headings.facts);
  await table({
    columns: [
      { label: '', align: 'left', weight: 26 },
      { label: '', align: 'left', weight: 74 },
    ],
    rows: document.facts.map((fact) => [fact.label, fact.value]),
    size: SIZE.facts,
    isFirstColumnShaded: true,
  });

  // a list without a description (the investors') has no heading for it
  if (document.headings.description !== '') await heading(document.headings.description);
  for (const text of document.description) await paragraph(text, SIZE.body, SIZE.body * 2);

  for (const part of document.parts) {
    await heading(part.heading);
    if (part.sections.length === 0) await paragraph(part.empty, SIZE.body, SIZE.body * 2);
    for (const section of part.sections) {
      y -= SIZE.body * 0.3;
      ensure(SIZE.body * LINE + SIZE.assets * TABLE_LINE * 6);
      if (section.heading !== '') {
        await paragraph(section.heading, SIZE.body);
        y -= SIZE.body * 0.4;
      }
      await table({
        columns: section.table.columns,
        header: section.table.columns.map((column) => column.label),
        rows: section.table.rows,
        size: SIZE.assets,
      });
      if (section.more !== undefined) {
        y -= SIZE.body * 0.3;
        await paragraph(section.more, SIZE.body);
      }
    }
  }

  // The closing: 特此公告, then the exchange and the date at the right, kept together on one page.
  y -= SIZE.body;
  ensure(SIZE.body * LINE * 5);
  await paragraph(document.closing.text, SIZE.body, SIZE.body * 2);
  y -= SIZE.body * LINE;
  for (const text of [document.closing.issuer, document.closing.date]) {
    for (const line of await linesOf(text, SIZE.body, CONTENT_WIDTH * 0.6)) {
      y -= SIZE.body * LINE;
      drawLine(page, line, PAGE.width - MARGIN.right - line.width, y, SIZE.body);
    }
  }

  const pages = doc.getPages();
  for (const [index, each] of pages.entries()) {
    const [line] = await linesOf(`第 ${index + 1} 页，共 ${pages.length} 页`, SIZE.footer, CONTENT_WIDTH);
    if (line !== undefined) {
      drawLine(each, line, (PAGE.width - line.width) / 2, MARGIN.bottom / 2, SIZE.footer, FOOTER_INK);
    }
  }
  return doc.save();
}
