import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { isFileNameAllowed, validateFileName } from './filename.ts';

describe('file names (SH-5.1)', () => {
  it('allows Chinese characters, letters, digits, underscore, full-width parentheses, hyphen and dot', () => {
    for (const name of ['合同.pdf', 'report_2026-11.xlsx', '评估报告（终稿）.docx', 'A1.b2.C3', '𠀀字.txt']) {
      expect(validateFileName(name), name).toBeNull();
    }
  });

  it('refuses anything else with 文件名包含非法字符！', () => {
    for (const name of [
      '合同 终稿.pdf',
      'a(1).pdf',
      'a&b.pdf',
      'a/b.pdf',
      '报告【1】.pdf',
      'résumé.pdf',
      '合同，1.pdf',
      '',
    ]) {
      expect(validateFileName(name), name).toBe(MSG.fileNameIllegal);
    }
    expect(MSG.fileNameIllegal).toBe('文件名包含非法字符！');
    expect(isFileNameAllowed('a\nb.pdf')).toBe(false);
  });
});
