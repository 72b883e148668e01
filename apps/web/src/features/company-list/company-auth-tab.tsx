// 企业认证审核 of 机构管理: the company-authentication applications the identity module keeps (basic ones that did
// not match the opening information, and advanced ones with a licence), by status; one under review is passed
// (通过) or refused with a reason (不通过, SH-5.6).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { COMPANY_AUTH_STATUS, COMPANY_AUTH_STATUS_LABELS } from '@cqjy/domain/accounts';
import { formatDateTime } from '@cqjy/domain/format';
import type { CompanyAuthApplication } from '@cqjy/domain/identity-auth';
import { FileRow, ReturnReasonDialog } from '../../components/index.ts';
import { examineCompanyAuth, listCompanyAuth } from './api.ts';
import type { CompanyAuthQuery } from './api.ts';

const PAGE_SIZE = 10;
const LEVEL_LABELS = { basic: '企业认证', advanced: '企业高级认证' } as const;
const STATUS_COLORS: Record<number, string> = { 1: 'success', 2: 'processing', 3: 'error' };
const STATUS_OPTIONS = [
  COMPANY_AUTH_STATUS.underReview,
  COMPANY_AUTH_STATUS.authenticated,
  COMPANY_AUTH_STATUS.refused,
].map((value) => ({ value, label: COMPANY_AUTH_STATUS_LABELS[value] }));

export function CompanyAuthTab() {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<CompanyAuthQuery>({
    status: COMPANY_AUTH_STATUS.underReview,
    page: 1,
    size: PAGE_SIZE,
  });
  const [refusingId, setRefusingId] = useState<number | null>(null);
  const applications = useQuery({
    queryKey: ['company', 'auth', query],
    queryFn: () => listCompanyAuth(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['company'] });
  const passing = useMutation({
    mutationFn: (id: number) => examineCompanyAuth(id, { pass: true }),
    onSuccess: () => void refresh(),
  });

  const columns: TableColumnsType<CompanyAuthApplication> = [
    { title: '机构名称', dataIndex: 'companyName', ellipsis: true },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 200 },
    {
      title: '法定代表人',
      dataIndex: 'legalPerson',
      width: 120,
      render: (value: string | null) => value ?? '—',
    },
    {
      title: '认证类型',
      dataIndex: 'level',
      width: 120,
      render: (value: CompanyAuthApplication['level']) => LEVEL_LABELS[value] ?? value,
    },
    {
      title: '营业执照',
      key: 'licence',
      width: 220,
      render: (_value, row) =>
        row.licence.length === 0
          ? '—'
          : row.licence.map((file) => (
              <FileRow
                key={file.uuid}
                item={{ uuid: file.uuid, name: file.fileName, fileName: file.fileName }}
              />
            )),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 160,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[row.status] ?? 'default'}>{row.statusLabel}</Tag>
          {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_value, row) =>
        row.status === COMPANY_AUTH_STATUS.underReview ? (
          <Space size={0}>
            <Popconfirm title="确定通过该企业认证申请吗？" onConfirm={() => passing.mutate(row.id)}>
              <Button type="link" size="small">
                通过
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRefusingId(row.id)}>
              不通过
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <span>认证状态</span>
        <Select
          allowClear
          aria-label="认证状态"
          placeholder="全部"
          style={{ width: 160 }}
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(status: number | undefined) =>
            setQuery({ page: 1, size: query.size, ...(status === undefined ? {} : { status }) })
          }
        />
      </Space>
      <Table<CompanyAuthApplication>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={applications.data?.list ?? []}
        loading={applications.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: applications.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, size) => setQuery((current) => ({ ...current, page, size })),
        }}
      />
      <ReturnReasonDialog
        open={refusingId !== null}
        title="企业认证不通过"
        label="不通过原因"
        onCancel={() => setRefusingId(null)}
        onOk={async (reason) => {
          if (refusingId === null) return undefined;
          const answer = await examineCompanyAuth(refusingId, { pass: false, reason });
          setRefusingId(null);
          await refresh();
          return answer;
        }}
      />
    </Space>
  );
}
