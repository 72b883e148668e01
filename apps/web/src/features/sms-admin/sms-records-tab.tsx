// 发送记录: the outbox, newest first, searched by 手机号 (digits, matched anywhere), 状态, 用途 and 时间范围 (days
// in +08:00), paged. The list masks the numbers (138****0001): the screen is often read over a shoulder, and a
// number is needed whole only for the one message looked into, in the detail drawer (详情). A failed message
// that can still be resent has 重发, after a confirm.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { SmsStatus } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { SMS_STATUS_LABELS, SMS_STATUSES } from '@cqjy/domain/sms';
import type { SmsListItem } from '@cqjy/domain/sms';
import { SMS_PURPOSES, smsPurposeLabel, smsTemplateName } from '@cqjy/domain/sms-templates';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { applySearch, fitColumns, pagedTableProps, SearchActions } from '../../components/index.ts';
import { smsListQuery } from './api.ts';
import type { SmsFilters, SmsQuery } from './api.ts';
import { SmsDetailDrawer } from './sms-detail-drawer.tsx';
import { SmsStatusTag } from './sms-status-tag.tsx';
import { useSmsResend } from './use-sms-resend.ts';

const PAGE_SIZE = 10;
const DAY_FORMAT = 'YYYY-MM-DD';

/** The least the message's text gets before the table scrolls: with the other columns it fits a 1,440 px screen. */
const CONTENT_MIN_WIDTH = 200;

const STATUS_OPTIONS = SMS_STATUSES.map((value) => ({ value, label: SMS_STATUS_LABELS[value] }));
const PURPOSE_OPTIONS = SMS_PURPOSES.map((value) => ({ value, label: smsPurposeLabel(value) }));

export type SmsFormValues = {
  mobile?: string;
  status?: SmsStatus;
  purpose?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Text cut to one line, whole in a tooltip. */
function Clipped({ text }: { text: string | null }) {
  if (text === null || text === '') return <>—</>;
  return (
    <Tooltip title={text} placement="topLeft">
      <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}

/** The form's values as the server's filters: the number trimmed, empty ones left out, the range as two days. */
export function toSmsFilters(values: SmsFormValues): SmsFilters {
  const [from, to] = values.range ?? [];
  const filters: SmsFilters = {
    mobile: values.mobile?.trim() || undefined,
    status: values.status,
    purpose: values.purpose,
    dateFrom: from?.format(DAY_FORMAT),
    dateTo: to?.format(DAY_FORMAT),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

export function SmsRecordsTab() {
  const [form] = Form.useForm<SmsFormValues>();
  const [query, setQuery] = useState<SmsQuery>({ page: 1, size: PAGE_SIZE });
  const list = useQuery(smsListQuery(query));
  const [shownId, setShownId] = useState<number | null>(null);
  const { resend, isBusy } = useSmsResend();
  // the drawer shows the row as the list has it now, so it follows a refresh after a resend
  const shown = list.data?.list.find((row) => row.id === shownId) ?? null;

  // 查询 always asks the server again, even with the same filters: messages keep arriving.
  const onSearch = (values: SmsFormValues): void => {
    const next = { page: 1, size: query.size, ...toSmsFilters(values) };
    applySearch(query, next, setQuery, () => list.refetch());
  };

  const onResend = async (row: SmsListItem): Promise<void> => {
    if (await resend(row)) setShownId(null);
  };

  const columns: TableColumnsType<SmsListItem> = [
    {
      title: '时间',
      key: 'createdAt',
      width: 160,
      render: (_value, row) => formatDateTime(row.createdAt),
    },
    { title: '手机号', key: 'mobile', width: 120, render: (_value, row) => maskMobile(row.mobile) },
    { title: '用途', key: 'purpose', width: 100, render: (_value, row) => smsPurposeLabel(row.purpose) },
    { title: '模板', key: 'template', width: 100, render: (_value, row) => smsTemplateName(row.template) },
    {
      title: '内容',
      key: 'content',
      ellipsis: { showTitle: false },
      render: (_value, row) => <Clipped text={row.content} />,
    },
    { title: '状态', key: 'status', width: 160, render: (_value, row) => <SmsStatusTag row={row} /> },
    {
      title: '失败原因',
      key: 'error',
      width: 190,
      ellipsis: { showTitle: false },
      render: (_value, row) => <Clipped text={row.error} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setShownId(row.id)}>
            详情
          </Button>
          {row.canResend && (
            <Button type="link" size="small" loading={isBusy(row.id)} onClick={() => void onResend(row)}>
              重发
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Form<SmsFormValues>
        form={form}
        layout="inline"
        onFinish={onSearch}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item
          name="mobile"
          label="手机号"
          // digits only, as the server matches them
          normalize={(value: string) => value.replace(/\D/g, '').slice(0, 11)}
        >
          <Input allowClear placeholder="可输入部分号码" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="purpose" label="用途">
          <Select allowClear placeholder="全部" options={PURPOSE_OPTIONS} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="range" label="时间范围">
          <DatePicker.RangePicker format={DAY_FORMAT} allowEmpty={[true, true]} style={{ width: 260 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Form>
      <Table<SmsListItem>
        rowKey="id"
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
        {...fitColumns(columns, { textMinWidth: CONTENT_MIN_WIDTH })}
      />
      <SmsDetailDrawer
        row={shown}
        onClose={() => setShownId(null)}
        onResend={(row) => void onResend(row)}
        isResending={shown !== null && isBusy(shown.id)}
      />
    </>
  );
}
