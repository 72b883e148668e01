// 数据字典 against a fake server: the operations admin lands on it; the dictionaries on the left (searched), the
// chosen one's entries on the right; 新增 refuses a bad or taken key before any call and sends the entry; 编辑 keeps
// the key; 停用 asks first; the rule-parameter tab shows each period in force and the one scheduled; 调整 refuses a
// period below its floor or a past day before any call and sends the version; the fee schedule's bands are edited
// in yuan and per mille, previewed on an example deal, and sent in fen.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DictDataRow, DictTypeRow } from '@cqjy/domain/dictionary-admin';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { RULE_PARAMETERS, SERVICE_FEE_DEFAULT } from '@cqjy/domain/rule-parameters';
import type { RuleList, RuleParameterView } from '@cqjy/domain/rule-parameters';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

const TODAY = '2026-09-14';

const TYPES: DictTypeRow[] = [
  {
    code: 'scale',
    name: '企业规模',
    remark: null,
    sort: 1,
    status: 1,
    itemCount: 3,
    activeCount: 2,
    isRuleBacked: false,
  },
  {
    code: 'currency',
    name: '币种',
    remark: null,
    sort: 2,
    status: 1,
    itemCount: 1,
    activeCount: 1,
    isRuleBacked: false,
  },
  {
    code: 'disclosurePeriod',
    name: '信息披露期下限（工作日）',
    remark: null,
    sort: 3,
    status: 1,
    itemCount: 1,
    activeCount: 1,
    isRuleBacked: true,
  },
];

function entry(
  id: number,
  typeCode: string,
  key: string,
  label: string,
  overrides: Partial<DictDataRow> = {},
) {
  return {
    id,
    typeCode,
    key,
    label,
    parentKey: null,
    parentLabel: null,
    sort: id,
    status: 1,
    remark: null,
    updatedAt: '2026-09-01T02:00:00.000Z',
    ...overrides,
  } satisfies DictDataRow;
}

const ENTRIES: Record<string, DictDataRow[]> = {
  scale: [
    entry(1, 'scale', '1', '大型'),
    entry(2, 'scale', '2', '中型', { remark: '按工信部标准' }),
    entry(3, 'scale', '3', '微型', { status: 0 }),
  ],
  currency: [entry(10, 'currency', 'CNY', '人民币')],
  disclosurePeriod: [entry(20, 'disclosurePeriod', 'physical', '实物资产信息披露期')],
};

function ruleView(key: string, overrides: Partial<RuleParameterView> = {}): RuleParameterView {
  const def = RULE_PARAMETERS.find((d) => d.key === key);
  if (def === undefined) throw new Error(key);
  return {
    key,
    kind: def.kind,
    name: def.name,
    group: def.group,
    groupLabel: def.group === 'disclosure' ? '信息披露期' : '交易服务费',
    unit: def.unit,
    description: def.description,
    min: def.kind === 'workdays' ? def.min : null,
    max: def.kind === 'workdays' ? def.max : null,
    defaultValue: def.defaultValue,
    current: { value: def.defaultValue, effectiveFrom: null },
    next: null,
    versions: [],
    ...overrides,
  };
}

const scheduled = {
  id: 7,
  value: 25,
  effectiveFrom: '2026-10-01',
  note: '按新办法调整',
  createdByName: '运维管理员',
  createdAt: '2026-09-10T02:00:00.000Z',
  state: 'scheduled' as const,
};

const RULES: RuleList = {
  today: TODAY,
  list: RULE_PARAMETERS.map((def) =>
    def.key === 'equity'
      ? ruleView('equity', { next: scheduled, versions: [scheduled] })
      : def.key === 'physical'
        ? ruleView('physical', {
            current: { value: 12, effectiveFrom: '2026-06-01' },
            versions: [
              {
                id: 3,
                value: 12,
                effectiveFrom: '2026-06-01',
                note: null,
                createdByName: '交易所管理员',
                createdAt: '2026-05-30T02:00:00.000Z',
                state: 'current',
              },
            ],
          })
        : ruleView(def.key),
  ),
};

const notifier = setUpPageTests();

function serveDictionary(identity: number = IDENTITY.opsAdmin) {
  const user = makeUser(identity);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/dict/type/list') return jsonResponse(envelope(TYPES));
    if (path === '/api/dict/data/list') {
      const { code, keyword } = bodyOf(call) as { code: string; keyword?: string };
      const rows = (ENTRIES[code] ?? []).filter(
        (row) => keyword === undefined || row.label.includes(keyword),
      );
      return jsonResponse(envelope(rows));
    }
    if (path === '/api/dict/data/save') {
      const body = bodyOf(call) as { code: string; key: string; label: string };
      return jsonResponse(envelope(entry(99, body.code, body.key, body.label), 0, MSG.dictSaved));
    }
    if (path.startsWith('/api/dict/data/update/')) {
      return jsonResponse(envelope(entry(2, 'scale', '2', '中型'), 0, MSG.dictSaved));
    }
    if (path === '/api/dict/rule/list') return jsonResponse(envelope(RULES));
    if (path === '/api/dict/rule/save') {
      const body = bodyOf(call) as { key: string; effectiveFrom: string };
      return jsonResponse(envelope(body, 0, formatMessage(MSG.dictRuleSaved, { day: body.effectiveFrom })));
    }
    if (path === '/api/dict/rule/cancel') return jsonResponse(envelope(bodyOf(call), 0, '已撤销'));
    return undefined;
  });
}

const callsTo = (calls: { url: string }[], path: string) =>
  calls.filter((call) => pathOf(call as never) === path);

async function openRulesTab(): Promise<void> {
  fireEvent.click(await screen.findByRole('tab', { name: '规则参数' }));
  await screen.findByText('实物资产信息披露期');
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (row === null) throw new Error(`no row with ${text}`);
  return row;
}

describe('数据字典: dictionaries and entries', () => {
  it('is the operations admin’s first page', async () => {
    serveDictionary();
    const { router } = renderPortal('/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/dictionary'));
    expect(await screen.findByText('大型')).toBeTruthy();
  });

  it('lists the dictionaries, the first one’s entries with their status, and another on a click', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    expect(await screen.findByText('大型')).toBeTruthy();
    expect(within(rowOf('微型')).getByText('停用')).toBeTruthy();
    expect(within(rowOf('微型')).getByRole('button', { name: /启\s*用/ })).toBeTruthy();
    expect(within(rowOf('中型')).getByText('按工信部标准')).toBeTruthy();
    expect(screen.getByText('共3项，启用2项')).toBeTruthy();
    expect(bodyOf(callsTo(calls, '/api/dict/data/list')[0] as never)).toEqual({ code: 'scale' });

    fireEvent.click(screen.getByText('币种'));
    expect(await screen.findByText('人民币')).toBeTruthy();
    expect(bodyOf(callsTo(calls, '/api/dict/data/list').at(-1) as never)).toEqual({ code: 'currency' });

    // the search narrows the dictionaries by name or code
    fireEvent.change(screen.getByLabelText('搜索字典'), { target: { value: 'disclosure' } });
    await waitFor(() => expect(screen.queryByText('企业规模')).toBeNull());
    expect(screen.getByText('信息披露期下限（工作日）')).toBeTruthy();
  });

  it('新增 refuses a bad or taken key before any call, then sends the entry', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await screen.findByText('大型');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('字母、数字、下划线、点或短横线'), {
      target: { value: '特大' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('请填写名称'), { target: { value: '特大型' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(MSG.dictKeyInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('字母、数字、下划线、点或短横线'), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(formatMessage(MSG.dictKeyTaken, { key: '2' }))).toBeTruthy();
    expect(callsTo(calls, '/api/dict/data/save')).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText('字母、数字、下划线、点或短横线'), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/data/save')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/dict/data/save')[0] as never)).toEqual({
      code: 'scale',
      key: '0',
      label: '特大型',
      sort: 4,
    });
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.dictSaved));
  });

  it('编辑 keeps the key and sends name, order, status and remark', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await screen.findByText('中型');
    fireEvent.click(within(rowOf('中型')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByPlaceholderText<HTMLInputElement>('字母、数字、下划线、点或短横线').disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByPlaceholderText('请填写名称'), { target: { value: '中型企业' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/data/update/2')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/dict/data/update/2')[0] as never)).toEqual({
      label: '中型企业',
      sort: 2,
      status: 1,
      remark: '按工信部标准',
    });
  });

  it('停用 asks first and sends status 0; 启用 needs no question', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await screen.findByText('大型');
    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(rowOf('大型')).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(notifier.confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: formatMessage(MSG.dictRetireConfirm, { label: '大型' }) }),
    );
    expect(callsTo(calls, '/api/dict/data/update/1')).toHaveLength(0);

    fireEvent.click(within(rowOf('大型')).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/data/update/1')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/dict/data/update/1')[0] as never)).toMatchObject({
      status: 0,
      label: '大型',
    });
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.dictDisabled));

    fireEvent.click(within(rowOf('微型')).getByRole('button', { name: /启\s*用/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/data/update/3')).toHaveLength(1));
    expect(notifier.confirm).toHaveBeenCalledTimes(2);
    expect(bodyOf(callsTo(calls, '/api/dict/data/update/3')[0] as never)).toMatchObject({ status: 1 });
  });

  it('a dictionary naming rule parameters offers neither 新增 nor 停用 and says why', async () => {
    serveDictionary(IDENTITY.admin);
    renderPortal('/index/dictionary');
    await screen.findByText('大型');
    fireEvent.click(screen.getByText('信息披露期下限（工作日）'));
    expect(await screen.findByText('实物资产信息披露期')).toBeTruthy();
    expect(screen.getByText(MSG.dictRuleBackedNote)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(within(rowOf('实物资产信息披露期')).queryByRole('button', { name: /停\s*用/ })).toBeNull();
  });
});

describe('数据字典: rule parameters', () => {
  it('shows each period in force, since when, and the version scheduled', async () => {
    serveDictionary();
    renderPortal('/index/dictionary');
    await openRulesTab();
    const physical = rowOf('实物资产信息披露期');
    expect(within(physical).getByText('12个工作日')).toBeTruthy();
    expect(within(physical).getByText('2026-06-01起')).toBeTruthy();
    const equity = rowOf('产权转让正式信息披露期');
    expect(within(equity).getByText('20个工作日')).toBeTruthy();
    expect(within(equity).getByText('默认值')).toBeTruthy();
    expect(within(equity).getByText('25个工作日，2026-10-01起')).toBeTruthy();
    expect(within(rowOf('增资扩股正式信息披露期')).getByText('40至200')).toBeTruthy();
    // the fee schedule: each group's bands
    expect(screen.getByText('交易服务费标准')).toBeTruthy();
    expect(screen.getAllByText('1,000,000元至5,000,000元').length).toBeGreaterThan(0);
  });

  it('调整 refuses a period below its floor before any call, then sends the version from the day after today', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await openRulesTab();
    fireEvent.click(within(rowOf('增资扩股正式信息披露期')).getByRole('button', { name: /调\s*整/ }));
    const dialog = await screen.findByRole('dialog');
    const days = within(dialog).getByLabelText('新值（个工作日）');
    fireEvent.change(days, { target: { value: '39' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText(
        formatMessage(MSG.dictRuleDaysRange, {
          name: '增资扩股正式信息披露期',
          min: 40,
          max: 200,
          unit: '个工作日',
        }),
      ),
    ).toBeTruthy();
    expect(callsTo(calls, '/api/dict/rule/save')).toHaveLength(0);

    fireEvent.change(days, { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('调整说明'), { target: { value: '依据新规则' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/rule/save')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/dict/rule/save')[0] as never)).toEqual({
      key: 'capitalIncrease',
      value: 45,
      effectiveFrom: '2026-09-15',
      note: '依据新规则',
    });
    await waitFor(() =>
      expect(notifier.success).toHaveBeenCalledWith(formatMessage(MSG.dictRuleSaved, { day: '2026-09-15' })),
    );
  });

  it('the fee schedule is edited in yuan and per mille, previewed, and sent in fen', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await openRulesTab();
    const feeCard = screen.getByText('交易服务费标准').closest('.ant-card');
    fireEvent.click(within(feeCard as HTMLElement).getByRole('button', { name: /调\s*整/ }));
    const dialog = await screen.findByRole('dialog');
    // the example deal: 5,000,000 yuan of physical assets by the default schedule is 42,000 yuan
    expect(within(dialog).getAllByText('42,000.00元')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('实物资产第1档费率（‰）'), { target: { value: '12' } });
    // the first band at 12‰ instead of 10‰: 2,000 yuan more
    expect(await within(dialog).findByText('44,000.00元')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('实物资产第2档上限（元）'), { target: { value: '' } });
    expect(await within(dialog).findByText(MSG.dictFeePreviewInvalid)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText(formatMessage(MSG.dictRuleFeeUpTo, { group: '实物资产', index: 2 })),
    ).toBeTruthy();
    expect(callsTo(calls, '/api/dict/rule/save')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('实物资产第2档上限（元）'), {
      target: { value: '6000000' },
    });
    fireEvent.change(within(dialog).getByLabelText('实物资产最低收费（元）'), {
      target: { value: '2500.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/rule/save')).toHaveLength(1));
    const sent = bodyOf(callsTo(calls, '/api/dict/rule/save')[0] as never) as {
      key: string;
      value: typeof SERVICE_FEE_DEFAULT;
    };
    expect(sent.key).toBe('serviceFee');
    expect(sent.value.physical).toEqual({
      tiers: [
        { upTo: 100_000_000, ratePermille: 12 },
        { upTo: 600_000_000, ratePermille: 8 },
        ...SERVICE_FEE_DEFAULT.physical.tiers.slice(2),
      ],
      minFee: 250_050,
    });
    expect(sent.value.equity).toEqual(SERVICE_FEE_DEFAULT.equity);
  });

  it('撤销 a scheduled version after a confirm', async () => {
    const { calls } = serveDictionary();
    renderPortal('/index/dictionary');
    await openRulesTab();
    const equity = rowOf('产权转让正式信息披露期');
    fireEvent.click(within(equity).getByRole('button', { name: /展开行|Expand row/ }));
    fireEvent.click(await screen.findByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(callsTo(calls, '/api/dict/rule/cancel')).toHaveLength(1));
    expect(notifier.confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: formatMessage(MSG.dictRuleCancelConfirm, { day: '2026-10-01' }) }),
    );
    expect(bodyOf(callsTo(calls, '/api/dict/rule/cancel')[0] as never)).toEqual({
      key: 'equity',
      effectiveFrom: '2026-10-01',
    });
  });
});
