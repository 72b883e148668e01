import { describe, expect, it } from 'vitest';
import { createGlyphSource, parseSubsets } from './glyphs.ts';
import { COMPANY_SEAL_PURPOSE, drawCompanySeal, drawPersonalSeal, renderSealPng, SEAL_RED } from './seal.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which follows the signature. */
function readPngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function countPaths(svg: string): number {
  return svg.match(/<path /g)?.length ?? 0;
}

describe('glyphs', () => {
  it('maps unicode ranges of the fontsource CSS to their files', () => {
    const css = `@font-face {
  src: url(./files/a-700-normal.woff2) format('woff2'), url(./files/a-700-normal.woff) format('woff');
  unicode-range: U+4e00-4e0f,U+56fd;
}`;
    expect(parseSubsets(css)).toEqual([
      {
        file: 'a-700-normal.woff2',
        ranges: [
          [0x4e00, 0x4e0f],
          [0x56fd, 0x56fd],
        ],
      },
    ]);
  });

  it('gives outlines of Chinese characters, and a box for a character no font has', () => {
    const glyphs = createGlyphSource();
    const guo = glyphs.getGlyph('国');
    expect(guo.isMissing).toBe(false);
    expect(guo.pathData).toMatch(/^M[\d.-]+ [\d.-]+/);
    expect(guo.advanceWidth).toBe(1000);
    // Extension B and the private use area are in no subset of Noto Sans SC
    expect(glyphs.getGlyph('\u{2000B}').isMissing).toBe(true);
    expect(glyphs.getGlyph('\uE000').isMissing).toBe(true);
  });
});

describe('the company seal', () => {
  const name = '北京示范国有资产经营有限公司';

  it('is red, round, with a star, and every character an outline: no <text>', () => {
    const svg = drawCompanySeal({ companyName: name });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<circle');
    expect(svg).toContain('<polygon');
    expect(svg).toContain(SEAL_RED);
    expect(countPaths(svg)).toBe(Array.from(name).length + Array.from(COMPANY_SEAL_PURPOSE).length);
    expect(countPaths(drawCompanySeal({ companyName: name, purpose: null }))).toBe(Array.from(name).length);
  });

  it('turns each character of the name along the upper arc, symmetric about the top', () => {
    const svg = drawCompanySeal({ companyName: '甲乙丙', purpose: null });
    const rotations = [...svg.matchAll(/rotate\(([-\d.]+)\)/g)].map((match) => Number(match[1]));
    expect(rotations).toHaveLength(2);
    expect(rotations[0]).toBeCloseTo(-75);
    expect(rotations[1]).toBeCloseTo(75);
    // the middle character sits upright at the top
    expect(svg).toMatch(/translate\(120 [\d.]+\) scale/);
  });

  it('renders to a PNG of the asked width', () => {
    const png = renderSealPng(drawCompanySeal({ companyName: name }), 300);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(readPngSize(png)).toEqual({ width: 300, height: 300 });
    expect(png.length).toBeGreaterThan(2000);
  });

  it('still draws a name with characters the font lacks (as boxes), and a very long name', () => {
    const rare = drawCompanySeal({ companyName: '䶮\u{2000B}\uE000实业有限公司' });
    expect(countPaths(rare)).toBe(9 + 6);
    expect(readPngSize(renderSealPng(rare, 200)).width).toBe(200);
    const long = drawCompanySeal({ companyName: '中国石油天然气集团有限公司北京分公司第一炼油厂物资供应站' });
    expect(long).not.toContain('NaN');
  });
});

describe('the personal stamp', () => {
  it('sets a two-character name as 之印 in a square, read in columns from the right', () => {
    const svg = drawPersonalSeal('张三');
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<rect');
    expect(countPaths(svg)).toBe(4);
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBe(height);
    // 张 first: top of the right-hand column
    const first = /translate\(([\d.]+) ([\d.]+)\)/.exec(svg);
    expect(Number(first?.[1])).toBeGreaterThan(width / 2);
    expect(Number(first?.[2])).toBeLessThan(height / 2);
  });

  it('puts a long name in one row of a wide stamp and never throws on rare characters', () => {
    const long = drawPersonalSeal('阿卜杜拉·买买提');
    const width = Number(/width="(\d+)"/.exec(long)?.[1]);
    const height = Number(/height="(\d+)"/.exec(long)?.[1]);
    expect(width).toBeGreaterThan(height * 3);
    expect(countPaths(drawPersonalSeal('李\u{2000B}'))).toBe(4);
    const png = renderSealPng(drawPersonalSeal('李\u{2000B}'), 120);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(readPngSize(png).width).toBe(120);
  });
});
