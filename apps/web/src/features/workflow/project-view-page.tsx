// The project view of the bulk and coll families (bulkShowProject, collShowProject; ?id=): the project's facts
// and status, its signed letters, the process log, and a button for each action of the family whose application
// the project's status allows (申请中止 -> bulkAbortAon?projectId=...).
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { ACTION_CONFIGS } from '@cqjy/domain/workflow/actions';
import type { ActionConfig } from '@cqjy/domain/workflow/actions';
import type { ProjectView } from '@cqjy/domain/workflow/views';
import { isPhysicalFamily } from '@cqjy/domain/projects/bulk';
import type { BulkAssetCategory } from '@cqjy/domain/projects/bulk';
import { CloseButton, FileRow } from '../../components/index.ts';
import { AssetList } from '../projects/index.ts';
import { projectQuery } from './api.ts';
import { ProcessLog } from './process-log.tsx';
import { readId, stepPath, useStepContext } from './step-context.ts';

/** The actions a project of this status may start, in the registry's order. */
/**
 * The actions a project's status allows, to be applied for from its page. The first disclosure is applied for
 * from the project form (提交), never from here.
 */
export function startableActions(family: string, project: Pick<ProjectView, 'status'>): ActionConfig[] {
  return ACTION_CONFIGS.filter(
    (config) =>
      config.family === family &&
      config.effect !== 'disclosure' &&
      config.allowedProjectStatuses !== null &&
      config.allowedProjectStatuses.includes(project.status),
  );
}

/** The asset category of a physical-asset project's form, kept in its details. */
function assetCategoryOf(details: Record<string, unknown>): BulkAssetCategory | undefined {
  const form = details.form as { assetCategory?: BulkAssetCategory } | undefined;
  return form?.assetCategory;
}

export function ProjectViewPage() {
  const [params] = useSearchParams();
  const id = readId(params.get('id'));
  const context = useStepContext();
  const navigate = useNavigate();
  const project = useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });

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
  const actions = startableActions(family, data);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {data.name}
            <Tag color="blue">{data.statusLabel}</Tag>
          </Space>
        }
        extra={<CloseButton />}
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
        {actions.length > 0 ? (
          <Space wrap style={{ marginTop: 16 }}>
            {actions.map((config) => (
              <Button
                key={config.action}
                type="primary"
                ghost
                onClick={() => void navigate(stepPath(config.routes.Aon, { projectId: data.id }))}
              >
                申请{config.title.replace(/^项目/, '')}
              </Button>
            ))}
          </Space>
        ) : null}
      </Card>
      {isPhysicalFamily(data.family) ? (
        <AssetList
          family={data.family}
          projectId={data.id}
          initialCategory={assetCategoryOf(data.details)}
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
