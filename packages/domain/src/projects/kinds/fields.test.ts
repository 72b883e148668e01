import { describe, expect, it } from 'vitest';
import { MSG } from '../../messages.ts';
import { field, fileTags, missingRequired, showFieldValue, type FieldGroup } from './fields.ts';
import { disclosureDaysOf, readKindSettings } from './settings.ts';

const groups: FieldGroup[] = [
  {
    key: 'a',
    title: '甲',
    fields: [
      field.text('name', '项目名称', { isRequired: true }),
      field.money('price', '挂牌价（元）', { isRequired: true }),
      field.choice('mode', '方式', [{ value: 'x', label: '一' }], { isRequired: true }),
      field.boolean('sure', '确认', { isRequired: (form) => form.mode === 'x' }),
      field.file('approval', '批准文件', { isRequired: true, isVisible: (form) => form.mode === 'x' }),
      field.list(
        'rows',
        '转让方',
        [field.text('who', '名称', { isRequired: true })],
        field.text('w', 'w').schema,
      ),
    ],
  },
];

describe('the field kit', () => {
  it('derives each kind’s rule with its Chinese message (BF-5.5 wording for what is missing)', () => {
    expect(field.money('p', '挂牌价（元）').schema.safeParse(0).error?.issues[0]?.message).toBe(
      '挂牌价须为大于0的金额，最多两位小数',
    );
    expect(
      field.integer('n', '人数', { min: 1, max: 9 }).schema.safeParse(10).error?.issues[0]?.message,
    ).toBe('人数须为1至9之间的整数');
    expect(field.date('d', '成立日期').schema.safeParse('2026-02-30').success).toBe(false);
    expect(field.creditCode('c', '统一社会信用代码').schema.safeParse('123').error?.issues[0]?.message).toBe(
      MSG.creditCodeInvalid,
    );
  });

  it('names the missing required fields of what is shown: 请填写 for what is typed, 请选择 for choices, 请上传 for files', () => {
    expect(missingRequired(groups, { name: '' }, {})).toEqual([
      '请填写项目名称',
      '请填写挂牌价',
      '请选择方式',
    ]);
    expect(missingRequired(groups, { name: '项目', price: 1, mode: 'x', rows: [{}] }, {})).toEqual([
      '请填写确认',
      '请上传批准文件',
      '转让方第1行：请填写名称',
    ]);
    expect(
      missingRequired(groups, { name: '项目', price: 1, mode: 'x', sure: true }, { approval: 1 }),
    ).toEqual([]);
    expect(fileTags(groups)).toEqual([{ tag: 'approval', label: '批准文件' }]);
  });

  it('shows a stored value as a person reads it', () => {
    expect(showFieldValue(field.money('p', '价'), 123_456_78)).toBe('123,456.78');
    expect(showFieldValue(field.share('s', '比例'), 512_345)).toBe('51.2345%');
    expect(showFieldValue(field.percent('r', '首付'), 0.333)).toBe('33.3%');
    expect(showFieldValue(field.region('g', '地区'), '110100')).toBe('北京市');
    expect(showFieldValue(field.region('g', '地区'), '440300')).toBe('广东省深圳市');
    expect(showFieldValue(field.dict('d', '行业', 'industry'), 'C', (_d, key) => `行业${key}`)).toBe('行业C');
  });

  it('shows a company by its name, never by its id', () => {
    const member = field.member('agentCompanyId', '委托会员');
    const names = (id: number) => (id === 5 ? '示范产权经纪有限公司' : undefined);
    expect(showFieldValue(member, 5, undefined, names)).toBe('示范产权经纪有限公司');
    // a company the caller cannot name, or no way to name one: nothing rather than a bare number
    expect(showFieldValue(member, 6, undefined, names)).toBe('');
    expect(showFieldValue(member, 5)).toBe('');
  });
});

describe('the disclosure periods of the dictionary', () => {
  it('reads the working days in each label; a label without them keeps the default', () => {
    const settings = readKindSettings([
      { key: 'equity', label: '产权转让正式信息披露期（25个工作日）' },
      { key: 'physical', label: '实物资产信息披露期' },
      { key: 'unknown', label: '（30个工作日）' },
    ]);
    expect(disclosureDaysOf(settings, 'equity')).toBe(25);
    expect(disclosureDaysOf(settings, 'physical')).toBe(10);
    expect(disclosureDaysOf(undefined, 'equityPre')).toBe(20);
  });
});
