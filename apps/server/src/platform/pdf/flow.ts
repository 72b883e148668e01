// A document the portal signs, drawn top down on A4 pages (the application letters, the sent documents 发文, the
// bidding results): lines of wrapped text, tables of facts and rules flow onto a new page where the last one is
// full, and the signature block (the signatory and the date) closes the last page at the bottom right, where the
// seal goes. Each renderer composes its own layout from these pieces; text is laid out by the shared typesetter.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { getSharedPdfFontSource, type PdfFontSource } from './fonts.ts';
import { createTypesetter, drawLine, wrap, type Line } from './typesetting.ts';

/** Where the seal goes on the page: [x1, y1, x2, y2] in PDF points (origin bottom left). */
export type SealRect = [number, number, number, number];

/** Where a drawn document's seal goes: its page and box. */
export type LetterLayout = { pageIndex: number; sealRect: SealRect };

/** A drawn document waiting for its seal: the bytes, and the page and box the seal is to cover. */
export type RenderedLetter = { pdf: Uint8Array } & LetterLayout;

const PAGE = { width: 595.28, height: 841.89 };
const SEAL_SIZE = 120;
/** the grey of a table's rules */
const RULE_GREY = rgb(0.6, 0.6, 0.6);

type FlowOptions = {
  title: string;
  /** the page margin on every side, in points */
  margin: number;
  /** the line height as a multiple of the type size */
  lineHeight: number;
  fonts?: PdfFontSource;
};

export async function createFlow(options: FlowOptions) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(options.title);
  doc.setCreator('产权交易机构服务中台');
  const typesetter = await createTypesetter(doc, options.fonts ?? getSharedPdfFontSource());
  const { margin, lineHeight } = options;
  const left = margin;
  const right = PAGE.width - margin;
  const contentWidth = right - left;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - margin;

  const linesOf = async (text: string, size: number, width: number): Promise<Line[]> =>
    wrap(await typesetter.toRuns(text), size, width);

  /** Room for `height` more points on this page, or a new page. */
  function ensure(height: number): void {
    if (y - height >= margin) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - margin;
  }

  /** Moves the pen down by `points` (a gap between blocks). */
  function skip(points: number): void {
    y -= points;
  }

  /** One line's height down, and `draw` there (on a new page when this one is full). */
  function row(size: number, draw: (page: PDFPage, y: number) => void): void {
    ensure(size * lineHeight);
    y -= size * lineHeight;
    draw(page, y);
  }

  /** A rule across the text block (or from x1 to x2) at the pen. */
  function rule(input: { color?: RGB; thickness?: number; x1?: number; x2?: number } = {}): void {
    page.drawLine({
      start: { x: input.x1 ?? left, y },
      end: { x: input.x2 ?? right, y },
      color: input.color ?? RULE_GREY,
      thickness: input.thickness ?? 0.5,
    });
  }

  /** Wrapped text, each line placed by `x` (from the line and its index). */
  async function text(
    value: string,
    size: number,
    place: {
      width?: number;
      x?: (line: Line, index: number) => number;
      color?: RGB;
    } = {},
  ): Promise<void> {
    const lines = await linesOf(value, size, place.width ?? contentWidth);
    lines.forEach((line, index) => {
      row(size, (at, lineY) => drawLine(at, line, place.x?.(line, index) ?? left, lineY, size, place.color));
    });
  }

  /** A paragraph whose first line is indented by `indent` points (two characters, as Chinese paragraphs are). */
  function paragraph(value: string, size: number, indent = size * 2): Promise<void> {
    return text(value, size, {
      width: contentWidth - indent,
      x: (_line, index) => left + (index === 0 ? indent : 0),
    });
  }

  /** Centred across the text block. */
  const centred = (line: Line): number => left + (contentWidth - line.width) / 2;

  /**
   * A two-column table of facts (label, value), a rule under each row, and with `isColumnRuled` a rule between
   * the columns; a row is kept whole on one page.
   */
  async function facts(
    fields: readonly { label: string; value: string }[],
    input: { size: number; labelFraction: number; isColumnRuled?: boolean },
  ): Promise<void> {
    const { size } = input;
    const labelWidth = contentWidth * input.labelFraction;
    for (const field of fields) {
      const label = await linesOf(field.label, size, labelWidth - 8);
      const value = await linesOf(field.value || '—', size, contentWidth - labelWidth - 8);
      const rows = Math.max(label.length, value.length);
      ensure(rows * size * lineHeight + size);
      const top = y;
      for (let i = 0; i < rows; i += 1) {
        y -= size * lineHeight;
        const labelLine = label[i];
        const valueLine = value[i];
        if (labelLine !== undefined) drawLine(page, labelLine, left + 4, y, size);
        if (valueLine !== undefined) drawLine(page, valueLine, left + labelWidth + 4, y, size);
      }
      y -= size * 0.6;
      rule();
      if (input.isColumnRuled === true) {
        page.drawLine({
          start: { x: left + labelWidth, y },
          end: { x: left + labelWidth, y: top },
          color: RULE_GREY,
          thickness: 0.5,
        });
      }
    }
  }

  /**
   * Closes the document with the signature block at the bottom right of the last page (a new page when the text
   * left no room for it), the seal centred over the signatory's first line; answers the bytes and the seal's box.
   */
  async function finish(block: { signatory: string; date: string; size: number }): Promise<RenderedLetter> {
    const { size } = block;
    const signatory = await linesOf(block.signatory, size, contentWidth * 0.6);
    const date = await linesOf(block.date, size, contentWidth * 0.6);
    ensure(SEAL_SIZE + (signatory.length + date.length) * size * lineHeight);
    const blockY = Math.min(y - SEAL_SIZE, margin + SEAL_SIZE);
    let lineY = blockY;
    for (const line of [...signatory, ...date]) {
      drawLine(page, line, right - line.width, lineY, size);
      lineY -= size * lineHeight;
    }
    const sealCentreX = right - (signatory[0]?.width ?? SEAL_SIZE) / 2;
    const sealRect: SealRect = [
      sealCentreX - SEAL_SIZE / 2,
      blockY - SEAL_SIZE / 2 + size / 2,
      sealCentreX + SEAL_SIZE / 2,
      blockY + SEAL_SIZE / 2 + size / 2,
    ];
    return {
      pdf: await doc.save({ useObjectStreams: false }),
      pageIndex: doc.getPageCount() - 1,
      sealRect,
    };
  }

  return {
    left,
    right,
    contentWidth,
    linesOf,
    ensure,
    skip,
    row,
    rule,
    text,
    paragraph,
    centred,
    facts,
    finish,
  };
}
