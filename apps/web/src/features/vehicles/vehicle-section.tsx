// The vehicles of a disposal on its project page (the family's own section), for the owner and the exchange: how
// many vehicles stand in each state, the firm and its base day, the listing period, and every vehicle with what the
// reader may do to it now (the disposal's `can` and the row: a draft's vehicles are changed or taken off, a waiting
// letter is signed, a listed vehicle is revoked, a dismantled one has its record). What the course asks of the
// reader next is said above the table with its button: the exchange assigns the firm and confirms the deal, the
// owner confirms the appraisal and signs the listing letters. The firm's report, the experts' opinions and the
// dismantlers' receivings follow once there are any.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Popconfirm, Space, Spin, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { type DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { useBusy } from '../../lib/use-busy.ts';
import { fitColumns } from '../../components/index.ts';
import { deleteVehicle, disposalQuery, vehicleKeys, type VehicleDisposalView } from './api.ts';
import { vehicleColumns } from './vehicle-columns.tsx';
import { downloadVehicleTemplate, VehicleImportDialog } from './vehicle-import-dialog.tsx';
import {
  AssignBar,
  AppraisalFiles,
  Receivings,
  RevokeDialog,
  Summary,
  dash,
  path,
} from './vehicle-section-parts.tsx';

/**
 * What the project page gives a family's section (its ProjectSectionProps, not imported: the projects feature
 * imports this one). Only the project's id is read: the disposal's own call says who the reader is and what it may do.
 */
export type VehicleSectionProps = {
  projectId: number;
  family?: string;
  isOwner?: boolean;
  isSeller?: boolean;
  status?: string;
  disclosureEnd?: string | null;
  form?: Readonly<Record<string, unknown>>;
};

export function VehicleSection({ projectId }: VehicleSectionProps) {
  const disposal = useQuery(disposalQuery(projectId));
  if (disposal.data === undefined) {
    return (
      <Card title="车辆信息">
        {disposal.isError ? (
          <Empty description={MSG.notFound} />
        ) : (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        )}
      </Card>
    );
  }
  return <SectionView view={disposal.data} />;
}

function SectionView({ view }: { view: VehicleDisposalView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  const { busy, run } = useBusy<'template' | `delete-${number}`>();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [revoking, setRevoking] = useState<DisposalVehicle | null>(null);
  const { can } = view;
  const projectId = view.projectId;

  const signPathOf = (vehicle: DisposalVehicle): string =>
    path(vehicle.letterKind === 'revoke' ? 'vehicleRevokeEicSre' : 'vehicleHangingTagEicSre', {
      id: vehicle.id,
      taskId: vehicle.taskId,
    });

  const onDelete = (vehicle: DisposalVehicle): Promise<void> =>
    run(`delete-${vehicle.id}`, async () => {
      await deleteVehicle(vehicle.id, vehicle.version);
      await refresh();
    });

  /** After the revocation letter is drawn, its signature is the next step: the task comes with the fresh data. */
  const onRevoked = async (vehicle: DisposalVehicle): Promise<void> => {
    setRevoking(null);
    await refresh();
    const fresh = queryClient.getQueryData(disposalQuery(projectId).queryKey);
    const row = fresh?.vehicles.find((each) => each.id === vehicle.id);
    if (row?.letterKind === 'revoke' && row.taskId !== null) void navigate(signPathOf(row));
  };

  const actionsOf = (vehicle: DisposalVehicle) => {
    const links = [];
    if (can.editVehicles && vehicle.state === 'registered') {
      links.push(
        <Button
          key="edit"
          type="link"
          size="small"
          onClick={() => void navigate(path('vehicleInfoEdit', { id: vehicle.id }))}
        >
          修改
        </Button>,
        <Popconfirm
          key="delete"
          title={`确定删除车辆${vehicle.carNumber}？`}
          okText={MSG.confirmOk}
          cancelText={MSG.cancel}
          onConfirm={() => onDelete(vehicle)}
        >
          <Button type="link" size="small" danger loading={busy === `delete-${vehicle.id}`}>
            删除
          </Button>
        </Popconfirm>,
      );
    }
    if (vehicle.letterKind !== null && vehicle.taskId !== null) {
      links.push(
        <Button key="sign" type="link" size="small" onClick={() => void navigate(signPathOf(vehicle))}>
          {vehicle.letterKind === 'revoke' ? '撤牌签章' : '签章'}
        </Button>,
      );
    }
    if (can.revoke && vehicle.state === 'listed' && vehicle.letterKind === null) {
      links.push(
        <Button key="revoke" type="link" size="small" onClick={() => setRevoking(vehicle)}>
          撤销挂牌
        </Button>,
      );
    }
    if (vehicle.recordId !== null) {
      links.push(
        <Button
          key="record"
          type="link"
          size="small"
          onClick={() => void navigate(path('disposalBreakup', { id: vehicle.recordId }))}
        >
          拆解记录
        </Button>,
      );
    }
    return links.length === 0 ? '—' : <Space size={0}>{links}</Space>;
  };

  const hasActions = view.vehicles.some(
    (vehicle) =>
      (can.editVehicles && vehicle.state === 'registered') ||
      (vehicle.letterKind !== null && vehicle.taskId !== null) ||
      (can.revoke && vehicle.state === 'listed' && vehicle.letterKind === null) ||
      vehicle.recordId !== null,
  );
  const columns: TableColumnsType<DisposalVehicle> = [
    ...vehicleColumns([
      'no',
      'carNumber',
      'vin',
      'brandModel',
      'vehicleType',
      'registrationDate',
      'mileage',
      'condition',
      'appraisedValue',
      'listingPrice',
      'state',
      'buyerName',
      'dealPrice',
      'certificateNo',
    ]),
    ...(hasActions
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, vehicle: DisposalVehicle) => actionsOf(vehicle),
          },
        ]
      : []),
  ];

  const onTemplate = (): Promise<void> => run('template', downloadVehicleTemplate);

  const toolbar = can.editVehicles ? (
    <Space>
      <Button type="primary" onClick={() => void navigate(path('vehicleInfoAon', { projectId }))}>
        录入车辆
      </Button>
      <Button loading={busy === 'template'} onClick={() => void onTemplate()}>
        下载模板
      </Button>
      <Button onClick={() => setIsImportOpen(true)}>导入车辆</Button>
    </Space>
  ) : null;

  const waitingLetters = view.vehicles.filter(
    (vehicle) => vehicle.letterKind === 'hangingTag' && vehicle.taskId !== null,
  ).length;
  const sellable = view.vehicles.filter(
    (vehicle) => vehicle.state === 'listed' && vehicle.letterKind === null,
  ).length;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="车辆信息" extra={toolbar}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Summary view={view} />
          {view.appraisalReturnReason !== '' && view.resultConfirmedAt === null ? (
            <Alert
              type={view.appraisalSubmittedAt === null ? 'warning' : 'info'}
              showIcon
              title={
                view.appraisalSubmittedAt === null
                  ? `评估结果已退回评估机构重新评估，退回原因：${view.appraisalReturnReason}`
                  : `评估机构已重新提交评估结果；上次退回原因：${view.appraisalReturnReason}`
              }
            />
          ) : null}
          {can.assign ? <AssignBar view={view} onAssigned={refresh} /> : null}
          {can.confirm ? (
            <Alert
              type="info"
              showIcon
              title={`${dash(view.appraiserName)}已提交车辆评估结果，请核对后确认或退回评估机构。`}
              action={
                <Button
                  type="primary"
                  size="small"
                  onClick={() =>
                    void navigate(path('disposalResultConfirm', { projectId, taskId: view.taskId }))
                  }
                >
                  确认评估结果
                </Button>
              }
            />
          ) : null}
          {can.sign && waitingLetters > 0 ? (
            <Alert
              type="info"
              showIcon
              title={`${waitingLetters}辆车辆的机动车挂牌申请函待电子签章：可在下表逐辆签章，或批量签章。`}
              action={
                <Button
                  type="primary"
                  size="small"
                  onClick={() => void navigate(path('vehicleBatchEicSre', { projectId }))}
                >
                  批量签章
                </Button>
              }
            />
          ) : null}
          {can.deal ? (
            <Alert
              type="info"
              showIcon
              title={`${sellable}辆车辆挂牌中，可与具备资质的报废机动车回收拆解企业确认成交。`}
              action={
                <Button
                  type="primary"
                  size="small"
                  onClick={() => void navigate(path('vehicleDealConfirm', { projectId }))}
                >
                  成交确认
                </Button>
              }
            />
          ) : null}
          <Table<DisposalVehicle>
            size="small"
            rowKey="id"
            dataSource={view.vehicles}
            pagination={view.vehicles.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{
              emptyText: can.editVehicles ? '尚未登记车辆，请录入车辆或下载模板填写后导入' : '暂无车辆',
            }}
            {...fitColumns(columns)}
          />
        </Space>
      </Card>
      {view.reports.length > 0 || view.experts.length > 0 ? <AppraisalFiles view={view} /> : null}
      {view.receivings.length > 0 ? <Receivings receivings={view.receivings} /> : null}
      <VehicleImportDialog
        projectId={projectId}
        isOpen={isImportOpen}
        onClose={() => setIsImportOpen(false)}
        onImported={() => void refresh()}
      />
      <RevokeDialog
        vehicle={revoking}
        onCancel={() => setRevoking(null)}
        onRevoked={(vehicle) => onRevoked(vehicle)}
      />
    </Space>
  );
}
