// 评估结果确认 (/index/disposalResultConfirm?projectId=&taskId=): the owner reads the firm's appraisal (the firm, the
// base day, each vehicle's value and opinion, the experts' opinions, the report) and either confirms it, which draws
// every vehicle's listing letter (挂牌申请函, listed at its appraised value) for the owner's e-signature, or sends it
// back to the firm with a reason. Without an appraisal waiting for the owner the page shows it read-only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  CloseButton,
  FileRow,
  fitColumns,
  PageLoading,
  PageNotFound,
  ReturnReasonDialog,
} from '../../components/index.ts';
import { ProjectNeeded } from '../workflow/index.ts';
import { confirmResult, disposalQuery, returnResult, vehicleKeys, type VehicleDisposalView } from './api.ts';
import { readSignAnswer } from './sign-answer.ts';
import { vehicleColumns } from './vehicle-columns.tsx';
import { ExpertOpinions } from './vehicle-section-parts.tsx';

const projectPath = (projectId: number): string =>
  stepPath('vehicleShowProject', { id: projectId }, 'motorVehicle');

const COLUMNS: TableColumnsType<DisposalVehicle> = [
  ...vehicleColumns(['no', 'carNumber', 'vin', 'brandModel', 'vehicleType', 'condition', 'appraisedValue']),
  {
    key: 'opinion',
    title: '评估意见',
    minWidth: 220,
    render: (_: unknown, vehicle: DisposalVehicle) =>
      vehicle.appraisalOpinion === '' ? (
        '—'
      ) : (
        <Typography.Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap' }}
          ellipsis={{
            rows: 3,
            expandable: 'collapsible',
            symbol: (isExpanded) => (isExpanded ? '收起' : '展开'),
          }}
        >
          {vehicle.appraisalOpinion}
        </Typography.Paragraph>
      ),
  },
];

export function ResultConfirmPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });
  if (projectId === null) return <ProjectNeeded />;
  if (disposal.isError) return <PageNotFound />;
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  return <ResultView view={disposal.data} />;
}

function ResultView({ view }: { view: VehicleDisposalView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy<'confirm'>();
  const [isReturning, setIsReturning] = useState(false);
  const appraised = view.vehicles.filter((vehicle) => vehicle.appraisedValue !== null);
  const total = appraised.reduce((sum, vehicle) => sum + (vehicle.appraisedValue ?? 0), 0);
  const isWaiting = view.can.confirm;

  const backToProject = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    void navigate(projectPath(view.projectId));
  };

  const onConfirm = async (): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: '确认评估结果',
      content: `确认${view.appraiserName}对${appraised.length}辆车辆的评估结果（评估价值合计${formatFen(total)}元）？确认后将为每辆车生成机动车挂牌申请函，挂牌价格为其评估价值，评估结果不能再退回。`,
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('confirm', async () => {
      await confirmResult({ projectId: view.projectId, version: view.version });
      await backToProject();
    });
  };

  const onReturn = async (reason: string): Promise<void> => {
    const answer = await returnResult({ projectId: view.projectId, version: view.version, reason });
    if (readSignAnswer(answer, MSG.vehicleResultReturned)) {
      setIsReturning(false);
      await backToProject();
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`评估结果确认：${view.projectName}`}
        extra={<CloseButton to={projectPath(view.projectId)}>返回项目</CloseButton>}
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {isWaiting ? (
            <Alert
              type="info"
              showIcon
              title="请核对评估机构出具的每辆车的评估价值与评估意见：确认后按评估价值挂牌；有异议的，可填写原因退回评估机构重新评估。"
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={MSG.vehicleResultNotAwaiting}
              description={
                view.resultConfirmedAt === null
                  ? `项目当前状态：${view.statusLabel}`
                  : `评估结果已于${formatDateTime(view.resultConfirmedAt)}确认。`
              }
            />
          )}
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
            <Descriptions.Item label="项目编号">{view.projectCode || '—'}</Descriptions.Item>
            <Descriptions.Item label="项目状态">
              <Tag color="blue">{view.statusLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="评估机构">{view.appraiserName || '—'}</Descriptions.Item>
            <Descriptions.Item label="评估基准日">{view.appraisalBaseDate || '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">
              {view.appraisalSubmittedAt === null ? '—' : formatDateTime(view.appraisalSubmittedAt)}
            </Descriptions.Item>
            <Descriptions.Item label="评估价值合计">
              {appraised.length === 0 ? '—' : `${formatFen(total)}元（${appraised.length}辆）`}
            </Descriptions.Item>
            {view.appraisalReturnReason === '' ? null : (
              <Descriptions.Item label="上次退回原因" span={2}>
                {view.appraisalReturnReason}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="评估报告" span={2}>
              {view.reports.length === 0
                ? '暂未上传'
                : view.reports.map((file) => <FileRow key={file.uuid} item={file} />)}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Card title={`车辆评估结果（${view.vehicles.length}辆）`}>
        <Table<DisposalVehicle>
          size="small"
          rowKey="id"
          dataSource={view.vehicles}
          pagination={view.vehicles.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          {...fitColumns(COLUMNS)}
        />
      </Card>
      <Card title="专家意见">
        <ExpertOpinions view={view} />
      </Card>
      {isWaiting ? (
        <Card>
          <Space>
            <Button danger disabled={busy !== null} onClick={() => setIsReturning(true)}>
              退回评估机构
            </Button>
            <Button type="primary" loading={busy === 'confirm'} onClick={() => void onConfirm()}>
              确认评估结果
            </Button>
          </Space>
        </Card>
      ) : null}
      <ReturnReasonDialog
        open={isReturning}
        title="退回评估机构"
        prompt="评估结果将退回评估机构重新评估，请填写退回原因。"
        onOk={(reason) => onReturn(reason)}
        onCancel={() => setIsReturning(false)}
      />
    </Space>
  );
}
