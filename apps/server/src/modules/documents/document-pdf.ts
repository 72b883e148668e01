// A sent document (发文) drawn as a PDF for its e-signature, in the layout of an official letter (公文): the title
// centred, the document number under it, the addressee, the body in indented paragraphs, and the
// sender's name and date at the bottom right, where the seal goes. Unlike the one-page application letters
// (platform/pdf/letter.ts), a body runs over as many A4 pages as it needs; the seal goes on the last one. Text is
// laid out by the shared typesetter.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { getSharedPdfFontSource, type PdfFontSource } from '../../platform/pdf/fonts.ts';
import type { RenderedLetter, SealRect } from '../../platform/pdf/letter.ts';
import { createTypesetter, drawLine, wrap, type Line } from '../../platform/pdf/typesetting.ts';

export type DocumentLetter = {
  title: string;
  docNumber: string;
  addressee: string;
  paragraphs: string[];
  signatory: string;
  date: string;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 72, bottom: 72, left: 72, right: 72 };
const SIZE = { title: 18, number: 12, body: 12 };
const LINE = 1.8;
const SEAL_SIZE = 120;
const RULE = rgb(0.75, 0.1, 0.1);

export async function renderDocumentPdf(
  letter: DocumentLetter,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(letter.title);
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
  const drawLines = (lines: Line[], size: number, x: (line: Line, index: number) => number): void => {
    lines.forEach((line, index) => {
      ensure(size * LINE);
      y -= size * LINE;
      drawLine(page, line, x(line, index), y, size);
    });
  };
  const centred = (line: Line) => MARGIN.left + (contentWidth - line.width) / 2;

  drawLines(await linesOf(letter.title, SIZE.title, contentWidth), SIZE.title, centred);
  if (letter.docNumber !== '') {
    drawLines(await linesOf(letter.docNumber, SIZE.number, contentWidth), SIZE.number, centred);
  }
  // the red rule under the heading, as official documents have it
  y -= SIZE.body * 0.6;
  page.drawLine({
    start: { x: MARGIN.left, y },
    end: { x: PAGE.width - MARGIN.right, y },
    color: RULE,
    thickness: 1,
  });
  y -= SIZE.body * 0.4;

  drawLines(await linesOf(letter.addressee, SIZE.body, contentWidth), SIZE.body, () => MARGIN.left);
  const indent = SIZE.body * 2;
  for (const text of letter.paragraphs) {
    drawLines(await linesOf(text, SIZE.body, contentWidth - indent), SIZE.body, (_line, index) =>
      index === 0 ? MARGIN.left + indent : MARGIN.left,
    );
  }

  // The signature block, at the bottom right of the last page; a new page when the body left no room for it.
  const right = PAGE.width - MARGIN.right;
  const signatory = await linesOf(letter.signatory, SIZE.body, contentWidth * 0.6);
  const date = await linesOf(letter.date, SIZE.body, contentWidth * 0.6);
  const blockHeight = SEAL_SIZE + (signatory.length + date.length) * SIZE.body * LINE;
  ensure(blockHeight);
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
