// 开户审核 of 机构管理: every company with its account-opening status, searchable by name or credit code and
// status; an application opens in a dialog with its company information, operators, licence files and history,
// and one under review is approved (审核通过) or returned with a reason (退回, SH-5.6). Each decision carries the
// version the reviewer saw, so a decision on a changed application is refused (409) instead of overwriting it.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { COMPANY_LABELS } from '@cqjy/domain/account-opening';
import type { CompanyDetail, CompanyListItem, CompanyListQuery } from '@cqjy/domain/account-opening';
import { EXAMINE_STATUS, EXAMINE_STATUS_LABELS } from '@cqjy/domain/accounts';
import { formatDateTime } from '@cqjy/domain/format';
import { regionName, regulatorName } from '@cqjy/domain/regions';
import { AppDialog, FileRow, ReturnReasonDialog, SearchActions } from '../../components/index.ts';
import { examineCompany, listCompanies, showCompany } from './api.ts';

const PAGE_SIZE = 10;

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success' };

const STATUS_OPTIONS = [0, 1, 2, 3, 9, 10].map((value) => ({ value, label: EXAMINE_STATUS_LABELS[value] }));

type Filters = { keyword?: string; examineStatus?: number };

function StatusTag({ status, label }: { status: number | null; label: string }) {
  if (status === null) return <Typography.Text type="secondary">无需开户审核</Typography.Text>;
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{label}</Tag>;
}

function CompanyDetailView({ detail }: { detail: CompanyDetail }) {
  const text = (value: string | null) => value ?? '—';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {detail.examineStatus === EXAMINE_STATUS.returned && detail.examineReason ? (
        <Typography.Text type="danger">退回原因：{detail.examineReason}</Typography.Text>
      ) : null}
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={COMPANY_LABELS.name} span={2}>
          {detail.name}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.creditCode}>{text(detail.creditCode)}</Descriptions.Item>
        <Descriptions.Item label="机构类型">{detail.identityLabel}</Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.legalPerson}>{text(detail.legalPerson)}</Descriptions.Item>
        <Descriptions.Item label="开户状态">
          <StatusTag status={detail.examineStatus} label={detail.examineStatusLabel} />
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.address} span={2}>
          {text(detail.address)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.contactName}>{text(detail.contactName)}</Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.contactMobile}>
          {text(detail.contactMobile)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.regulatoryBodies}>
          {text(regulatorName(detail.regulatoryBodies) ?? null)}
        </Descriptions.Item>
        <Descriptions.Item label="监管机构所在地">
          {[regionName(detail.regulatoryBodiesProvince), regionName(detail.regulatoryBodiesCity)]
            .filter(Boolean)
            .join(' / ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.stateFundedEnter}>
          {text(detail.stateFundedEnter)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.stateCreditCode}>
          {text(detail.stateCreditCode)}
        </Descriptions.Item>
        <Descriptions.Item label="企业认证">{detail.companyAuthStatusLabel}</Descriptions.Item>
        <Descriptions.Item label="经办人">
          {detail.operators
            .map((operator) => operator.realName ?? operator.nickname ?? operator.username)
            .join('、') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.businessLicense} span={2}>
          {detail.businessLicense.length === 0
            ? '—'
            : detail.businessLicense.map((file) => <FileRow key={file.uuid} item={file} />)}
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>审核记录</Typography.Title>
        {detail.history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Timeline
            items={detail.history.map((entry, index) => ({
              key: index,
              content: (
                <span>
                  {formatDateTime(entry.createdAt)} {entry.actionLabel}
                  {entry.reason ? `：${entry.reason}` : ''}
                </span>
              ),
            }))}
          />
        )}
      </div>
    </Space>
  );
}

function ReviewDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['company', 'show', companyId],
    queryFn: () => showCompany(companyId),
  });
  const [isReturning, setIsReturning] = useState(false);
  const settle = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: ['company'] });
    onClose();
  };
  const approving = useMutation({
    mutationFn: (version: number) => examineCompany(companyId, { pass: true, version }),
    onSuccess: () => void settle(),
  });
  const isPending = detail.data?.examineStatus === EXAMINE_STATUS.submitted;

  return (
    <>
      <AppDialog
        size="lg"
        open
        title="开户申请详情"
        onCancel={onClose}
        footer={
          isPending && detail.data ? (
            <Space>
              <Button onClick={onClose}>关闭</Button>
              <Button danger onClick={() => setIsReturning(true)}>
                退回
              </Button>
              <Button
                type="primary"
                loading={approving.isPending}
                onClick={() => detail.data && approving.mutate(detail.data.version)}
              >
                审核通过
              </Button>
            </Space>
          ) : (
            <Button onClick={onClose}>关闭</Button>
          )
        }
      >
        {detail.data ? <CompanyDetailView detail={detail.data} /> : <Table loading dataSource={[]} />}
      </AppDialog>
      <ReturnReasonDialog
        open={isReturning}
        title="退回开户申请"
        onCancel={() => setIsReturning(false)}
        onOk={async (reason) => {
          const answer = await examineCompany(companyId, {
            pass: false,
            reason,
            version: detail.data?.version ?? 0,
          });
          setIsReturning(false);
          await settle();
          return answer;
        }}
      />
    </>
  );
}

export function OpeningReviewTab() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<CompanyListQuery>({ page: 1, size: PAGE_SIZE });
  const [openId, setOpenId] = useState<number | null>(null);
  const companies = useQuery({
    queryKey: ['company', 'list', query],
    queryFn: () => listCompanies(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<CompanyListItem> = [
    { title: '机构名称', dataIndex: 'name', ellipsis: true },
    {
      title: '统一社会信用代码',
      dataIndex: 'creditCode',
      width: 200,
      render: (value: string | null) => value ?? '—',
    },
    { title: '机构类型', dataIndex: 'identityLabel', width: 120 },
    {
      title: '开户状态',
      dataIndex: 'examineStatus',
      width: 140,
      render: (_value, row) => <StatusTag status={row.examineStatus} label={row.examineStatusLabel} />,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
          {row.examineStatus === EXAMINE_STATUS.submitted ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  const onSearch = (values: Filters): void => {
    const keyword = values.keyword?.trim();
    setQuery({
      page: 1,
      size: query.size,
      ...(keyword ? { keyword } : {}),
      ...(values.examineStatus === undefined ? {} : { examineStatus: values.examineStatus }),
    });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form form={form} layout="inline" onFinish={onSearch} aria-label="开户审核查询">
        <Form.Item name="keyword" label="关键字">
          <Input allowClear maxLength={100} placeholder="机构名称或统一社会信用代码" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="examineStatus" label="开户状态">
          <Select allowClear options={STATUS_OPTIONS} placeholder="全部" style={{ width: 160 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            setQuery({ page: 1, size: query.size });
          }}
        />
      </Form>
      <Table<CompanyListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={companies.data?.list ?? []}
        loading={companies.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: companies.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, size) => setQuery((current) => ({ ...current, page, size })),
        }}
      />
      {openId === null ? null : <ReviewDialog companyId={openId} onClose={() => setOpenId(null)} />}
    </Space>
  );
}
