// The letters an applicant e-signs (application letters of the workflow actions, the registrations' letters): an
// A4 page with a title, the addressee, paragraphs, a table of the application's facts, and the applicant's name
// and date at the bottom right, where the seal goes (flow.ts).
import { createFlow, type RenderedLetter } from './flow.ts';
import type { PdfFontSource } from './fonts.ts';

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

const SIZE = { title: 18, body: 12, table: 11 };

export async function renderLetter(
  letter: Letter,
  options: { fonts?: PdfFontSource } = {},
): Promise<RenderedLetter> {
  const flow = await createFlow({ title: letter.title, margin: 72, lineHeight: 1.6, fonts: options.fonts });
  await flow.text(letter.title, SIZE.title, { x: flow.centred });
  flow.skip(SIZE.body);
  await flow.text(letter.addressee, SIZE.body);
  for (const text of letter.paragraphs) await flow.paragraph(text, SIZE.body);
  flow.skip(SIZE.body);
  // The facts: a two-column table with rules between the rows.
  await flow.facts(letter.fields, { size: SIZE.table, labelFraction: 0.3, isColumnRuled: true });
  return flow.finish({ signatory: `申请单位：${letter.applicant}`, date: letter.date, size: SIZE.body });
}
