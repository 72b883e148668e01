// Fonts of the PDF letters: Noto Sans SC from @fontsource/noto-sans-sc, whose WOFF2 files (one per unicode-range
// subset, mapped from the package's CSS) are decompressed to TrueType once per process (pdf-lib subsets TrueType
// reliably; Debian's CFF Noto CJK subsets into an invalid font). A letter embeds only the subset files its
// characters need, each subset again to the glyphs used, so a one-page letter stays near 50 KB.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { parseSubsets } from '../signing/glyphs.ts';

type Subset = ReturnType<typeof parseSubsets>[number];

// wawoff2 ships no types; this is the one call used (a CommonJS module, loaded as such).
const { decompress } = createRequire(import.meta.url)('wawoff2') as {
  decompress: (woff2: Uint8Array) => Promise<Uint8Array>;
};

export type FontFile = { file: string; ttf: Uint8Array; hasChar: (codePoint: number) => boolean };

export type PdfFontSource = {
  /** the font file that draws `char`, or undefined when no subset has it */
  fontFor(char: string): Promise<FontFile | undefined>;
};

function locatePackage(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@fontsource/noto-sans-sc/400.css'));
}

export function createPdfFontSource(options: { weight?: number } = {}): PdfFontSource {
  const weight = options.weight ?? 400;
  const packageDir = locatePackage();
  let subsets: Promise<Subset[]> | undefined;
  const files = new Map<string, Promise<FontFile>>();

  function loadSubsets(): Promise<Subset[]> {
    subsets ??= readFile(join(packageDir, `${weight}.css`), 'utf8').then(parseSubsets);
    return subsets;
  }

  function loadFile(file: string): Promise<FontFile> {
    let loaded = files.get(file);
    if (loaded === undefined) {
      loaded = (async () => {
        // A copy: the decompressor answers a view into its WebAssembly memory, which its next call overwrites.
        const ttf = (await decompress(await readFile(join(packageDir, 'files', file)))).slice();
        const font = fontkit.create(ttf);
        return { file, ttf, hasChar: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
      })();
      // A failed load is not cached: the next letter tries again.
      loaded.catch(() => files.delete(file));
      files.set(file, loaded);
    }
    return loaded;
  }

  async function fontFor(char: string): Promise<FontFile | undefined> {
    const codePoint = char.codePointAt(0) ?? 0;
    const subset = (await loadSubsets()).find((s) =>
      s.ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
    );
    if (subset === undefined) return undefined;
    const font = await loadFile(subset.file);
    return font.hasChar(codePoint) ? font : undefined;
  }

  return { fontFor };
}

let shared: PdfFontSource | undefined;

/** The process-wide source: decompressed subsets are shared by every letter. */
export function getSharedPdfFontSource(): PdfFontSource {
  shared ??= createPdfFontSource();
  return shared;
}
