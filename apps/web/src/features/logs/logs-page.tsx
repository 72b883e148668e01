// 操作日志 (/index/logs, GJS_WORKLOG_LT): who did what in the company, newest first — the exchange's
// GJS_WORKLOG_LT_ADMIN reads every company's, with a 所属单位 column and filter. Above the list, the state of the
// log's hash chain (日志链校验通过（共N条） or the tampered row); the search form (操作人, 操作 as the labels of the
// action codes, 对象, 时间范围 as days in +08:00) with 查询/重置; 导出 writes the filtered rows to 操作日志.xlsx
// (streamed: its progress shows the bytes received). 10 rows a page. 详情 shows a row's facts as lines (each changed
// field as 名称：旧值 → 新值), the first few in the cell and all of them on hover or focus.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_CHANGE_ARROW,
  checkAuditLogRange,
  describeAuditChain,
  formatAuditFact,
} from '@cqjy/domain/audit-log';
import type { AuditFact, AuditLogRow } from '@cqjy/domain/audit-log';
import { formatBytes, formatDateTime } from '@cqjy/domain/format';
import { ListPage, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { exportLogs, logsChainQuery, logsListQuery } from './api.ts';
import type { LogsFilters, LogsQuery } from './api.ts';

const DAY_FORMAT = 'YYYY-MM-DD';
const ADMIN_CODE = 'GJS_WORKLOG_LT_ADMIN';
const DETAIL_MIN_WIDTH = 260;
/** The lines of 详情 a cell shows; the rest are one hover (or focus) away. */
const DETAIL_LINES_SHOWN = 3;

type FormValues = {
  operator?: string;
  action?: string;
  target?: string;
  companyName?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The form's values as the server's filters: texts trimmed, empty ones left out, the range as two days. */
export function toLogsFilters(values: FormValues): LogsFilters {
  const text = (value: string | undefined): string | undefined => value?.trim() || undefined;
  const [from, to] = values.range ?? [];
  const filters: LogsFilters = {
    operator: text(values.operator),
    action: values.action || undefined,
    target: text(values.target),
    companyName: text(values.companyName),
    from: from?.format(DAY_FORMAT),
    to: to?.format(DAY_FORMAT),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** The state of the chain: green when every row's hash holds, red naming the first row that does not. */
function ChainState() {
  const chain = useQuery(logsChainQuery());
  if (chain.data === undefined) {
    return chain.isFetching ? (
      <Alert type="info" showIcon title="正在校验日志链…" style={{ marginBottom: 16 }} />
    ) : null;
  }
  return (
    <Alert
      type={chain.data.isValid ? 'success' : 'error'}
      showIcon
      title={describeAuditChain(chain.data)}
      // the chain is walked at most once a minute: rows written since are counted at the next walk
      action={
        <Typography.Text type="secondary">校验时间 {formatDateTime(chain.data.checkedAt)}</Typography.Text>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

const FACT_STYLE = { wordBreak: 'break-all' } as const;

/** One line of 详情: a changed field shows its old value, an arrow and its new value. */
function FactLine({ fact }: { fact: AuditFact }) {
  if (fact.kind === 'fact') return <div style={FACT_STYLE}>{formatAuditFact(fact)}</div>;
  return (
    <div style={FACT_STYLE}>
      {fact.label}：<Typography.Text type="secondary">{fact.from}</Typography.Text>
      {AUDIT_CHANGE_ARROW}
      <Typography.Text strong>{fact.to}</Typography.Text>
    </div>
  );
}

/** 详情: the first lines of a row's facts, all of them on hover or focus when there are more. */
function DetailCell({ facts }: { facts: readonly AuditFact[] }) {
  if (facts.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = facts.slice(0, DETAIL_LINES_SHOWN);
  const lines = shown.map((fact, index) => <FactLine key={index} fact={fact} />);
  if (facts.length === shown.length) return <div>{lines}</div>;
  return (
    <Tooltip
      trigger={['hover', 'focus']}
      styles={{ root: { maxWidth: 480 } }}
      title={facts.map((fact, index) => (
        <div key={index}>{formatAuditFact(fact)}</div>
      ))}
    >
      {/* focusable, so the whole detail opens from the keyboard too */}
      <div tabIndex={0} aria-label={facts.map(formatAuditFact).join('；')}>
        {lines}
        <Typography.Text type="secondary">{`…共${facts.length}项`}</Typography.Text>
      </div>
    </Tooltip>
  );
}

export function LogsPage() {
  const title = usePageTitle();
  const isExchange = useSession((session) => session.userInfo?.permission.includes(ADMIN_CODE) === true);
  const { query, search, list } = useListQuery((logsQuery: LogsQuery) => logsListQuery(logsQuery), {
    invalidates: ['logs', 'list'],
  });
  const [isExporting, setExporting] = useState(false);
  /** the export's bytes received so far (streamed: its size is not known ahead) */
  const [exported, setExported] = useState(0);

  // 查询 always asks the server again, even with the same filters: the log grows all the time.
  const onSearch = (values: FormValues): void => {
    const filters = toLogsFilters(values);
    const message = checkAuditLogRange(filters.from, filters.to);
    if (message !== null) {
      notify.error(message);
      return;
    }
    search(filters);
  };

  const onExport = async (): Promise<void> => {
    const { page: _page, size: _size, ...filters } = query;
    setExporting(true);
    setExported(0);
    try {
      await exportLogs(filters, setExported);
    } catch {
      // the HTTP client has told the user
    } finally {
      setExporting(false);
    }
  };

  // the search form: 操作人, 操作, 对象, 所属单位 (the exchange's), then 时间范围
  const columns: ListColumn<AuditLogRow>[] = [
    {
      title: '时间',
      dataIndex: 'at',
      key: 'at',
      width: 160,
      render: (value: string) => formatDateTime(value),
      search: {
        kind: 'dateRange',
        name: 'range',
        label: '时间范围',
        order: 2,
        isOpenEnded: true,
        width: 260,
      },
    },
    {
      title: '操作人',
      dataIndex: 'operatorName',
      key: 'operatorName',
      width: 110,
      ellipsis: true,
      // a row of no user: the system's own work (a certificate issued at start-up), or a caller not signed in
      render: (name: string) => name || '—',
      search: { kind: 'input', name: 'operator', placeholder: '姓名或用户名', width: 160 },
    },
    ...(isExchange
      ? [
          {
            title: '所属单位',
            dataIndex: 'companyName',
            key: 'companyName',
            width: 190,
            ellipsis: true,
            search: { kind: 'input' as const, order: 1, placeholder: '单位名称', width: 200 },
          },
        ]
      : []),
    {
      title: '操作',
      dataIndex: 'actionLabel',
      key: 'action',
      width: 140,
      search: { kind: 'select', options: [...AUDIT_ACTION_OPTIONS], isSearchable: true, width: 200 },
    },
    {
      title: '对象',
      dataIndex: 'target',
      key: 'target',
      width: 100,
      ellipsis: true,
      search: { kind: 'input', placeholder: '对象编号或名称', width: 160 },
    },
    {
      title: '结果',
      dataIndex: 'resultLabel',
      key: 'result',
      width: 90,
      render: (label: string, row) => <Tag color={row.result === 'ok' ? 'green' : 'red'}>{label}</Tag>,
    },
    { title: 'IP', dataIndex: 'ip', key: 'ip', width: 120 },
    // the rest of the width (at least DETAIL_MIN_WIDTH)
    {
      title: '详情',
      dataIndex: 'facts',
      key: 'detail',
      render: (facts: AuditFact[]) => <DetailCell facts={facts} />,
    },
  ];

  return (
    <ListPage<AuditLogRow, FormValues>
      // the heading is the title of the page's tab and menu entry
      title={title}
      banner={<ChainState />}
      columns={columns}
      list={list}
      onSearch={onSearch}
      toolbarAt="search"
      toolbar={
        <Space size={8}>
          <Button loading={isExporting} onClick={() => void onExport()}>
            导出
          </Button>
          {isExporting && (
            <Space size={8} aria-label="导出进度">
              <Progress type="line" percent={100} status="active" showInfo={false} style={{ width: 120 }} />
              <span>{`已接收${formatBytes(exported)}`}</span>
            </Space>
          )}
        </Space>
      }
      fit={{ textMinWidth: DETAIL_MIN_WIDTH }}
    />
  );
}
