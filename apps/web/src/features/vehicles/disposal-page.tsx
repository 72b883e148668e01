// A motor-vehicle disposal as 查看项目 shows it to whoever is neither its owner nor the exchange: the assessment
// institution assigned (the vehicles it values), a dismantler it was dealt to (the vehicles it takes) and, once it
// was listed, any member or dismantler (the listed vehicles, without VIN or engine number). Plates come masked to all
// of them (their last four hidden, BF-5.6). Where the reader has a next step it is offered as the page's button.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDate, formatDateTime } from '@cqjy/domain/format';
import type { DisposalRole, DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { CloseButton, fitColumns, PageLoading, PageNotFound } from '../../components/index.ts';
import { disposalQuery, type VehicleDisposalView } from './api.ts';
import { vehicleColumns, type VehicleColumnKey } from './vehicle-columns.tsx';

/** The columns each reader is shown (vehicleColumns keeps its own order): what it may see and needs. */
const PUBLIC_COLUMNS: readonly VehicleColumnKey[] = [
  'no',
  'carNumber',
  'brandModel',
  'vehicleType',
  'registrationDate',
  'mileage',
  'condition',
  'listingPrice',
  'state',
];
const COLUMNS_OF: Partial<Record<DisposalRole, readonly VehicleColumnKey[]>> = {
  public: PUBLIC_COLUMNS,
  appraiser: [...PUBLIC_COLUMNS, 'vin', 'appraisedValue'],
  dismantler: [...PUBLIC_COLUMNS, 'vin', 'engineNo', 'dealPrice', 'certificateNo'],
};

/** The number and plate stay in view while a wide table scrolls sideways. */
const pinned = (columns: TableColumnsType<DisposalVehicle>): TableColumnsType<DisposalVehicle> =>
  columns.map((column) =>
    column.key === 'no' || column.key === 'carNumber' ? { ...column, fixed: 'left' as const } : column,
  );

const ROLE_LABELS: Partial<Record<DisposalRole, string>> = {
  appraiser: '评估机构',
  dismantler: '拆解企业（受让方）',
};

const listingPeriod = (view: VehicleDisposalView): string =>
  view.disclosureStart === null || view.disclosureEnd === null
    ? '—'
    : `${formatDate(view.disclosureStart)} 至 ${formatDate(view.disclosureEnd)}`;

export function DisposalPage({ projectId }: { projectId: number }) {
  const disposal = useQuery(disposalQuery(projectId));
  if (disposal.isError) return <PageNotFound />;
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  return <DisposalView view={disposal.data} />;
}

function DisposalView({ view }: { view: VehicleDisposalView }) {
  const navigate = useNavigate();
  const go = (routeName: string, query: Record<string, number>) =>
    void navigate(stepPath(routeName, query, 'motorVehicle'));
  const { role, can } = view;
  const hasRecords = view.vehicles.some((vehicle) => vehicle.recordId !== null);

  /** The reader's next step (one primary button) and what it may look at. */
  const actions = [
    role === 'appraiser' ? (
      <Button
        key="appraise"
        type={can.appraise ? 'primary' : 'default'}
        onClick={() => go('disposalAssessmentOpinion', { projectId: view.projectId })}
      >
        {can.appraise ? '出具评估意见' : '查看评估意见'}
      </Button>
    ) : null,
    role === 'dismantler' && can.receive ? (
      <Button
        key="receive"
        type="primary"
        onClick={() => go('disposalReceivingAon', { projectId: view.projectId })}
      >
        提交接收申请
      </Button>
    ) : null,
    role === 'dismantler' && hasRecords ? (
      <Button
        key="records"
        type={can.receive ? 'default' : 'primary'}
        onClick={() => go('vehicleDelivery', { projectId: view.projectId })}
      >
        拆解记录
      </Button>
    ) : null,
  ].filter((action) => action !== null);

  const columns = pinned(vehicleColumns(COLUMNS_OF[role] ?? PUBLIC_COLUMNS));
  const roleLabel = ROLE_LABELS[role];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`查看项目：${view.projectName}`}
        extra={
          <Space>
            {roleLabel === undefined ? null : <Tag color="blue">{`您是本项目的${roleLabel}`}</Tag>}
            <CloseButton />
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={2}
          styles={{ label: { width: 150 } }}
          items={[
            { key: 'name', label: '项目名称', children: view.projectName, span: 2 },
            { key: 'code', label: '项目编号', children: view.projectCode },
            { key: 'status', label: '项目状态', children: <Tag color="processing">{view.statusLabel}</Tag> },
            { key: 'owner', label: '申请单位', children: view.ownerName },
            { key: 'period', label: '挂牌期', children: listingPeriod(view) },
            ...(role === 'appraiser'
              ? [
                  { key: 'firm', label: '评估机构', children: view.appraiserName || '—' },
                  {
                    key: 'submitted',
                    label: '评估结果提交时间',
                    children:
                      view.appraisalSubmittedAt === null
                        ? '尚未提交'
                        : formatDateTime(view.appraisalSubmittedAt),
                  },
                ]
              : []),
          ]}
        />
        {actions.length > 0 ? <Space style={{ marginTop: 16 }}>{actions}</Space> : null}
      </Card>

      <Card
        title={`${role === 'dismantler' ? '成交给贵单位的车辆' : '处置车辆'}（${view.vehicles.length}辆）`}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="号牌号码已隐去后四位。"
          description={role === 'public' ? '报废机动车仅转让给具备资质的报废机动车回收拆解企业。' : undefined}
        />
        <Table<DisposalVehicle>
          size="small"
          rowKey="id"
          dataSource={view.vehicles}
          locale={{ emptyText: '暂无车辆' }}
          pagination={view.vehicles.length > 20 ? { pageSize: 20 } : false}
          {...fitColumns(columns, { textMinWidth: 140 })}
        />
      </Card>
    </Space>
  );
}
