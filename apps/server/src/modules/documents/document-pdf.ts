// A sent document (发文) drawn as a PDF for its e-signature, in the layout of an official letter (公文): the title
// centred, the document number under it, the addressee, the body in indented paragraphs, and the
// sender's name and date at the bottom right, where the seal goes. A body runs over as many A4 pages as it needs;
// the seal goes on the last one (platform/pdf/flow.ts).
import { rgb } from 'pdf-lib';
import { createFlow, type RenderedLetter } from '../../platform/pdf/flow.ts';
import type { PdfFontSource } from '../../platform/pdf/fonts.ts';

export type DocumentLetter = {
  title: string;
  docNumber: string;
  addressee: string;
  paragraphs: string[];
  signatory: string;
  date: string;
};

const SIZE = { title: 18, number: 12, body: 12 };
const RED = rgb(0.75, 0.1, 0.1);

export async function renderDocumentPdf(
  letter: DocumentLetter,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const flow = await createFlow({ title: letter.title, margin: 72, lineHeight: 1.8, fonts: options.fonts });
  await flow.text(letter.title, SIZE.title, { x: flow.centred });
  if (letter.docNumber !== '') await flow.text(letter.docNumber, SIZE.number, { x: flow.centred });
  // the red rule under the heading, as official documents have it
  flow.skip(SIZE.body * 0.6);
  flow.rule({ color: RED, thickness: 1 });
  flow.skip(SIZE.body * 0.4);
  await flow.text(letter.addressee, SIZE.body);
  for (const text of letter.paragraphs) await flow.paragraph(text, SIZE.body);
  return flow.finish({ signatory: letter.signatory, date: letter.date, size: SIZE.body });
}
