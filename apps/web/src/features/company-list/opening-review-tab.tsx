// 开户审核 of 机构管理: every company with its account-opening status, searchable by name or credit code and
// status; an application opens in a dialog with every fact and file the applicant submitted, its operators and
// history. One under review is approved (审核通过, confirmed, with an optional 审核意见) or returned with a reason
// (退回, SH-5.6). Approval needs the required facts and the business licence (listMissingForApproval, the rule the
// server applies too): the dialog names what is missing and offers only the return until it is complete. Each
// decision carries the version the reviewer saw, so a decision on a changed application is refused (409) instead
// of overwriting it.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
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
import { COMPANY_LABELS, listMissingForApproval } from '@cqjy/domain/account-opening';
import type {
  ApprovalRequirement,
  CompanyDetail,
  CompanyListItem,
  CompanyOperatorItem,
} from '@cqjy/domain/account-opening';
import type { AttachmentItem } from '@cqjy/domain/api';
import { EXAMINE_STATUS, EXAMINE_STATUS_LABELS } from '@cqjy/domain/accounts';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { regionName, regulatorName } from '@cqjy/domain/regions';
import { AppDialog, FileRow, ReturnReasonDialog, SearchActions } from '../../components/index.ts';
import { examineCompany, listCompanies, showCompany } from './api.ts';
import type { CompanyQuery } from './api.ts';

const PAGE_SIZE = 10;

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success' };

const STATUS_OPTIONS = [0, 1, 2, 3, 9, 10].map((value) => ({ value, label: EXAMINE_STATUS_LABELS[value] }));

/** The dialog is wider than lg: a fact table, the operators and file rows with their dates and actions. */
const DIALOG_MIN_WIDTH = 760;
const LABEL_WIDTH = 232;

type Filters = { keyword?: string; examineStatus?: number };

function StatusTag({ status, label }: { status: number | null; label: string }) {
  if (status === null) return <Typography.Text type="secondary">无需开户审核</Typography.Text>;
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{label}</Tag>;
}

const OPERATOR_COLUMNS: TableColumnsType<CompanyOperatorItem> = [
  {
    title: '姓名',
    key: 'name',
    render: (_value, operator) => operator.realName ?? operator.nickname ?? '—',
  },
  { title: '用户名', dataIndex: 'username' },
  { title: '手机号码', dataIndex: 'mobile', render: (value: string | null) => value ?? '—' },
  {
    title: '角色',
    dataIndex: 'manager',
    width: 100,
    render: (manager: boolean) => (manager ? <Tag color="blue">管理员</Tag> : '经办人'),
  },
];

function CompanyDetailView({
  detail,
  missing,
}: {
  detail: CompanyDetail;
  missing: readonly ApprovalRequirement[];
}) {
  // A required item the application lacks says so in red; an optional or inapplicable one is a dash.
  const lacks = (item: ApprovalRequirement) => missing.includes(item);
  const fact = (item: ApprovalRequirement, value: string | null | undefined): ReactNode => {
    if (value !== null && value !== undefined && value !== '') return value;
    return lacks(item) ? <Typography.Text type="danger">未填写</Typography.Text> : '—';
  };
  const files = (items: AttachmentItem[], empty: ReactNode): ReactNode =>
    items.length === 0 ? empty : items.map((file) => <FileRow key={file.uuid} item={file} />);
  const isPending = detail.examineStatus === EXAMINE_STATUS.submitted;
  const descriptions = {
    bordered: true,
    size: 'small',
    column: 1,
    styles: { label: { width: LABEL_WIDTH } },
  } as const;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {isPending && missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={MSG.approvalMissingTitle}
          description={
            <ul aria-label="缺少的必备信息" style={{ margin: 0, paddingInlineStart: 20 }}>
              {missing.map((item) => (
                <li key={item}>{COMPANY_LABELS[item]}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {detail.examineStatus === EXAMINE_STATUS.returned && detail.examineReason ? (
        <Typography.Text type="danger">退回原因：{detail.examineReason}</Typography.Text>
      ) : null}
      <Descriptions {...descriptions} title="企业信息">
        <Descriptions.Item label={COMPANY_LABELS.name}>{fact('name', detail.name)}</Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.creditCode}>
          {fact('creditCode', detail.creditCode)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.legalPerson}>
          {fact('legalPerson', detail.legalPerson)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.address}>
          {fact('address', detail.address)}
        </Descriptions.Item>
        <Descriptions.Item label="机构类型">{detail.identityLabel}</Descriptions.Item>
        <Descriptions.Item label="开户状态">
          <StatusTag status={detail.examineStatus} label={detail.examineStatusLabel} />
        </Descriptions.Item>
        <Descriptions.Item label="企业认证">{detail.companyAuthStatusLabel}</Descriptions.Item>
      </Descriptions>
      <Descriptions {...descriptions} title="联系人">
        <Descriptions.Item label={COMPANY_LABELS.contactName}>
          {fact('contactName', detail.contactName)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.contactMobile}>
          {fact('contactMobile', detail.contactMobile)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions {...descriptions} title="监管信息">
        <Descriptions.Item label={COMPANY_LABELS.regulatoryBodies}>
          {fact('regulatoryBodies', regulatorName(detail.regulatoryBodies))}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.regulatoryBodiesProvince}>
          {fact('regulatoryBodiesProvince', regionName(detail.regulatoryBodiesProvince))}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.regulatoryBodiesCity}>
          {fact('regulatoryBodiesCity', regionName(detail.regulatoryBodiesCity))}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.stateFundedEnter}>
          {fact('stateFundedEnter', detail.stateFundedEnter)}
        </Descriptions.Item>
        <Descriptions.Item label={COMPANY_LABELS.stateCreditCode}>
          {fact('stateCreditCode', detail.stateCreditCode)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions {...descriptions} title="申请材料">
        <Descriptions.Item label={COMPANY_LABELS.businessLicense}>
          {files(
            detail.businessLicense,
            lacks('businessLicense') ? <Typography.Text type="danger">未上传</Typography.Text> : '—',
          )}
        </Descriptions.Item>
        <Descriptions.Item label="其他附件">{files(detail.otherFiles, '无')}</Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>经办人</Typography.Title>
        <Table<CompanyOperatorItem>
          rowKey="id"
          size="small"
          pagination={false}
          columns={OPERATOR_COLUMNS}
          dataSource={detail.operators}
        />
      </div>
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

type Decision = 'approve' | 'return';

function ReviewDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['company', 'show', companyId],
    queryFn: () => showCompany(companyId),
  });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const settle = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: ['company'] });
    onClose();
  };
  /** Sends the decision on the version shown; an empty opinion is left out. Failures keep the dialog open. */
  const decide = useMutation({
    mutationFn: ({ pass, reason }: { pass: boolean; reason: string }) =>
      examineCompany(companyId, {
        pass,
        version: detail.data?.version ?? 0,
        ...(reason === '' ? {} : { reason }),
      }),
    onSuccess: async () => {
      setDeciding(null);
      await settle();
    },
  });
  const isPending = detail.data?.examineStatus === EXAMINE_STATUS.submitted;
  const missing = detail.data === undefined ? [] : listMissingForApproval(detail.data);

  return (
    <>
      <AppDialog
        size="lg"
        minWidth={DIALOG_MIN_WIDTH}
        open
        title="开户申请详情"
        onCancel={onClose}
        footer={
          isPending && detail.data ? (
            <Space>
              <Button onClick={onClose}>关闭</Button>
              <Button danger onClick={() => setDeciding('return')}>
                退回
              </Button>
              <Button type="primary" disabled={missing.length > 0} onClick={() => setDeciding('approve')}>
                审核通过
              </Button>
            </Space>
          ) : (
            <Button onClick={onClose}>关闭</Button>
          )
        }
      >
        {detail.data ? (
          <CompanyDetailView detail={detail.data} missing={missing} />
        ) : (
          <Table loading dataSource={[]} />
        )}
      </AppDialog>
      <ReturnReasonDialog
        open={deciding === 'return'}
        title="退回开户申请"
        prompt={MSG.approvalBackPrompt}
        onCancel={() => setDeciding(null)}
        onOk={(reason) => decide.mutateAsync({ pass: false, reason })}
      />
      <ReturnReasonDialog
        open={deciding === 'approve'}
        title="审核通过"
        label="审核意见"
        isRequired={false}
        prompt={MSG.approvalConfirmPrompt}
        onCancel={() => setDeciding(null)}
        onOk={(reason) => decide.mutateAsync({ pass: true, reason })}
      />
    </>
  );
}

/** `openId`: the application to open at once (a task of 待办任务 links to it). */
export function OpeningReviewTab({ openId: initialOpenId = null }: { openId?: number | null }) {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<CompanyQuery>({ page: 1, size: PAGE_SIZE });
  const [openId, setOpenId] = useState<number | null>(initialOpenId);
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
