// Line breaking of the signed documents' text: Chinese wraps at any character, but a closing punctuation mark
// never opens a line (it hangs at the end of the line before).
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSharedPdfFontSource } from './fonts.ts';
import { createTypesetter, widthOf, wrap, type Typesetter } from './typesetting.ts';

const SIZE = 12;
let typesetter: Typesetter;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  typesetter = await createTypesetter(doc, getSharedPdfFontSource());
});

const textOf = (line: { runs: { text: string }[] }) => line.runs.map((run) => run.text).join('');

describe('wrap', () => {
  it('breaks Chinese at the width, one character after another', async () => {
    const runs = await typesetter.toRuns('资产处置计划报送审核资产处置计划');
    const width = widthOf({ text: '资产处置计', font: runs[0]!.font }, SIZE);
    const lines = wrap(runs, SIZE, width + 0.01).map(textOf);
    expect(lines).toEqual(['资产处置计', '划报送审核', '资产处置计', '划']);
  });

  it.each(['。', '，', '、', '）', '”', '；', '！'])(
    'keeps %s at the end of the full line, not alone at the start of the next',
    async (mark) => {
      const runs = await typesetter.toRuns(`资产处置计${mark}划报送审核`);
      const width = widthOf({ text: '资产处置计', font: runs[0]!.font }, SIZE);
      const lines = wrap(runs, SIZE, width + 0.01).map(textOf);
      expect(lines).toEqual([`资产处置计${mark}`, '划报送审核']);
    },
  );
});
