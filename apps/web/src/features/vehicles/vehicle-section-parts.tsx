// The parts of a disposal's vehicle section beside its table: the summary line, the exchange's assignment of the
// assessment institution, the report and the experts' opinions, the receivings, and the owner's revocation dialog.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDate, formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { REVOKE_REASON_MAX, VEHICLE_STATE_LABELS, VEHICLE_STATES } from '@cqjy/domain/vehicle-disposal';
import { type DisposalVehicle, type VehicleReceiving } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { useBusy } from '../../lib/use-busy.ts';
import { AppDialog, fitColumns, FileRow } from '../../components/index.ts';
import { appraisersQuery, assignAppraiser, revokeVehicle, type VehicleDisposalView } from './api.ts';

export const FAMILY = 'motorVehicle';
export const path = (routeName: string, query: Record<string, number | null>): string =>
  stepPath(routeName, query, FAMILY);

export const dash = (text: string): string => (text.trim() === '' ? '—' : text);
export const dayOf = (iso: string | null): string => (iso === null ? '—' : formatDate(iso));

/** 已登记 2辆 · 挂牌中 3辆 ...: the states the vehicles are in, in the course's order. */
export function stateCounts(vehicles: readonly DisposalVehicle[]): string {
  if (vehicles.length === 0) return '尚未登记车辆';
  const counts = VEHICLE_STATES.flatMap((state) => {
    const count = vehicles.filter((vehicle) => vehicle.state === state).length;
    return count === 0 ? [] : [`${VEHICLE_STATE_LABELS[state]}${count}辆`];
  });
  return `共${vehicles.length}辆（${counts.join('，')}）`;
}

export function Summary({ view }: { view: VehicleDisposalView }) {
  const period =
    view.disclosureStart === null ? '—' : `${dayOf(view.disclosureStart)} 至 ${dayOf(view.disclosureEnd)}`;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
      <Descriptions.Item label="车辆">{stateCounts(view.vehicles)}</Descriptions.Item>
      <Descriptions.Item label="评估机构">{dash(view.appraiserName)}</Descriptions.Item>
      <Descriptions.Item label="评估基准日">{dash(view.appraisalBaseDate)}</Descriptions.Item>
      <Descriptions.Item label="挂牌期">{period}</Descriptions.Item>
    </Descriptions>
  );
}

/** 指派评估机构: the exchange picks an admitted assessment institution (again, before the firm has submitted). */
export function AssignBar({
  view,
  onAssigned,
}: {
  view: VehicleDisposalView;
  onAssigned: () => Promise<void>;
}) {
  const appraisers = useQuery(appraisersQuery());
  const [companyId, setCompanyId] = useState<number | undefined>(view.appraiserCompanyId ?? undefined);
  const { busy, run } = useBusy<'assign'>();
  const isReassign = view.appraiserCompanyId !== null;

  const onAssign = (): Promise<void> =>
    run('assign', async () => {
      if (companyId === undefined) return;
      await assignAppraiser({ projectId: view.projectId, version: view.version, companyId });
      await onAssigned();
    });

  return (
    <Alert
      type="info"
      showIcon
      title={
        isReassign
          ? `已指派${view.appraiserName}，评估结果提交前可改派其他评估机构。`
          : '处置申请已审核通过，请指派评估机构对车辆进行评估。'
      }
      description={
        <Space wrap style={{ marginTop: 8 }}>
          <span>评估机构</span>
          <Select<number>
            aria-label="评估机构"
            style={{ width: 320 }}
            placeholder="请选择评估机构"
            loading={appraisers.isFetching}
            value={companyId}
            onChange={setCompanyId}
            showSearch={{ optionFilterProp: 'label' }}
            options={(appraisers.data ?? []).map((firm) => ({ value: firm.id, label: firm.name }))}
            notFoundContent={appraisers.isFetching ? <Spin size="small" /> : '暂无可指派的评估机构'}
          />
          <Button
            type="primary"
            loading={busy === 'assign'}
            disabled={companyId === undefined || companyId === view.appraiserCompanyId}
            onClick={() => void onAssign()}
          >
            {isReassign ? '改派评估机构' : '指派评估机构'}
          </Button>
        </Space>
      }
    />
  );
}

/** 评估报告 and 专家意见: the firm's report and the opinions of the experts it asked. */
export function AppraisalFiles({ view }: { view: VehicleDisposalView }) {
  return (
    <Card title="评估报告与专家意见">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div>
          <Typography.Title level={5}>评估报告</Typography.Title>
          {view.reports.length === 0 ? (
            <Typography.Text type="secondary">暂未上传</Typography.Text>
          ) : (
            view.reports.map((file) => <FileRow key={file.uuid} item={file} />)
          )}
        </div>
        {view.experts.length > 0 ? (
          <div>
            <Typography.Title level={5}>专家意见（{view.experts.length}份）</Typography.Title>
            <ExpertOpinions view={view} />
          </div>
        ) : null}
      </Space>
    </Card>
  );
}

/** The experts' opinions, each with its signed scan; shared with the owner's confirmation page. */
export function ExpertOpinions({ view }: { view: Pick<VehicleDisposalView, 'experts'> }) {
  if (view.experts.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {view.experts.map((expert) => (
        <Descriptions key={expert.id} bordered size="small" column={2} styles={{ label: { width: 120 } }}>
          <Descriptions.Item label="专家姓名">{expert.expertName}</Descriptions.Item>
          <Descriptions.Item label="工作单位">{dash(expert.organisation)}</Descriptions.Item>
          <Descriptions.Item label="专家意见" span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {expert.opinion}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="签字意见" span={2}>
            {expert.files.length === 0
              ? '—'
              : expert.files.map((file) => <FileRow key={file.uuid} item={file} />)}
          </Descriptions.Item>
        </Descriptions>
      ))}
    </Space>
  );
}

export const RECEIVING_COLUMNS: TableColumnsType<VehicleReceiving> = [
  { key: 'company', title: '拆解企业', dataIndex: 'companyName' },
  { key: 'count', title: '接收车辆', width: 90, render: (_, row) => `${row.vehicleCount}辆` },
  { key: 'day', title: '接收日期', dataIndex: 'receiveDate', width: 110 },
  { key: 'place', title: '接收地点', dataIndex: 'place' },
  { key: 'transport', title: '运输方式', dataIndex: 'transport', width: 120 },
  { key: 'handler', title: '经办人', dataIndex: 'handler', width: 100 },
  { key: 'mobile', title: '联系电话', dataIndex: 'handlerMobile', width: 120 },
  {
    key: 'submittedAt',
    title: '提交时间',
    width: 170,
    render: (_, row) => formatDateTime(row.submittedAt),
  },
];

export function Receivings({ receivings }: { receivings: readonly VehicleReceiving[] }) {
  return (
    <Card title="车辆接收">
      <Table<VehicleReceiving>
        size="small"
        rowKey={(row) => `${row.companyId}-${row.submittedAt}`}
        dataSource={[...receivings]}
        pagination={false}
        {...fitColumns(RECEIVING_COLUMNS, { textMinWidth: 140 })}
      />
    </Card>
  );
}

export type RevokeValues = { reason?: string };

/** 撤销挂牌: the reason, then the revocation letter is drawn for the owner's signature. */
export function RevokeDialog({
  vehicle,
  onCancel,
  onRevoked,
}: {
  vehicle: DisposalVehicle | null;
  onCancel: () => void;
  onRevoked: (vehicle: DisposalVehicle) => Promise<void>;
}) {
  const [form] = Form.useForm<RevokeValues>();
  const { busy, run } = useBusy<'revoke'>();

  const submit = async (): Promise<void> => {
    if (vehicle === null) return;
    let reason: string;
    try {
      reason = ((await form.validateFields()).reason ?? '').trim();
    } catch {
      return;
    }
    await run('revoke', async () => {
      await revokeVehicle({ itemId: vehicle.id, version: vehicle.version, reason });
      await onRevoked(vehicle);
    });
  };

  return (
    <AppDialog
      size="md"
      title="撤销挂牌"
      open={vehicle !== null}
      onOk={() => void submit()}
      onCancel={onCancel}
      okText="生成撤销挂牌申请函"
      okButtonProps={{ loading: busy === 'revoke' }}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        撤销车辆{vehicle?.carNumber}（{vehicle?.brandModel}
        ）的挂牌：将生成撤销机动车挂牌申请函，电子签章后车辆撤牌，不能再成交。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="撤销原因"
          required
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                (value ?? '').trim() === ''
                  ? Promise.reject(new Error(MSG.vehicleRevokeReasonRequired))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REVOKE_REASON_MAX} />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
