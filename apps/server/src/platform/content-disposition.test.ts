import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition (RFC 6266)', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', '附件信息.zip')).toBe(
      `attachment; filename="____.zip"; filename*=UTF-8''%E9%99%84%E4%BB%B6%E4%BF%A1%E6%81%AF.zip`,
    );
    expect(contentDisposition('inline', 'scan-01.pdf')).toBe(
      `inline; filename="scan-01.pdf"; filename*=UTF-8''scan-01.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes, percent signs or line breaks', () => {
    const header = contentDisposition('attachment', 'a"b\\c%41\r\nX-Evil: 1.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c_41__X-Evil: 1.txt"; filename*=UTF-8''a%22b%5Cc%2541%0D%0AX-Evil%3A%201.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(contentDisposition('attachment', "it's (1).txt")).toContain(
      `filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});
