// Typesetting shared by the PDFs the server draws (the e-signed letters, the disclosure announcement): text is
// split into runs of one embedded font each (the CJK font comes in unicode-range subsets, so one string may need
// several), laid out character by character, so Chinese wraps anywhere and Latin words wrap at spaces where
// they can.
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { FontFile, PdfFontSource } from './fonts.ts';

/** The ink of body text. */
export const TEXT = rgb(0.1, 0.1, 0.1);

export type Run = { text: string; font: PDFFont };

export type Line = { runs: Run[]; width: number };

export type Typesetter = { toRuns(text: string): Promise<Run[]> };

/** Embeds the subset files a text needs and splits it into runs of one font each. */
export async function createTypesetter(doc: PDFDocument, source: PdfFontSource): Promise<Typesetter> {
  const embedded = new Map<string, PDFFont>();
  async function embed(file: FontFile): Promise<PDFFont> {
    let font = embedded.get(file.file);
    if (font === undefined) {
      font = await doc.embedFont(file.ttf, { subset: true });
      embedded.set(file.file, font);
    }
    return font;
  }
  const fallbackFile = await source.fontFor('□');
  const fallback = fallbackFile === undefined ? undefined : await embed(fallbackFile);

  async function toRuns(text: string): Promise<Run[]> {
    const runs: Run[] = [];
    for (const char of text) {
      const file = await source.fontFor(char);
      const font = file === undefined ? fallback : await embed(file);
      // A character no font has is shown as □ rather than dropped silently.
      const shown = file === undefined ? '□' : char;
      if (font === undefined) continue;
      const last = runs.at(-1);
      if (last?.font === font) last.text += shown;
      else runs.push({ text: shown, font });
    }
    return runs;
  }
  return { toRuns };
}

export function widthOf(run: Run, size: number): number {
  return run.font.widthOfTextAtSize(run.text, size);
}

/**
 * Closing punctuation a Chinese line never starts with (GB/T 15834 and the usual 禁则): such a mark stays at the end
 * of the line before, hanging into the margin by its width, rather than open a line alone.
 */
const NO_LINE_START = new Set('，。、；：？！）》」』】〕”’,.;:?!)]}%');

/**
 * Breaks runs into lines no wider than `maxWidth`, but for a closing punctuation mark, which hangs at the end of
 * the line rather than start the next.
 */
export function wrap(runs: Run[], size: number, maxWidth: number): Line[] {
  const lines: Line[] = [];
  let current: Line = { runs: [], width: 0 };
  for (const run of runs) {
    for (const char of run.text) {
      const piece: Run = { text: char, font: run.font };
      const width = widthOf(piece, size);
      if (current.width + width > maxWidth && current.runs.length > 0 && !NO_LINE_START.has(char)) {
        lines.push(current);
        current = { runs: [], width: 0 };
        if (char === ' ') continue;
      }
      const last = current.runs.at(-1);
      if (last?.font === run.font) last.text += char;
      else current.runs.push(piece);
      current.width += width;
    }
  }
  if (current.runs.length > 0) lines.push(current);
  return lines;
}

export function drawLine(
  page: PDFPage,
  line: Line,
  x: number,
  y: number,
  size: number,
  color: RGB = TEXT,
): void {
  let cursor = x;
  for (const run of line.runs) {
    page.drawText(run.text, { x: cursor, y, size, font: run.font, color });
    cursor += widthOf(run, size);
  }
}
