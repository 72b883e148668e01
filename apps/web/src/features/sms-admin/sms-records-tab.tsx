// 发送记录: the outbox, newest first, searched by 手机号 (digits, matched anywhere), 状态, 用途 and 时间范围 (days
// in +08:00), paged. The list masks the numbers (138****0001): the screen is often read over a shoulder, and a
// number is needed whole only for the one message looked into, in the detail drawer (详情). A failed message
// that can still be resent has 重发, after a confirm.
import { useState } from 'react';
import { Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { SmsStatus } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { SMS_STATUS_LABELS, SMS_STATUSES } from '@cqjy/domain/sms';
import type { SmsListItem } from '@cqjy/domain/sms';
import { SMS_PURPOSES, smsPurposeLabel, smsTemplateName } from '@cqjy/domain/sms-templates';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { smsListQuery } from './api.ts';
import type { SmsFilters, SmsQuery } from './api.ts';
import { SmsDetailDrawer } from './sms-detail-drawer.tsx';
import { SmsStatusTag } from './sms-status-tag.tsx';
import { useSmsResend } from './use-sms-resend.ts';

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
  const { search, list, result } = useListQuery((query: SmsQuery) => smsListQuery(query));
  const [shownId, setShownId] = useState<number | null>(null);
  const { resend, isBusy } = useSmsResend();
  // the drawer shows the row as the list has it now, so it follows a refresh after a resend
  const shown = result.data?.list.find((row) => row.id === shownId) ?? null;

  // 查询 always asks the server again, even with the same filters: messages keep arriving.
  const onSearch = (values: SmsFormValues): void => {
    search(toSmsFilters(values));
  };

  const onResend = async (row: SmsListItem): Promise<void> => {
    if (await resend(row)) setShownId(null);
  };

  // the search form: 手机号, 状态, 用途, then 时间范围
  const columns: ListColumn<SmsListItem>[] = [
    {
      title: '时间',
      key: 'createdAt',
      width: 160,
      render: (_value, row) => formatDateTime(row.createdAt),
      search: {
        kind: 'dateRange',
        name: 'range',
        label: '时间范围',
        order: 3,
        isOpenEnded: true,
        width: 260,
      },
    },
    {
      title: '手机号',
      key: 'mobile',
      width: 120,
      render: (_value, row) => maskMobile(row.mobile),
      search: {
        kind: 'input',
        placeholder: '可输入部分号码',
        width: 170,
        // digits only, as the server matches them
        normalize: (value) => value.replace(/\D/g, '').slice(0, 11),
      },
    },
    {
      title: '用途',
      key: 'purpose',
      width: 100,
      render: (_value, row) => smsPurposeLabel(row.purpose),
      search: { kind: 'select', order: 2, options: PURPOSE_OPTIONS, width: 150 },
    },
    { title: '模板', key: 'template', width: 100, render: (_value, row) => smsTemplateName(row.template) },
    {
      title: '内容',
      key: 'content',
      ellipsis: { showTitle: false },
      render: (_value, row) => <Clipped text={row.content} />,
    },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_value, row) => <SmsStatusTag row={row} />,
      search: { kind: 'select', order: 1, options: STATUS_OPTIONS, width: 120 },
    },
    {
      title: '失败原因',
      key: 'error',
      width: 190,
      ellipsis: { showTitle: false },
      render: (_value, row) => <Clipped text={row.error} />,
    },
  ];

  return (
    <ListPage<SmsListItem, SmsFormValues>
      isBare
      columns={columns}
      list={list}
      onSearch={onSearch}
      formStyle={{ rowGap: 12 }}
      actions={{
        width: 110,
        render: (row) => (
          <>
            <RowAction onClick={() => setShownId(row.id)}>详情</RowAction>
            {row.canResend && (
              <RowAction loading={isBusy(row.id)} onClick={() => void onResend(row)}>
                重发
              </RowAction>
            )}
          </>
        ),
      }}
      fit={{ textMinWidth: CONTENT_MIN_WIDTH }}
    >
      <SmsDetailDrawer
        row={shown}
        onClose={() => setShownId(null)}
        onResend={(row) => void onResend(row)}
        isResending={shown !== null && isBusy(shown.id)}
      />
    </ListPage>
  );
}
