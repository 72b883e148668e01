// The signed result of a bidding hall (网络竞价结果) drawn as a PDF: the title, a table of the hall's facts (the
// project, the parameters, the winner and the price, the chain's first and last links), then every bid of the
// chain, one row each (seq, bidder number, amount, time) with its hash under it, over as many A4 pages as the
// bids need; the exchange's name and the date at the bottom right of the last page, where its seal goes. The
// composition (labels, values) is the domain's composeBiddingResult; the text is laid out by the shared
// typesetter.
import type { composeBiddingResult } from '@cqjy/domain';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { getSharedPdfFontSource, type PdfFontSource } from '../../platform/pdf/fonts.ts';
import type { RenderedLetter, SealRect } from '../../platform/pdf/letter.ts';
import { createTypesetter, drawLine, wrap, type Line } from '../../platform/pdf/typesetting.ts';

export type BiddingResultDocument = ReturnType<typeof composeBiddingResult>;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 64, bottom: 64, left: 64, right: 64 };
const SIZE = { title: 18, heading: 13, table: 10, bid: 9, hash: 7, body: 12 };
const LINE = 1.5;
const SEAL_SIZE = 120;
const RULE = rgb(0.6, 0.6, 0.6);
const FAINT = rgb(0.35, 0.35, 0.35);
/** the bid table's columns: seq, bidder number, amount, time (fractions of the content width) */
const BID_COLUMNS = [0.1, 0.18, 0.32, 0.4];

export async function renderBiddingResultPdf(
  result: BiddingResultDocument,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(result.title);
  doc.setCreator('产权交易机构服务中台');
  const typesetter = await createTypesetter(doc, options.fonts ?? getSharedPdfFontSource());
  const linesOf = async (text: string, size: number, width: number): Promise<Line[]> =>
    wrap(await typesetter.toRuns(text), size, width);
  const contentWidth = PAGE.width - MARGIN.left - MARGIN.right;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;

  /** Room for `height` more points on this page, or a new page. */
  const ensure = (height: number): void => {
    if (y - height >= MARGIN.bottom) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  };
  const rule = (x1: number, x2: number, at: number): void => {
    page.drawLine({ start: { x: x1, y: at }, end: { x: x2, y: at }, color: RULE, thickness: 0.5 });
  };

  for (const line of await linesOf(result.title, SIZE.title, contentWidth)) {
    y -= SIZE.title * LINE;
    drawLine(page, line, MARGIN.left + (contentWidth - line.width) / 2, y, SIZE.title);
  }
  y -= SIZE.body;

  // The facts: label and value rows with rules between them.
  const labelWidth = contentWidth * 0.26;
  for (const field of result.fields) {
    const label = await linesOf(field.label, SIZE.table, labelWidth - 8);
    const value = await linesOf(field.value || '—', SIZE.table, contentWidth - labelWidth - 8);
    const rows = Math.max(label.length, value.length);
    ensure(rows * SIZE.table * LINE + SIZE.table);
    for (let i = 0; i < rows; i += 1) {
      y -= SIZE.table * LINE;
      const labelLine = label[i];
      const valueLine = value[i];
      if (labelLine !== undefined) drawLine(page, labelLine, MARGIN.left + 4, y, SIZE.table);
      if (valueLine !== undefined) drawLine(page, valueLine, MARGIN.left + labelWidth + 4, y, SIZE.table);
    }
    y -= SIZE.table * 0.6;
    rule(MARGIN.left, PAGE.width - MARGIN.right, y);
  }

  // Every bid: a row of its facts, its hash under it in small type (64 hex digits fit the width).
  y -= SIZE.body;
  ensure(SIZE.heading * LINE * 3);
  for (const line of await linesOf(result.bidsTitle, SIZE.heading, contentWidth)) {
    y -= SIZE.heading * LINE;
    drawLine(page, line, MARGIN.left, y, SIZE.heading);
  }
  const columnX = BID_COLUMNS.reduce<number[]>(
    (xs, fraction, index) => [...xs, (xs[index] ?? MARGIN.left) + fraction * contentWidth],
    [MARGIN.left],
  );
  const drawRow = async (cells: readonly string[], size: number): Promise<void> => {
    y -= size * LINE;
    for (const [index, cell] of cells.slice(0, BID_COLUMNS.length).entries()) {
      const [line] = await linesOf(cell, size, (BID_COLUMNS[index] ?? 0.2) * contentWidth - 6);
      if (line !== undefined) drawLine(page, line, (columnX[index] ?? MARGIN.left) + 2, y, size);
    }
  };
  await drawRow(result.bidHeader, SIZE.bid);
  y -= SIZE.bid * 0.5;
  rule(MARGIN.left, PAGE.width - MARGIN.right, y);
  for (const cells of result.bidRows) {
    ensure((SIZE.bid + SIZE.hash) * LINE + SIZE.bid);
    await drawRow(cells, SIZE.bid);
    const hash = cells[BID_COLUMNS.length] ?? '';
    for (const line of await linesOf(hash, SIZE.hash, contentWidth - 8)) {
      y -= SIZE.hash * LINE;
      drawLine(page, line, MARGIN.left + 2, y, SIZE.hash, FAINT);
    }
    y -= SIZE.hash * 0.5;
    rule(MARGIN.left, PAGE.width - MARGIN.right, y);
  }
  if (result.bidRows.length === 0) await drawRow(['—'], SIZE.bid);

  y -= SIZE.body * 0.5;
  for (const line of await linesOf(result.chainNote, SIZE.hash + 1, contentWidth)) {
    ensure(SIZE.hash * LINE * 2);
    y -= (SIZE.hash + 1) * LINE;
    drawLine(page, line, MARGIN.left, y, SIZE.hash + 1, FAINT);
  }

  // The signature block at the bottom right of the last page; a new page when the bids left no room for it.
  const right = PAGE.width - MARGIN.right;
  const signatory = await linesOf(result.signatory, SIZE.body, contentWidth * 0.6);
  const date = await linesOf(result.date, SIZE.body, contentWidth * 0.6);
  ensure(SEAL_SIZE + (signatory.length + date.length) * SIZE.body * LINE);
  const blockY = Math.min(y - SEAL_SIZE, MARGIN.bottom + SEAL_SIZE);
  let lineY = blockY;
  for (const line of [...signatory, ...date]) {
    drawLine(page, line, right - line.width, lineY, SIZE.body);
    lineY -= SIZE.body * LINE;
  }
  const sealCentreX = right - (signatory[0]?.width ?? SEAL_SIZE) / 2;
  const sealRect: SealRect = [
    sealCentreX - SEAL_SIZE / 2,
    blockY - SEAL_SIZE / 2 + SIZE.body / 2,
    sealCentreX + SEAL_SIZE / 2,
    blockY + SEAL_SIZE / 2 + SIZE.body / 2,
  ];
  return {
    pdf: await doc.save({ useObjectStreams: false }),
    pageIndex: doc.getPageCount() - 1,
    sealRect,
  };
}
