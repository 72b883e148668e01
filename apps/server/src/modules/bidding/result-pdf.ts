// The signed result of a bidding hall (网络竞价结果) drawn as a PDF: the title, a table of the hall's facts (the
// project, the parameters, the winner and the price, the chain's first and last links), then every bid of the
// chain, one row each (seq, bidder number, amount, time) with its hash under it, over as many A4 pages as the
// bids need; the exchange's name and the date at the bottom right of the last page, where its seal goes. The
// composition (labels, values) is the domain's composeBiddingResult; the pages flow as every signed document's do
// (platform/pdf/flow.ts).
import type { composeBiddingResult } from '@cqjy/domain';
import { rgb } from 'pdf-lib';
import { createFlow, type RenderedLetter } from '../../platform/pdf/flow.ts';
import type { PdfFontSource } from '../../platform/pdf/fonts.ts';
import { drawLine } from '../../platform/pdf/typesetting.ts';

export type BiddingResultDocument = ReturnType<typeof composeBiddingResult>;

const SIZE = { title: 18, heading: 13, table: 10, bid: 9, hash: 7, body: 12 };
const LINE = 1.5;
const FAINT = rgb(0.35, 0.35, 0.35);
/** the bid table's columns: seq, bidder number, amount, time (fractions of the content width) */
const BID_COLUMNS = [0.1, 0.18, 0.32, 0.4];

export async function renderBiddingResultPdf(
  result: BiddingResultDocument,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const flow = await createFlow({ title: result.title, margin: 64, lineHeight: LINE, fonts: options.fonts });
  const { left, contentWidth } = flow;
  await flow.text(result.title, SIZE.title, { x: flow.centred });
  flow.skip(SIZE.body);
  // The facts: label and value rows with rules between them.
  await flow.facts(result.fields, { size: SIZE.table, labelFraction: 0.26 });

  // Every bid: a row of its facts, its hash under it in small type (64 hex digits fit the width).
  flow.skip(SIZE.body);
  flow.ensure(SIZE.heading * LINE * 3);
  await flow.text(result.bidsTitle, SIZE.heading);
  const columnX = BID_COLUMNS.reduce<number[]>(
    (xs, fraction, index) => [...xs, (xs[index] ?? left) + fraction * contentWidth],
    [left],
  );
  const drawRow = async (cells: readonly string[], size: number): Promise<void> => {
    const lines = await Promise.all(
      cells
        .slice(0, BID_COLUMNS.length)
        .map(
          async (cell, index) =>
            (await flow.linesOf(cell, size, (BID_COLUMNS[index] ?? 0.2) * contentWidth - 6))[0],
        ),
    );
    flow.row(size, (page, y) => {
      lines.forEach((line, index) => {
        if (line !== undefined) drawLine(page, line, (columnX[index] ?? left) + 2, y, size);
      });
    });
  };
  await drawRow(result.bidHeader, SIZE.bid);
  flow.skip(SIZE.bid * 0.5);
  flow.rule();
  for (const cells of result.bidRows) {
    flow.ensure((SIZE.bid + SIZE.hash) * LINE + SIZE.bid);
    await drawRow(cells, SIZE.bid);
    await flow.text(cells[BID_COLUMNS.length] ?? '', SIZE.hash, {
      width: contentWidth - 8,
      x: () => left + 2,
      color: FAINT,
    });
    flow.skip(SIZE.hash * 0.5);
    flow.rule();
  }
  if (result.bidRows.length === 0) await drawRow(['—'], SIZE.bid);

  flow.skip(SIZE.body * 0.5);
  await flow.text(result.chainNote, SIZE.hash + 1, { color: FAINT });
  return flow.finish({ signatory: result.signatory, date: result.date, size: SIZE.body });
}
