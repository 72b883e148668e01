// The letters an applicant e-signs (application letters of the workflow actions): an A4 page with a title, the
// addressee, paragraphs, a table of the application's facts, and the applicant's name and date at the bottom
// right, where the seal goes. Text is laid out by the shared typesetter (typesetting.ts).
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { getSharedPdfFontSource, type PdfFontSource } from './fonts.ts';
import { createTypesetter, drawLine, wrap } from './typesetting.ts';

export type Letter = {
  title: string;
  /** 致 ... : the exchange */
  addressee: string;
  paragraphs: string[];
  /** the application's facts, as label and value rows */
  fields: { label: string; value: string }[];
  /** who signs: the applicant company's name */
  applicant: string;
  /** the date line under the applicant, e.g. 2026年11月22日 */
  date: string;
};

/** Where the seal goes on the page: [x1, y1, x2, y2] in PDF points (origin bottom left). */
export type SealRect = [number, number, number, number];

export type RenderedLetter = { pdf: Uint8Array; pageIndex: number; sealRect: SealRect };

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 72, bottom: 72, left: 72, right: 72 };
const SIZE = { title: 18, body: 12, table: 11 };
const LINE = 1.6;
const SEAL_SIZE = 120;
const RULE = rgb(0.6, 0.6, 0.6);

export async function renderLetter(
  letter: Letter,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(letter.title);
  doc.setCreator('产权交易机构服务中台');
  const typesetter = await createTypesetter(doc, options.fonts ?? getSharedPdfFontSource());
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const contentWidth = PAGE.width - MARGIN.left - MARGIN.right;
  let y = PAGE.height - MARGIN.top;

  const title = wrap(await typesetter.toRuns(letter.title), SIZE.title, contentWidth);
  for (const line of title) {
    y -= SIZE.title * LINE;
    drawLine(page, line, MARGIN.left + (contentWidth - line.width) / 2, y, SIZE.title);
  }
  y -= SIZE.body;

  async function paragraph(text: string, indent: number): Promise<void> {
    const lines = wrap(await typesetter.toRuns(text), SIZE.body, contentWidth - indent);
    lines.forEach((line, i) => {
      y -= SIZE.body * LINE;
      drawLine(page, line, MARGIN.left + (i === 0 ? indent : 0), y, SIZE.body);
    });
  }

  await paragraph(letter.addressee, 0);
  for (const text of letter.paragraphs) await paragraph(text, SIZE.body * 2);
  y -= SIZE.body;

  // The facts: a two-column table with rules between the rows.
  const labelWidth = contentWidth * 0.3;
  for (const field of letter.fields) {
    const label = wrap(await typesetter.toRuns(field.label), SIZE.table, labelWidth - 8);
    const value = wrap(
      await typesetter.toRuns(field.value || '—'),
      SIZE.table,
      contentWidth - labelWidth - 8,
    );
    const rows = Math.max(label.length, value.length);
    const top = y;
    for (let i = 0; i < rows; i += 1) {
      y -= SIZE.table * LINE;
      const labelLine = label[i];
      const valueLine = value[i];
      if (labelLine !== undefined) drawLine(page, labelLine, MARGIN.left + 4, y, SIZE.table);
      if (valueLine !== undefined) drawLine(page, valueLine, MARGIN.left + labelWidth + 4, y, SIZE.table);
    }
    y -= SIZE.table * 0.6;
    page.drawLine({
      start: { x: MARGIN.left, y },
      end: { x: PAGE.width - MARGIN.right, y },
      color: RULE,
      thickness: 0.5,
    });
    page.drawLine({
      start: { x: MARGIN.left + labelWidth, y },
      end: { x: MARGIN.left + labelWidth, y: top },
      color: RULE,
      thickness: 0.5,
    });
  }

  // The signature block stays at the bottom right; the seal is centred over the applicant's name.
  const right = PAGE.width - MARGIN.right;
  const blockY = Math.min(y - SEAL_SIZE, MARGIN.bottom + SEAL_SIZE);
  const applicant = wrap(
    await typesetter.toRuns(`申请单位：${letter.applicant}`),
    SIZE.body,
    contentWidth * 0.6,
  );
  const date = wrap(await typesetter.toRuns(letter.date), SIZE.body, contentWidth * 0.6);
  let lineY = blockY;
  for (const line of [...applicant, ...date]) {
    drawLine(page, line, right - line.width, lineY, SIZE.body);
    lineY -= SIZE.body * LINE;
  }
  const sealCentreX = right - (applicant[0]?.width ?? SEAL_SIZE) / 2;
  const sealRect: SealRect = [
    sealCentreX - SEAL_SIZE / 2,
    blockY - SEAL_SIZE / 2 + SIZE.body / 2,
    sealCentreX + SEAL_SIZE / 2,
    blockY + SEAL_SIZE / 2 + SIZE.body / 2,
  ];
  return { pdf: await doc.save({ useObjectStreams: false }), pageIndex: 0, sealRect };
}
