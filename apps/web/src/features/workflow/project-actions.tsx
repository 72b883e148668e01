// What the engine adds to a project's page: the buttons that start the actions its status allows (for the owner,
// or for the member representing the project the member's own), its applications (业务申请) with the screen each
// opens on, and what its approved actions recorded (交易信息: the bidding activity, the contract, the payouts ...).
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Dropdown, Space, Table, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { arrangeActions } from '@cqjy/domain/workflow/action-menu';
import { formatDate, formatDateTime } from '@cqjy/domain/format';
import { ACTION_CONFIGS, isFormDisclosure, showActionValue } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, ActionForm, Applicant } from '@cqjy/domain/workflow/actions';
import { OPEN_ACTION_STATUSES } from '@cqjy/domain/workflow/statuses';
import type { ProjectActionRow, ProjectView } from '@cqjy/domain/workflow/views';
import { stepPath } from './step-context.ts';

/**
 * The actions a project's status allows, to be applied for from its page. The disclosures are applied for from
 * the project form (提交), never from here.
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
      !isFormDisclosure(config) &&
      !underWay.has(config.action) &&
      config.allowedProjectStatuses !== null &&
      config.allowedProjectStatuses.includes(project.status),
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

export type ActionButtonsProps = {
  project: Pick<ProjectView, 'id' | 'family' | 'status'>;
  applications: readonly ProjectActionRow[] | undefined;
  /** who the caller is to the project: the owner, the member representing it, or neither (no buttons) */
  applicant: Applicant | null;
};

/**
 * The actions the caller may start on the project now: the one that moves it on at its stage as the primary
 * button, the others in 更多操作, grouped (the domain's arrangeActions). Starting one opens its empty form;
 * nothing is created until it is saved.
 */
export function ActionButtons({ project, applications, applicant }: ActionButtonsProps) {
  const navigate = useNavigate();
  const actions =
    applicant === null ? [] : startableActions(project.family, project, applications, applicant);
  if (actions.length === 0) return null;
  const { primary, groups } = arrangeActions(project.status, actions);
  const open = (config: ActionConfig): void =>
    void navigate(stepPath(startOf(config, project).route, { projectId: project.id }, project.family));
  const items: MenuProps['items'] = groups.map((group) => ({
    type: 'group',
    key: group.key,
    label: group.title,
    children: group.actions.map((config) => ({ key: config.action, label: startOf(config, project).label })),
  }));
  return (
    <Space wrap style={{ marginTop: 16 }}>
      {primary === null ? null : (
        <Button type="primary" onClick={() => open(primary)}>
          {startOf(primary, project).label}
        </Button>
      )}
      {groups.length === 0 ? null : (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              const config = actions.find((candidate) => candidate.action === key);
              if (config !== undefined) open(config);
            },
          }}
        >
          <Button>
            更多操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/** 业务申请: the project's applications, each opened on the caller's task or the screen of its state. */
export function ProjectApplications({
  family,
  rows,
  isApplicant,
}: {
  family: string;
  rows: readonly ProjectActionRow[];
  isApplicant: boolean;
}) {
  const navigate = useNavigate();
  if (rows.length === 0) return null;
  return (
    <Card title="业务申请">
      <Table<ProjectActionRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...rows]}
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
                    void navigate(stepPath(row.routeName, { id: row.id, taskId: row.openTask?.id }, family))
                  }
                >
                  {row.openTask !== null
                    ? '办理'
                    : isApplicant && row.status === 'draft'
                      ? '继续填写'
                      : '查看'}
                </Button>
              ),
          },
        ]}
      />
    </Card>
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

/** 交易信息: the records of the approved actions. */
export function ActionRecords({ family, details }: { family: string; details: Record<string, unknown> }) {
  const records = listRecords(family, details);
  if (records.length === 0) return null;
  return (
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
  );
}
