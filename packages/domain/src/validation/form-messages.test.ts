import { describe, expect, it } from 'vitest';
import { fillIn, pleaseSelect } from '../messages.ts';

describe('form item messages (BF-5.5)', () => {
  it('asks to fill in an input and to select a choice', () => {
    expect(fillIn('项目名称')).toBe('请填写项目名称');
    expect(pleaseSelect('业务类型')).toBe('请选择业务类型');
    expect(fillIn('')).toBe('请填写');
  });
});
