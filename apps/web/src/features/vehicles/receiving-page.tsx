// 接收申请 (/index/disposalReceivingAon?projectId=&taskId=) and 车辆交割 (/index/vehicleDelivery?projectId=): the
// handover of a disposal's scrapped vehicles to the dismantler they were dealt to. The dismantler sees its licence
// (it receives only while the licence is in force; renewed on 机构信息), the vehicles dealt to it, and, while some
// wait, the receiving form (day, place, transport, the handler, an optional 交接单), checked by the domain's
// checkReceiving before it is sent. Receiving opens one dismantling record per vehicle, listed below with the step
// each is at. The owner and the exchange read the same handover.

import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { orDash } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { RECEIVING_FILE_TAG, VEHICLE_DISPOSAL_DATA_CLASS } from '@cqjy/domain/vehicle-disposal';
import { seesFullPlate, type DisposalVehicle } from '@cqjy/domain/vehicle-views';
import type { RecordRow, RecordStatus } from '@cqjy/domain/vehicle-records';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { fetchRelatedAttachments } from '../../api/attachments.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, fitColumns, PageLoading, PageNotFound } from '../../components/index.ts';
import { disposalQuery, licenceQuery, recordsQuery, vehicleKeys, type VehicleDisposalView } from './api.ts';
import { LicenceTag } from './licence-card.tsx';
import { vehicleColumns } from './vehicle-columns.tsx';
import { ReceivingCard, ReceivingForm } from './receiving-form.tsx';

export function ReceivingPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId') ?? params.get('id'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });

  if (projectId === null || disposal.isError) {
    return <PageNotFound />;
  }
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  return <ReceivingView key={disposal.data.version} view={disposal.data} />;
}

const RECORD_STATUS_COLORS: Record<RecordStatus, string> = {
  editing: 'processing',
  letterGenerated: 'gold',
  signed: 'success',
};

function ReceivingView({ view }: { view: VehicleDisposalView }) {
  const navigate = useNavigate();
  const isDismantler = view.role === 'dismantler';
  const licence = useQuery({ ...licenceQuery(), enabled: isDismantler });
  // the records exist once something was received; the public and the firm are not shown them
  const hasRecords = view.vehicles.some((vehicle) => vehicle.recordId !== null);
  const mayListRecords = view.role === 'dismantler' || view.role === 'owner' || view.role === 'exchange';
  const records = useQuery({ ...recordsQuery(view.projectId), enabled: mayListRecords && hasRecords });
  // the owner and the exchange see every vehicle of the disposal; the handover is of those dealt
  const vehicles = isDismantler ? view.vehicles : view.vehicles.filter((vehicle) => vehicle.buyerName !== '');
  const isLicenceValid = licence.data?.isValid === true;
  // the handover records (交接单) are files of the disposal the view does not list: read with its other files
  const handoverFiles = useQuery({
    queryKey: [...vehicleKeys.disposal(view.projectId), 'receivingFiles'],
    queryFn: () => fetchRelatedAttachments(VEHICLE_DISPOSAL_DATA_CLASS, String(view.projectId)),
    enabled: view.receivings.length > 0,
    select: (files) => files.filter((file) => file.tag === RECEIVING_FILE_TAG),
  });

  const vehicleTable = vehicleColumns([
    'no',
    'carNumber',
    'vin',
    'engineNo',
    'brandModel',
    'vehicleType',
    'dealPrice',
    'state',
    'certificateNo',
  ]);

  const recordColumns: TableColumnsType<RecordRow> = [
    { key: 'no', title: '序号', width: 64, render: (_value, _row, index) => index + 1 },
    { key: 'plate', title: '号牌号码', dataIndex: 'carNumberPublish', width: 110 },
    { key: 'brand', title: '品牌型号', dataIndex: 'brandModel' },
    { key: 'step', title: '当前步骤', dataIndex: 'stepTitle', width: 140 },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_value, row) => <Tag color={RECORD_STATUS_COLORS[row.status]}>{row.statusLabel}</Tag>,
    },
    {
      key: 'certificate',
      title: '回收证明编号',
      width: 170,
      render: (_value, row) => orDash(row.certificateNo),
    },
    {
      key: 'action',
      title: '操作',
      width: 80,
      render: (_value, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(stepPath('disposalBreakup', { id: row.id }, 'motorVehicle'))}
        >
          {isDismantler && row.status !== 'signed' ? '登记' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`${view.can.receive ? '接收申请' : '车辆交割'}：${view.projectName}`}
        extra={<CloseButton />}
      >
        <Descriptions
          bordered
          size="small"
          column={2}
          styles={{ label: { width: 150 } }}
          items={[
            { key: 'code', label: '项目编号', children: view.projectCode },
            { key: 'status', label: '项目状态', children: view.statusLabel },
            { key: 'owner', label: '车辆所有人', children: view.ownerName },
            { key: 'count', label: '成交车辆', children: `${vehicles.length}辆` },
          ]}
        />
      </Card>

      {isDismantler ? (
        <Card
          title="报废机动车回收拆解资质"
          loading={licence.isPending}
          extra={licence.data === undefined ? null : <LicenceTag licence={licence.data} />}
        >
          {licence.data === undefined ? null : (
            <>
              <Descriptions
                size="small"
                column={3}
                items={[
                  { key: 'no', label: '资质认定书编号', children: orDash(licence.data.licenceNo) },
                  { key: 'issuer', label: '发证机关', children: orDash(licence.data.issuer) },
                  {
                    key: 'validity',
                    label: '有效期',
                    children:
                      licence.data.validFrom === ''
                        ? '—'
                        : `${licence.data.validFrom} 至 ${licence.data.validTo}`,
                  },
                ]}
              />
              {isLicenceValid ? null : (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={
                    licence.data.licenceNo === ''
                      ? MSG.vehicleLicenceMissing
                      : `资质认定书不在有效期内（有效期至${licence.data.validTo}），不能接收报废机动车。`
                  }
                  action={
                    <Button size="small" onClick={() => void navigate('/index/company')}>
                      前往机构信息更新
                    </Button>
                  }
                />
              )}
            </>
          )}
        </Card>
      ) : null}

      <Card title={`${isDismantler ? '成交给贵单位的车辆' : '成交车辆'}（${vehicles.length}辆）`}>
        <Table<DisposalVehicle>
          size="small"
          rowKey="id"
          dataSource={vehicles}
          locale={{ emptyText: '暂无成交车辆' }}
          pagination={vehicles.length > 20 ? { pageSize: 20 } : false}
          {...fitColumns(vehicleTable, { textMinWidth: 140 })}
        />
        {/* the owner and the exchange read the plates in full */}
        {seesFullPlate(view.role) ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            号牌号码已隐去后四位，请以车辆识别代号、发动机号核对车辆。
          </Typography.Paragraph>
        )}
      </Card>

      {hasRecords && mayListRecords ? (
        <Card title="拆解记录" loading={records.isPending}>
          <Table<RecordRow>
            size="small"
            rowKey="id"
            dataSource={records.data ?? []}
            pagination={(records.data?.length ?? 0) > 20 ? { pageSize: 20 } : false}
            {...fitColumns(recordColumns, { textMinWidth: 140 })}
          />
        </Card>
      ) : null}
      {view.receivings.map((receiving) => (
        <ReceivingCard
          key={`${receiving.companyId}-${receiving.submittedAt}`}
          receiving={receiving}
          files={handoverFiles.data ?? []}
        />
      ))}

      {view.can.receive ? (
        <ReceivingForm
          view={view}
          isLicenceValid={isLicenceValid}
          isLicenceKnown={licence.data !== undefined}
        />
      ) : null}
    </Space>
  );
}
