// 查看计划 (/index/planShow?id=): a plan with its facts, its status and, once turned into a project, the project it
// became. The owner company may edit or delete a plan not yet turned, or turn it into a draft project (转为项目),
// whose form then opens; the exchange reads.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { assetCategoryLabel } from '@cqjy/domain/projects/assets';
import { PLAN_FIELD_LABELS, PLAN_STATUS } from '@cqjy/domain/plans';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { projectShowPath } from '../projects/index.ts';
import { planQuery } from './api.ts';
import { usePlanActions } from './plan-actions.ts';
import { planEditPath } from './plan-list-page.tsx';

const L = PLAN_FIELD_LABELS;

export function PlanShowPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const plan = useQuery({ ...planQuery(id ?? 0), enabled: id !== null });
  const actions = usePlanActions({ onDeleted: () => void navigate('/index/plan') });

  if (id === null || plan.isError) {
    return <PageNotFound />;
  }
  const view = plan.data;
  if (view === undefined) {
    return <PageLoading />;
  }
  const isOpen = view.isOwn && view.status === PLAN_STATUS.planned;
  const { form } = view;

  return (
    <Card
      title={`计划：${view.name}`}
      extra={
        <Space>
          {isOpen && (
            <>
              <Button onClick={() => void navigate(planEditPath(view.id))}>编辑</Button>
              <Button
                danger
                loading={actions.isBusy(view.id, 'delete')}
                onClick={() => void actions.remove(view)}
              >
                删除
              </Button>
              <Button
                type="primary"
                loading={actions.isBusy(view.id, 'toProject')}
                onClick={() => void actions.toProject(view)}
              >
                转为项目
              </Button>
            </>
          )}
          <CloseButton to="/index/plan" />
        </Space>
      }
    >
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="计划编号">{view.code}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={view.status === PLAN_STATUS.converted ? 'green' : 'blue'}>{view.statusLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={L.name} span={2}>
          {view.name}
        </Descriptions.Item>
        <Descriptions.Item label={L.family}>{view.familyLabel}</Descriptions.Item>
        <Descriptions.Item label={L.assetCategory}>
          {assetCategoryLabel(form.assetCategory)}
        </Descriptions.Item>
        <Descriptions.Item label={L.listingPrice}>{formatFen(form.listingPrice)}</Descriptions.Item>
        <Descriptions.Item label={L.appraisalPrice}>{formatFen(form.appraisalPrice)}</Descriptions.Item>
        <Descriptions.Item label={L.plannedDate}>{form.plannedDate ?? ''}</Descriptions.Item>
        <Descriptions.Item label="机构">{view.companyName}</Descriptions.Item>
        <Descriptions.Item label={L.contactName}>{form.contactName ?? ''}</Descriptions.Item>
        <Descriptions.Item label={L.contactMobile}>{form.contactMobile ?? ''}</Descriptions.Item>
        <Descriptions.Item label={L.description} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{form.description ?? ''}</span>
        </Descriptions.Item>
        <Descriptions.Item label="转入项目">
          {view.project === null ? (
            '尚未转为项目'
          ) : (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto' }}
              onClick={() =>
                void navigate(projectShowPath({ id: view.project?.id ?? 0, family: view.family }))
              }
            >
              {view.project.code}
            </Button>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="更新时间">{formatDateTime(view.updatedAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
