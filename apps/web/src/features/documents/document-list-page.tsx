// 收文管理 (received) and 发文管理 (sending): the documents of the page's direction, searched by keyword, state and
// 发文日期, paged. A company's received list holds what the exchange sent it (unread ones in bold); the exchange's
// holds its drafts and what it sent, with the company each went to. A company's sending list holds its drafts and
// what it sent; the exchange's holds every company's sent ones, with 所属单位. Every row opens its page (查看); the
// writer edits and deletes its drafts here, and adds new ones (新增收文, 新增发文).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  DOCUMENT_READ_STATE_LABELS,
  DOCUMENT_RECEIPT_STATE_LABELS,
  DOCUMENT_STATUS_LABELS,
} from '@cqjy/domain/documents';
import type {
  DocumentReadState,
  DocumentReceiptState,
  DocumentStatus,
  DocumentView,
} from '@cqjy/domain/documents';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { deleteDocument, documentsQuery } from './api.ts';
import type { DocumentQuery } from './api.ts';
import { documentPath, useDocumentPage } from './use-document-page.ts';

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The colour of a document's state tag, by its label (documentStateLabel). */
export function stateColor(label: string): string {
  switch (label) {
    case '未读':
      return 'orange';
    case '已读':
    case '已发送':
      return 'blue';
    case '已确认':
    case '交易所已收':
      return 'green';
    case '草稿（已签章）':
      return 'gold';
    default:
      return 'default';
  }
}

type Filters = {
  keyword?: string;
  status?: DocumentStatus;
  readState?: DocumentReadState;
  receiptState?: DocumentReceiptState;
  dates?: [Dayjs | null, Dayjs | null] | null;
};

export function DocumentListPage() {
  const page = useDocumentPage();
  // keyed by the direction: the other list starts with its own filters
  return <DocumentList key={page.direction} />;
}

function DocumentList() {
  const { direction, noun, isExchange, isWriter } = useDocumentPage();
  const title = usePageTitle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search, list } = useListQuery((query: DocumentQuery) => documentsQuery(direction, query), {
    invalidates: ['documents', direction],
  });
  const [busyId, setBusyId] = useState<number | null>(null);
  const isReceived = direction === 'received';

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['documents', direction] });
  };

  const onSearch = (values: Filters): void => {
    const [from, to] = values.dates ?? [null, null];
    search({
      keyword: values.keyword?.trim() || undefined,
      status: values.status,
      readState: values.readState,
      receiptState: values.receiptState,
      dateFrom: from?.format('YYYY-MM-DD'),
      dateTo: to?.format('YYYY-MM-DD'),
    });
  };

  const onDelete = async (row: DocumentView): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: `删除${noun}`,
      content: formatMessage(MSG.documentDeleteConfirm, { title: row.title }),
      okText: '删除',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setBusyId(row.id);
    try {
      await deleteDocument(direction, row);
      refresh();
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusyId(null);
    }
  };

  const companyColumn: ListColumn<DocumentView>[] = isExchange
    ? [
        {
          title: isReceived ? '收文单位' : '所属单位',
          dataIndex: 'companyName',
          key: 'companyName',
          width: 220,
          ellipsis: true,
        },
      ]
    : [];
  // the filters of the state: the writer's 状态, then 阅读状态 of a received list or 交易所收文 of a sent one
  const stateFilters: ListColumn<DocumentView>[] = [
    ...(isWriter
      ? [
          {
            title: '状态',
            key: 'status',
            hideInTable: true,
            search: { kind: 'select' as const, options: optionsOf(DOCUMENT_STATUS_LABELS), width: 120 },
          },
        ]
      : []),
    isReceived
      ? {
          title: '阅读状态',
          key: 'readState',
          hideInTable: true,
          search: { kind: 'select', options: optionsOf(DOCUMENT_READ_STATE_LABELS), width: 120 },
        }
      : {
          title: '交易所收文',
          key: 'receiptState',
          hideInTable: true,
          search: { kind: 'select', options: optionsOf(DOCUMENT_RECEIPT_STATE_LABELS), width: 120 },
        },
  ];
  const columns: ListColumn<DocumentView>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: {
        kind: 'input',
        placeholder: isExchange ? '标题、文号、发文单位或单位名称' : '标题、文号或发文单位',
        width: 260,
      },
    },
    ...stateFilters,
    {
      title: '标题',
      key: 'title',
      ellipsis: true,
      render: (_, row) => {
        const isUnread = isReceived && !isExchange && row.readAt === null;
        return <Typography.Text strong={isUnread}>{row.title}</Typography.Text>;
      },
    },
    { title: '文号', dataIndex: 'docNumber', key: 'docNumber', width: 180, ellipsis: true },
    ...(isReceived && !isExchange
      ? [{ title: '发文单位', dataIndex: 'sender', key: 'sender', width: 200, ellipsis: true }]
      : companyColumn),
    {
      title: '发文日期',
      dataIndex: 'sentOn',
      key: 'sentOn',
      width: 110,
      search: { kind: 'dateRange', name: 'dates', placeholder: ['开始日期', '结束日期'] },
    },
    {
      title: '状态',
      key: 'state',
      width: 130,
      render: (_, row) => <Tag color={stateColor(row.stateLabel)}>{row.stateLabel}</Tag>,
    },
    ...(isReceived
      ? []
      : [
          {
            title: '电子签章',
            key: 'signed',
            width: 100,
            render: (_: unknown, row: DocumentView) => (row.signedFileId === null ? '—' : '已签章'),
          },
        ]),
  ];

  return (
    <ListPage<DocumentView, Filters>
      title={title}
      extra={
        isWriter && (
          <Button type="primary" onClick={() => void navigate(documentPath(direction, 'add'))}>
            新增{noun}
          </Button>
        )
      }
      columns={columns}
      list={list}
      onSearch={onSearch}
      actions={{
        width: 170,
        render: (row) => (
          <>
            <RowAction onClick={() => void navigate(documentPath(direction, 'show', row.id))}>查看</RowAction>
            {isWriter && row.status === 'draft' && (
              <>
                {row.signedFileId === null && (
                  <RowAction onClick={() => void navigate(documentPath(direction, 'edit', row.id))}>
                    编辑
                  </RowAction>
                )}
                <RowAction danger loading={busyId === row.id} onClick={() => void onDelete(row)}>
                  删除
                </RowAction>
              </>
            )}
          </>
        ),
      }}
    />
  );
}
