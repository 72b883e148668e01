// Glyph outlines for the seals, from the Noto Sans SC font of @fontsource/noto-sans-sc. The package splits the
// font into about a hundred unicode-range subsets (files/noto-sans-sc-<n>-<weight>-normal.woff2, ranges in
// <weight>.css); the CSS is read once to map a character to its file, and each file is opened (fontkit reads
// WOFF2 itself) the first time one of its characters is drawn, then kept. A character no subset has is drawn
// as a box, so an unusual name never stops an enrolment.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';

export type GlyphOutline = {
  /** SVG path data in font units: y grows upwards, the baseline is y = 0 */
  pathData: string;
  advanceWidth: number;
  unitsPerEm: number;
  /** no font has the character: pathData is a box */
  isMissing: boolean;
};

export type GlyphSource = { getGlyph(char: string): GlyphOutline };

type Subset = { file: string; ranges: [number, number][] };
type Font = ReturnType<typeof fontkit.create>;

const UNITS_PER_EM = 1000;
/** A hollow box over the ideographic em box (-120 .. 880); the inner contour runs the other way. */
const MISSING_GLYPH_PATH = 'M100 -80L100 800L900 800L900 -80ZM170 -10L830 -10L830 730L170 730Z';

/** The unicode-range subsets of one weight, in the order of its CSS. */
export function parseSubsets(css: string): Subset[] {
  const subsets: Subset[] = [];
  const face = /src:\s*url\(\.\/files\/([^)]+?\.woff2)\)[^;]*;\s*unicode-range:\s*([^;]+);/g;
  for (const match of css.matchAll(face)) {
    const [, file, rangeList] = match;
    if (file === undefined || rangeList === undefined) continue;
    const ranges = rangeList.split(',').map((range): [number, number] => {
      const [from = '0', to] = range.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
    });
    subsets.push({ file, ranges });
  }
  return subsets;
}

function locatePackage(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@fontsource/noto-sans-sc/400.css'));
}

export function createGlyphSource(options: { weight?: number; packageDir?: string } = {}): GlyphSource {
  const weight = options.weight ?? 700;
  let subsets: Subset[] | undefined;
  let packageDir = options.packageDir;
  const fonts = new Map<string, Font>();

  function findFont(codePoint: number): Font | undefined {
    packageDir ??= locatePackage();
    subsets ??= parseSubsets(readFileSync(join(packageDir, `${weight}.css`), 'utf8'));
    const subset = subsets.find((s) => s.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
    if (subset === undefined) return undefined;
    let font = fonts.get(subset.file);
    if (font === undefined) {
      font = fontkit.create(readFileSync(join(packageDir, 'files', subset.file)));
      fonts.set(subset.file, font);
    }
    return font;
  }

  function getGlyph(char: string): GlyphOutline {
    const codePoint = char.codePointAt(0) ?? 0;
    const font = findFont(codePoint);
    if (font === undefined || !font.hasGlyphForCodePoint(codePoint)) {
      return {
        pathData: MISSING_GLYPH_PATH,
        advanceWidth: UNITS_PER_EM,
        unitsPerEm: UNITS_PER_EM,
        isMissing: true,
      };
    }
    const glyph = font.glyphForCodePoint(codePoint);
    return {
      pathData: glyph.path.toSVG(),
      advanceWidth: glyph.advanceWidth,
      unitsPerEm: font.unitsPerEm,
      isMissing: false,
    };
  }

  return { getGlyph };
}

let shared: GlyphSource | undefined;

/** The process-wide source: the opened subsets are shared by every seal drawn. */
export function getSharedGlyphSource(): GlyphSource {
  shared ??= createGlyphSource();
  return shared;
}
