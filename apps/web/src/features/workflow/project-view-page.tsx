// The project view of the bulk and coll families (bulkShowProject, collShowProject; ?id=): the project's facts,
// its listing form and status, what its approved actions recorded (the bidding activity, the contract, the
// payouts, the handover ...), its asset list, signed letters and process log, and for its owner (or the member
// representing it, for the member's actions) a button for each action whose application the project's status
// allows (申请中止 -> bulkAbortAon?projectId=...).
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Result, Space, Spin, Table, Tag } from 'antd';
import { formatDate, formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  assetCategoryLabel,
  BULK_FIELD_LABELS,
  isPhysicalFamily,
  PAYMENT_MODES,
  readBulkForm,
} from '@cqjy/domain/projects/bulk';
import type { BulkProjectForm } from '@cqjy/domain/projects/bulk';
import { canEditParticipants } from '@cqjy/domain/projects/participants';
import { ACTION_CONFIGS, showActionValue } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, ActionForm, Applicant } from '@cqjy/domain/workflow/actions';
import { OPEN_ACTION_STATUSES } from '@cqjy/domain/workflow/statuses';
import type { ProjectActionRow, ProjectView } from '@cqjy/domain/workflow/views';
import { IDENTITY } from '@cqjy/domain/identity';
import { useSession } from '../../app/session-store.ts';
import { CloseButton, FileRow } from '../../components/index.ts';
import { AnnouncementActions, AssetList, ParticipantList } from '../projects/index.ts';
import { projectQuery } from '../../api/projects.ts';
import { projectActionsQuery } from './api.ts';
import { ProcessLog } from './process-log.tsx';
import { readQueryId } from '../../app/query-id.ts';
import { canSyncFromOtc, OtcResultCard, OtcSyncButton } from './otc-result.tsx';
import { stepPath, useStepContext } from './step-context.ts';

/**
 * The actions a project's status allows, to be applied for from its page. The first disclosure is applied for
 * from the project form (提交), never from here.
 */
export function startableActions(
  family: string,
  project: Pick<ProjectView, 'status'>,
  applications: readonly Pick<ProjectActionRow, 'action' | 'status'>[] = [],
  applicant: Applicant = 'owner',
): ActionConfig[] {
  // one application of an action at a time: one under way is continued from 业务申请, not started again
  const underWay = new Set(
    applications.filter((row) => OPEN_ACTION_STATUSES.includes(row.status)).map((row) => row.action),
  );
  return ACTION_CONFIGS.filter(
    (config) =>
      config.family === family &&
      config.applicant === applicant &&
      config.effect !== 'disclosure' &&
      !underWay.has(config.action) &&
      config.allowedProjectStatuses !== null &&
      config.allowedProjectStatuses.includes(project.status),
  );
}

function ApplicationsTable({ rows, isApplicant }: { rows: ProjectActionRow[]; isApplicant: boolean }) {
  const navigate = useNavigate();
  return (
    <Table<ProjectActionRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '业务', dataIndex: 'actionTitle', key: 'actionTitle' },
        { title: '状态', key: 'status', render: (_, row) => <Tag>{row.statusLabel}</Tag> },
        { title: '创建时间', key: 'createdAt', render: (_, row) => formatDateTime(row.createdAt) },
        { title: '更新时间', key: 'updatedAt', render: (_, row) => formatDateTime(row.updatedAt) },
        {
          title: '操作',
          key: 'open',
          render: (_, row) =>
            row.routeName === '' ? null : (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void navigate(stepPath(row.routeName, { id: row.id, taskId: row.openTask?.id }))
                }
              >
                {row.openTask !== null ? '办理' : isApplicant && row.status === 'draft' ? '继续填写' : '查看'}
              </Button>
            ),
        },
      ]}
    />
  );
}

/** Where an action starts: its application screen, or its edit screen once the project is dealt (the contract). */
function startOf(
  config: ActionConfig,
  project: Pick<ProjectView, 'status'>,
): { route: string; label: string } {
  if (project.status === 'dealt' && config.editRoute !== undefined) {
    return { route: config.editRoute, label: config.startLabel.replace('录入', '修改') };
  }
  return { route: config.routes.Aon, label: config.startLabel };
}

function ListingFacts({ form }: { form: BulkProjectForm }) {
  const L = BULK_FIELD_LABELS;
  const fen = (value: number | undefined) => (value === undefined ? '—' : formatFen(value));
  return (
    <Descriptions bordered size="small" column={2} style={{ marginTop: 16 }}>
      <Descriptions.Item label={L.assetCategory}>
        {assetCategoryLabel(form.assetCategory) || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={L.paymentMode}>
        {PAYMENT_MODES.find((m) => m.code === form.paymentMode)?.label ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={L.listingPrice}>{fen(form.listingPrice)}</Descriptions.Item>
      <Descriptions.Item label={L.appraisalPrice}>{fen(form.appraisalPrice)}</Descriptions.Item>
      <Descriptions.Item label={L.disclosureDays}>{form.disclosureDays ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={L.contactName}>
        {[form.contactName, form.contactMobile].filter(Boolean).join(' ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={L.description} span={2}>
        {form.description ?? '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

type RecordEntry = { key: string; title: string; items: { label: string; value: string }[] };

/** What the approved actions recorded in the project's details, in the registry's order. */
export function listRecords(family: string, details: Record<string, unknown>): RecordEntry[] {
  return ACTION_CONFIGS.filter(
    (config) => config.family === family && details[config.action] !== undefined,
  ).flatMap((config) => {
    const value = details[config.action];
    const records = (Array.isArray(value) ? value : [value]) as (ActionForm & { approvedAt?: string })[];
    return records.map((record, index) => ({
      key: `${config.action}-${index}`,
      title: records.length > 1 ? `${config.title}（${index + 1}）` : config.title,
      items: [
        ...config.fields
          .filter(
            (field) => field.name !== 'reason' && field.name !== 'remark' && record[field.name] !== undefined,
          )
          .map((field) => ({ label: field.label, value: showActionValue(field, record[field.name]) })),
        ...(record.approvedAt === undefined
          ? []
          : [{ label: '审核通过日期', value: formatDate(record.approvedAt) }]),
      ],
    }));
  });
}

export function ProjectViewPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const context = useStepContext();
  const navigate = useNavigate();
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  const project = useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });
  const applications = useQuery({ ...projectActionsQuery(id ?? 0), enabled: id !== null });

  if (id === null) return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
  const data = project.data;
  if (data === undefined) {
    return project.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  const family = context?.family ?? data.family;
  // The owner applies for the project's actions, the member representing it for the member's own (intention
  // registration ...); the exchange sees the project and reviews.
  const isOwner = data.companyId === companyId;
  const role: Applicant | null = isOwner ? 'owner' : data.agentCompanyId === companyId ? 'agent' : null;
  const actions = role === null ? [] : startableActions(family, data, applications.data, role);
  const form = readBulkForm(data.details);
  const records = listRecords(family, data.details);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {data.name}
            <Tag color="blue">{data.statusLabel}</Tag>
          </Space>
        }
        extra={
          <Space>
            {isPhysicalFamily(data.family) ? (
              <AnnouncementActions family={data.family} project={data} />
            ) : null}
            {canSyncFromOtc(data, isOwner || isExchange) ? <OtcSyncButton projectId={data.id} /> : null}
            <CloseButton />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="项目编号">{data.code}</Descriptions.Item>
          <Descriptions.Item label="项目状态">{data.statusLabel}</Descriptions.Item>
          <Descriptions.Item label="转让方">{data.companyName}</Descriptions.Item>
          <Descriptions.Item label="披露开始日期">
            {data.disclosureStart ? formatDate(data.disclosureStart) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="披露截止日期">
            {data.disclosureEnd ? formatDate(data.disclosureEnd) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="中止日期">
            {data.pausedAt ? formatDate(data.pausedAt) : '—'}
          </Descriptions.Item>
        </Descriptions>
        {form !== undefined && isPhysicalFamily(data.family) ? <ListingFacts form={form} /> : null}
        {actions.length > 0 ? (
          <Space wrap style={{ marginTop: 16 }}>
            {actions.map((config) => {
              const start = startOf(config, data);
              return (
                <Button
                  key={config.action}
                  type="primary"
                  ghost
                  onClick={() => void navigate(stepPath(start.route, { projectId: data.id }))}
                >
                  {start.label}
                </Button>
              );
            })}
          </Space>
        ) : null}
      </Card>
      {(applications.data ?? []).length > 0 ? (
        <Card title="业务申请">
          <ApplicationsTable rows={applications.data ?? []} isApplicant={role !== null} />
        </Card>
      ) : null}
      {records.length > 0 ? (
        <Card title="交易信息">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {records.map((record) => (
              <Descriptions key={record.key} title={record.title} bordered size="small" column={2}>
                {record.items.map((item) => (
                  <Descriptions.Item key={item.label} label={item.label}>
                    {item.value}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ))}
          </Space>
        </Card>
      ) : null}
      <OtcResultCard details={data.details} />
      {isPhysicalFamily(data.family) ? (
        <ParticipantList
          family={data.family}
          projectId={data.id}
          isEditable={isOwner && canEditParticipants(data.status)}
        />
      ) : null}
      {isPhysicalFamily(data.family) ? (
        <AssetList
          family={data.family}
          projectId={data.id}
          initialCategory={form?.assetCategory}
          isEditable={false}
        />
      ) : null}
      {data.signedLetters.length > 0 ? (
        <Card title="已签章文件">
          {data.signedLetters.map((file) => (
            <FileRow key={file.uuid} item={{ uuid: file.uuid, name: file.name, fileName: file.name }} />
          ))}
        </Card>
      ) : null}
      <Card title="流程记录">
        <ProcessLog projectId={data.id} />
      </Card>
    </Space>
  );
}
