// 收文管理 (received) and 发文管理 (sending): the documents of the page's direction, searched by keyword, state and
// 发文日期, paged. A company's received list holds what the exchange sent it (unread ones in bold); the exchange's
// holds its drafts and what it sent, with the company each went to. A company's sending list holds its drafts and
// what it sent; the exchange's holds every company's sent ones, with 所属单位. Every row opens its page (查看); the
// writer edits and deletes its drafts here, and adds new ones (新增收文, 新增发文).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
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
import { fitColumns, pagedTableProps, SearchActions } from '../../components/index.ts';
import { deleteDocument, documentsQuery } from './api.ts';
import type { DocumentQuery } from './api.ts';
import { documentPath, useDocumentPage } from './use-document-page.ts';

const PAGE_SIZE = 10;

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
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<DocumentQuery>({ page: 1, size: PAGE_SIZE });
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useQuery(documentsQuery(direction, query));
  const isReceived = direction === 'received';

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['documents', direction] });
  };

  const onSearch = (values: Filters): void => {
    const [from, to] = values.dates ?? [null, null];
    setQuery((current) => ({
      page: 1,
      size: current.size,
      keyword: values.keyword?.trim() || undefined,
      status: values.status,
      readState: values.readState,
      receiptState: values.receiptState,
      dateFrom: from?.format('YYYY-MM-DD'),
      dateTo: to?.format('YYYY-MM-DD'),
    }));
    refresh();
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

  const companyColumn = isExchange
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
  const columns: TableColumnsType<DocumentView> = [
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
    { title: '发文日期', dataIndex: 'sentOn', key: 'sentOn', width: 110 },
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
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(documentPath(direction, 'show', row.id))}
          >
            查看
          </Button>
          {isWriter && row.status === 'draft' && (
            <>
              {row.signedFileId === null && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(documentPath(direction, 'edit', row.id))}
                >
                  编辑
                </Button>
              )}
              <Button
                type="link"
                size="small"
                danger
                loading={busyId === row.id}
                onClick={() => void onDelete(row)}
              >
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <h3 style={{ marginTop: 0 }}>{title}</h3>
        {isWriter && (
          <Button type="primary" onClick={() => void navigate(documentPath(direction, 'add'))}>
            新增{noun}
          </Button>
        )}
      </Space>
      <Form<Filters> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label="关键字">
          <Input
            allowClear
            placeholder={isExchange ? '标题、文号、发文单位或单位名称' : '标题、文号或发文单位'}
            style={{ width: 260 }}
          />
        </Form.Item>
        {isWriter && (
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              options={optionsOf(DOCUMENT_STATUS_LABELS)}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
        {isReceived && (
          <Form.Item name="readState" label="阅读状态">
            <Select
              allowClear
              placeholder="全部"
              options={optionsOf(DOCUMENT_READ_STATE_LABELS)}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
        {!isReceived && (
          <Form.Item name="receiptState" label="交易所收文">
            <Select
              allowClear
              placeholder="全部"
              options={optionsOf(DOCUMENT_RECEIPT_STATE_LABELS)}
              style={{ width: 120 }}
            />
          </Form.Item>
        )}
        <Form.Item name="dates" label="发文日期">
          <DatePicker.RangePicker format="YYYY-MM-DD" placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Form>
      <Table<DocumentView>
        rowKey="id"
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
        {...fitColumns(columns)}
      />
    </Card>
  );
}
