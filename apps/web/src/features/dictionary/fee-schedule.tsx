// The service-fee schedule on screen: read (each group's bands and minimum fee), edited (a bands table per group,
// amounts typed in yuan, rates in per mille; the last band has no upper end) and previewed (the fee of an example
// deal band by band, beside what the schedule in force would charge). Money is typed as yuan text and becomes fen
// only through parseYuanToFen, so no amount is rounded on the way.
import { useState } from 'react';
import { Button, Descriptions, Select, Space, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { fenToYuan, formatFen, formatMessage, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  computeServiceFee,
  FEE_GROUP_KEYS,
  FEE_GROUPS,
  FEE_MINIMUM_MAX_FEN,
  FEE_TIERS_MAX,
  findRuleParameter,
} from '@cqjy/domain/rule-parameters';
import type {
  FeeGroupKey,
  FeeGroupSchedule,
  ServiceFeeLine,
  ServiceFeeSchedule,
} from '@cqjy/domain/rule-parameters';
import { NumberInput, RatioInput } from '../../components/index.ts';

/** An amount in yuan without empty decimals: 1,000,000 rather than 1,000,000.00. */
export function formatYuan(fen: number): string {
  return formatFen(fen).replace(/\.00$/, '');
}

function bandText(from: number, to: number | null): string {
  return to === null ? `${formatYuan(from)}元以上` : `${formatYuan(from)}元至${formatYuan(to)}元`;
}

// ---------------------------------------------------------------------------------------------------------------
// Read

type BandRow = { index: number; from: number; upTo: number | null; ratePermille: number };

function bandsOf(group: FeeGroupSchedule): BandRow[] {
  return group.tiers.map((tier, i) => ({
    index: i + 1,
    from: i === 0 ? 0 : (group.tiers[i - 1]?.upTo ?? 0),
    upTo: tier.upTo,
    ratePermille: tier.ratePermille,
  }));
}

const BAND_COLUMNS: TableColumnsType<BandRow> = [
  { title: '档次', dataIndex: 'index', key: 'index', width: 60, render: (index: number) => `第${index}档` },
  { title: '成交金额区间', key: 'band', render: (_, row) => bandText(row.from, row.upTo) },
  { title: '费率', key: 'rate', width: 90, align: 'right', render: (_, row) => `${row.ratePermille}‰` },
];

/** Each group's bands and minimum fee, side by side. */
export function FeeScheduleTables({ schedule }: { schedule: ServiceFeeSchedule }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16 }}>
      {FEE_GROUP_KEYS.map((group) => (
        <div key={group}>
          <Space style={{ marginBottom: 6 }}>
            <Typography.Text strong>{FEE_GROUPS[group].label}</Typography.Text>
            <Typography.Text type="secondary">
              最低收费 {formatYuan(schedule[group].minFee)}元
            </Typography.Text>
          </Space>
          <Table<BandRow>
            rowKey="index"
            size="small"
            pagination={false}
            columns={BAND_COLUMNS}
            dataSource={bandsOf(schedule[group])}
          />
        </div>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Edit

export type TierText = { upTo: string; rate: string };
export type GroupText = { tiers: TierText[]; minFee: string };
export type ScheduleText = Record<FeeGroupKey, GroupText>;

export function toScheduleText(schedule: ServiceFeeSchedule): ScheduleText {
  return Object.fromEntries(
    FEE_GROUP_KEYS.map((group) => [
      group,
      {
        tiers: schedule[group].tiers.map((tier) => ({
          upTo: tier.upTo === null ? '' : fenToYuan(tier.upTo).replace(/\.00$/, ''),
          rate: String(tier.ratePermille),
        })),
        minFee: fenToYuan(schedule[group].minFee).replace(/\.00$/, ''),
      },
    ]),
  ) as ScheduleText;
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** The schedule the text says, or the message of its first fault (the server's messages, in its order). */
export function parseScheduleText(
  text: ScheduleText,
): { schedule: ServiceFeeSchedule; message: null } | { schedule: null; message: string } {
  const schedule = {} as ServiceFeeSchedule;
  for (const group of FEE_GROUP_KEYS) {
    const label = FEE_GROUPS[group].label;
    const { tiers, minFee } = text[group];
    const parsedTiers = [];
    for (const [i, tier] of tiers.entries()) {
      const index = i + 1;
      const isLast = i === tiers.length - 1;
      const upTo = isLast ? null : parseYuanToFen(tier.upTo);
      if (!isLast && (upTo === null || upTo <= 0)) {
        return { schedule: null, message: formatMessage(MSG.dictRuleFeeUpTo, { group: label, index }) };
      }
      if (!DECIMAL.test(tier.rate.trim())) {
        return { schedule: null, message: formatMessage(MSG.dictRuleFeeRate, { group: label, index }) };
      }
      parsedTiers.push({ upTo, ratePermille: Number(tier.rate) });
    }
    const minFen = parseYuanToFen(minFee);
    if (minFen === null) {
      return {
        schedule: null,
        message: formatMessage(MSG.dictRuleFeeMinimum, { group: label, max: formatFen(FEE_MINIMUM_MAX_FEN) }),
      };
    }
    schedule[group] = { tiers: parsedTiers, minFee: minFen };
  }
  const checked = findRuleParameter('serviceFee')?.schema.safeParse(schedule);
  if (checked?.success !== true) {
    return { schedule: null, message: checked?.error.issues[0]?.message ?? MSG.dictRuleFeeInvalid };
  }
  return { schedule, message: null };
}

type EditRow = TierText & { index: number; from: string; isLast: boolean };

function GroupEditor({
  label,
  value,
  onChange,
}: {
  /** the group's name, which the fields' labels start with (every group's table stays mounted) */
  label: string;
  value: GroupText;
  onChange: (next: GroupText) => void;
}) {
  const setTier = (index: number, patch: Partial<TierText>) =>
    onChange({ ...value, tiers: value.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) });
  const addTier = () =>
    // a new band goes before the open last one
    onChange({
      ...value,
      tiers: [...value.tiers.slice(0, -1), { upTo: '', rate: '' }, ...value.tiers.slice(-1)],
    });
  const removeTier = (index: number) =>
    onChange({ ...value, tiers: value.tiers.filter((_, i) => i !== index) });

  const rows: EditRow[] = value.tiers.map((tier, i) => ({
    ...tier,
    index: i,
    from: i === 0 ? '0' : (value.tiers[i - 1]?.upTo ?? ''),
    isLast: i === value.tiers.length - 1,
  }));
  const columns: TableColumnsType<EditRow> = [
    { title: '档次', key: 'index', width: 64, render: (_, row) => `第${row.index + 1}档` },
    {
      title: '自（元）',
      key: 'from',
      width: 150,
      render: (_, row) => (row.from === '' ? '—' : formatYuanText(row.from)),
    },
    {
      title: '至（元）',
      key: 'upTo',
      render: (_, row) =>
        row.isLast ? (
          <Typography.Text type="secondary">不设上限</Typography.Text>
        ) : (
          <NumberInput
            aria-label={`${label}第${row.index + 1}档上限（元）`}
            value={row.upTo}
            onChange={(upTo) => setTier(row.index, { upTo })}
            decimalDigits={2}
            integerDigits={13}
          />
        ),
    },
    {
      title: '费率（‰）',
      key: 'rate',
      width: 130,
      render: (_, row) => (
        <RatioInput
          aria-label={`${label}第${row.index + 1}档费率（‰）`}
          value={row.rate}
          onChange={(rate) => setTier(row.index, { rate })}
          max={100}
          decimals={2}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_, row) =>
        value.tiers.length > 1 ? (
          <Button type="link" size="small" danger onClick={() => removeTier(row.index)}>
            删除
          </Button>
        ) : null,
    },
  ];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Table<EditRow> rowKey="index" size="small" pagination={false} columns={columns} dataSource={rows} />
      <Space wrap>
        <Button size="small" disabled={value.tiers.length >= FEE_TIERS_MAX} onClick={addTier}>
          增加一档
        </Button>
        <span>最低收费（元）</span>
        <NumberInput
          aria-label={`${label}最低收费（元）`}
          value={value.minFee}
          onChange={(minFee) => onChange({ ...value, minFee })}
          decimalDigits={2}
          integerDigits={7}
          style={{ width: 160 }}
        />
      </Space>
    </Space>
  );
}

function formatYuanText(text: string): string {
  const fen = parseYuanToFen(text);
  return fen === null ? text : formatYuan(fen);
}

export type FeeScheduleEditorProps = {
  /** injected by Form.Item */
  value?: ScheduleText;
  onChange?: (value: ScheduleText) => void;
  /** the group whose bands are shown (the preview follows it) */
  group: FeeGroupKey;
  onGroupChange: (group: FeeGroupKey) => void;
};

/** One bands table per group (a tab each); the value is the text typed, checked by parseScheduleText. */
export function FeeScheduleEditor({
  value,
  onChange,
  group: activeGroup,
  onGroupChange,
}: FeeScheduleEditorProps) {
  if (value === undefined) return null;
  return (
    <Tabs
      size="small"
      activeKey={activeGroup}
      onChange={(key) => onGroupChange(key as FeeGroupKey)}
      items={FEE_GROUP_KEYS.map((group) => ({
        key: group,
        label: FEE_GROUPS[group].label,
        children: (
          <GroupEditor
            label={FEE_GROUPS[group].label}
            value={value[group]}
            onChange={(next) => onChange?.({ ...value, [group]: next })}
          />
        ),
      }))}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Preview

const LINE_COLUMNS: TableColumnsType<ServiceFeeLine> = [
  {
    title: '计费部分',
    key: 'band',
    render: (_, line) => (line.isMinimum === true ? '不足最低收费的补足' : bandText(line.from, line.to)),
  },
  {
    title: '费率',
    key: 'rate',
    width: 80,
    align: 'right',
    render: (_, line) => (line.isMinimum === true ? '—' : `${line.ratePermille}‰`),
  },
  {
    title: '金额（元）',
    key: 'amount',
    width: 130,
    align: 'right',
    render: (_, line) => formatFen(line.amount),
  },
];

const GROUP_OPTIONS = FEE_GROUP_KEYS.map((group) => ({ value: group, label: FEE_GROUPS[group].label }));

/** The fee of an example deal by the schedule being edited, and by the one in force for comparison. */
export function FeePreview({
  proposed,
  current,
  group,
  onGroupChange,
}: {
  proposed: ServiceFeeSchedule | null;
  current: ServiceFeeSchedule;
  group: FeeGroupKey;
  onGroupChange: (group: FeeGroupKey) => void;
}) {
  const [amountText, setAmountText] = useState('5000000');
  const amount = parseYuanToFen(amountText);
  const result =
    proposed !== null && amount !== null && amount >= 0 ? computeServiceFee(proposed, group, amount) : null;
  const before = amount !== null && amount >= 0 ? computeServiceFee(current, group, amount) : null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        <span>示例：</span>
        <Select
          aria-label="预览的项目类别"
          value={group}
          onChange={onGroupChange}
          options={GROUP_OPTIONS}
          style={{ width: 120 }}
        />
        <span>成交金额（元）</span>
        <NumberInput
          aria-label="示例成交金额（元）"
          value={amountText}
          onChange={setAmountText}
          decimalDigits={2}
          integerDigits={13}
          style={{ width: 180 }}
        />
      </Space>
      {proposed === null ? (
        <Typography.Text type="warning">{MSG.dictFeePreviewInvalid}</Typography.Text>
      ) : (
        result !== null && (
          <>
            <Table<ServiceFeeLine>
              rowKey={(line) => `${line.from}-${line.to}-${line.isMinimum === true ? 'm' : ''}`}
              size="small"
              pagination={false}
              columns={LINE_COLUMNS}
              dataSource={result.lines}
            />
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="调整后服务费">
                <Typography.Text strong>{formatFen(result.fee)}元</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="现行标准">
                {before === null ? '' : `${formatFen(before.fee)}元`}
              </Descriptions.Item>
            </Descriptions>
          </>
        )
      )}
    </Space>
  );
}
