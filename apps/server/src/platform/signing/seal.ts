// The seal images of e-signature enrolment: the company's round red seal (its name along the upper arc, a
// five-pointed star in the centre, 电子签章专用 below it) and the operator's square name stamp. Every character is
// a glyph outline (a path), never <text>, so the image is the same on every machine, in every browser and in the
// PDF letters later; renderSealPng gives the PNG those letters stamp.
import { Resvg } from '@resvg/resvg-js';
import { getSharedGlyphSource, type GlyphOutline, type GlyphSource } from './glyphs.ts';

export const SEAL_RED = '#e60012';
export const COMPANY_SEAL_PURPOSE = '电子签章专用';

const SEAL_SIZE = 240;
const RING_RADIUS = 114;
const RING_WIDTH = 6;
const STAR_RADIUS = 36;
const NAME_SIZE = 36;
/** the smallest horizontal squeeze before the characters are made smaller instead */
const MIN_WIDTH_RATIO = 0.6;
/** first to last character of the name; a long name runs from about seven to five o'clock */
const MAX_NAME_SPAN_DEG = 250;
/** a short name still spreads over the top of the ring */
const MIN_NAME_SPAN_DEG = 150;
const PURPOSE_SIZE = 20;
const STAMP_CELL = 50;
const STAMP_BORDER = 6;
const STAMP_PADDING = 8;
/** the vertical centre of the ideographic em box (-120 .. 880 units of a 1000-unit em) */
const EM_CENTRE = 380;

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * One glyph as a path whose em box is centred on (x, y), `height` tall and `height * widthRatio` wide, turned by
 * `rotation` degrees (clockwise). Font units grow upwards, hence the negative vertical scale.
 */
function placeGlyph(
  glyph: GlyphOutline,
  at: { x: number; y: number; rotation: number; height: number; widthRatio: number },
): string {
  if (glyph.pathData === '') return '';
  const scale = at.height / glyph.unitsPerEm;
  const transform = [
    `translate(${round(at.x)} ${round(at.y)})`,
    at.rotation === 0 ? '' : `rotate(${round(at.rotation)})`,
    `scale(${round(scale * at.widthRatio * 10000) / 10000} ${-round(scale * 10000) / 10000})`,
    `translate(${round(-glyph.advanceWidth / 2)} ${-EM_CENTRE})`,
  ]
    .filter((part) => part !== '')
    .join(' ');
  return `<path transform="${transform}" d="${glyph.pathData}"/>`;
}

function starPoints(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.382;
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

function wrapSvg(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>`
  );
}

/** Characters of a name as drawn: code points (a rare character may be two UTF-16 units), blanks removed. */
function splitName(name: string): string[] {
  return Array.from(name.trim()).filter((char) => char.trim() !== '');
}

export type CompanySealInput = {
  companyName: string;
  /** the horizontal line under the star; null leaves it out */
  purpose?: string | null;
};

export function drawCompanySeal(
  input: CompanySealInput,
  glyphs: GlyphSource = getSharedGlyphSource(),
): string {
  const centre = SEAL_SIZE / 2;
  const chars = splitName(input.companyName);
  const parts: string[] = [
    `<circle cx="${centre}" cy="${centre}" r="${RING_RADIUS}" fill="none" stroke="${SEAL_RED}" ` +
      `stroke-width="${RING_WIDTH}"/>`,
    `<polygon points="${starPoints(centre, centre, STAR_RADIUS)}" fill="${SEAL_RED}"/>`,
  ];

  if (chars.length > 0) {
    let size = NAME_SIZE;
    const radiusFor = (s: number): number => RING_RADIUS - RING_WIDTH / 2 - 5 - s / 2;
    const gaps = Math.max(chars.length - 1, 1);
    const naturalSpan = ((size * (chars.length - 1)) / radiusFor(size)) * (180 / Math.PI);
    const span =
      chars.length === 1 ? 0 : Math.min(MAX_NAME_SPAN_DEG, Math.max(MIN_NAME_SPAN_DEG, naturalSpan));
    const step = span / gaps;
    // The arc one character may take; a crowded name is first squeezed, then made smaller.
    const arcPerChar = (step * Math.PI * radiusFor(size)) / 180;
    let widthRatio = chars.length === 1 ? 1 : Math.min(1, (arcPerChar * 0.92) / size);
    if (widthRatio < MIN_WIDTH_RATIO) {
      size = Math.max(12, (arcPerChar * 0.92) / MIN_WIDTH_RATIO);
      widthRatio = Math.min(1, (arcPerChar * 0.92) / size);
    }
    const radius = radiusFor(size);
    chars.forEach((char, index) => {
      const angle = -span / 2 + index * step;
      const radians = (angle * Math.PI) / 180;
      parts.push(
        placeGlyph(glyphs.getGlyph(char), {
          x: centre + radius * Math.sin(radians),
          y: centre - radius * Math.cos(radians),
          rotation: angle,
          height: size,
          widthRatio,
        }),
      );
    });
  }

  const purpose = splitName(input.purpose === undefined ? COMPANY_SEAL_PURPOSE : (input.purpose ?? ''));
  if (purpose.length > 0) {
    const widthRatio = 0.85;
    const advance = PURPOSE_SIZE * widthRatio;
    const y = centre + STAR_RADIUS + 24;
    const left = centre - (advance * purpose.length) / 2 + advance / 2;
    purpose.forEach((char, index) => {
      parts.push(
        placeGlyph(glyphs.getGlyph(char), {
          x: left + index * advance,
          y,
          rotation: 0,
          height: PURPOSE_SIZE,
          widthRatio,
        }),
      );
    });
  }

  return wrapSvg(SEAL_SIZE, SEAL_SIZE, `<g fill="${SEAL_RED}">${parts.join('')}</g>`);
}

type StampLayout = { columns: number; rows: number; chars: string[]; isRowWise: boolean };

/**
 * How a name fills a stamp: two to four characters in a 2 x 2 square (张三之印, 欧阳娜印), read in columns from the
 * right as stamps are; five or six in 3 x 2; one character beside 印; longer names (with a middle dot, say) in
 * one row of a wide stamp.
 */
function layOutStamp(chars: string[]): StampLayout {
  const n = chars.length;
  if (n <= 1) return { columns: 2, rows: 1, chars: [...chars, '印'], isRowWise: false };
  if (n === 2) return { columns: 2, rows: 2, chars: [...chars, '之', '印'], isRowWise: false };
  if (n <= 4) return { columns: 2, rows: 2, chars: n === 3 ? [...chars, '印'] : chars, isRowWise: false };
  if (n <= 6) return { columns: 3, rows: 2, chars: n === 5 ? [...chars, '印'] : chars, isRowWise: false };
  return { columns: n, rows: 1, chars, isRowWise: true };
}

export function drawPersonalSeal(name: string, glyphs: GlyphSource = getSharedGlyphSource()): string {
  const layout = layOutStamp(splitName(name));
  const inner = STAMP_BORDER + STAMP_PADDING;
  // A one-row stamp has short wide cells; the square ones keep the stamp square.
  const cellWidth = layout.isRowWise ? STAMP_CELL * 0.8 : STAMP_CELL;
  const cellHeight = layout.rows === 1 && !layout.isRowWise ? STAMP_CELL * 2 : STAMP_CELL;
  const width = Math.round(inner * 2 + cellWidth * layout.columns);
  const height = Math.round(inner * 2 + cellHeight * layout.rows);
  const parts: string[] = [
    `<rect x="${STAMP_BORDER / 2}" y="${STAMP_BORDER / 2}" width="${width - STAMP_BORDER}" ` +
      `height="${height - STAMP_BORDER}" fill="none" stroke="${SEAL_RED}" stroke-width="${STAMP_BORDER}"/>`,
  ];
  layout.chars.forEach((char, index) => {
    // Columns right to left, top to bottom in each; a one-row stamp reads left to right.
    const column = layout.isRowWise ? index : layout.columns - 1 - Math.floor(index / layout.rows);
    const row = layout.isRowWise ? 0 : index % layout.rows;
    const glyphHeight = cellHeight * 0.96;
    parts.push(
      placeGlyph(glyphs.getGlyph(char), {
        x: inner + cellWidth * (column + 0.5),
        y: inner + cellHeight * (row + 0.5),
        rotation: 0,
        height: glyphHeight,
        widthRatio: (cellWidth * 0.96) / glyphHeight,
      }),
    );
  });
  return wrapSvg(width, height, `<g fill="${SEAL_RED}">${parts.join('')}</g>`);
}

/** The seal as a PNG `sizePx` wide (transparent background), for stamping into PDFs. */
export function renderSealPng(svg: string, sizePx: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: sizePx },
    // The text is outlines already: no font is needed, and not scanning the system's fonts is much faster.
    font: { loadSystemFonts: false },
  });
  return resvg.render().asPng();
}
