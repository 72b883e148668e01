// 接收申请 (/index/disposalReceivingAon?projectId=&taskId=) and 车辆交割 (/index/vehicleDelivery?projectId=): the
// handover of a disposal's scrapped vehicles to the dismantler they were dealt to. The dismantler sees its licence
// (it receives only while the licence is in force; renewed on 机构信息), the vehicles dealt to it, and, while some
// wait, the receiving form (day, place, transport, the handler, an optional 交接单), checked by the domain's
// checkReceiving before it is sent. Receiving opens one dismantling record per vehicle, listed below with the step
// each is at. The owner and the exchange read the same handover.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import {
  checkReceiving,
  RECEIVING_FILE_TAG,
  RECEIVING_TEXT_MAX,
  seesFullPlate,
  VEHICLE_DISPOSAL_DATA_CLASS,
  type DisposalVehicle,
  type VehicleReceiving,
} from '@cqjy/domain/vehicle-disposal';
import type { RecordRow, RecordStatus } from '@cqjy/domain/vehicle-records';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { fetchRelatedAttachments } from '../../api/attachments.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  clearErrorsOnChange,
  CloseButton,
  DayPicker,
  FileRow,
  FileUpload,
  fitColumns,
} from '../../components/index.ts';
import {
  disposalQuery,
  licenceQuery,
  recordsQuery,
  submitReceiving,
  vehicleKeys,
  type VehicleDisposalView,
} from './api.ts';
import { LicenceTag } from './licence-card.tsx';
import { vehicleColumns } from './vehicle-columns.tsx';

export function ReceivingPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId') ?? params.get('id'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });

  if (projectId === null || disposal.isError) {
    return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
  }
  if (disposal.data === undefined) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  return <ReceivingView key={disposal.data.version} view={disposal.data} />;
}

const textOf = (text: string): string => (text.trim() === '' ? '—' : text);

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
      render: (_value, row) => textOf(row.certificateNo),
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
                  { key: 'no', label: '资质认定书编号', children: textOf(licence.data.licenceNo) },
                  { key: 'issuer', label: '发证机关', children: textOf(licence.data.issuer) },
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

function ReceivingCard({ receiving, files }: { receiving: VehicleReceiving; files: AttachmentItem[] }) {
  return (
    <Card title={`接收记录（${receiving.vehicleCount}辆）`}>
      <Descriptions
        bordered
        size="small"
        column={2}
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'company', label: '接收单位', children: receiving.companyName },
          { key: 'date', label: '接收日期', children: receiving.receiveDate },
          { key: 'place', label: '接收地点', children: receiving.place },
          { key: 'transport', label: '运输方式', children: receiving.transport },
          { key: 'handler', label: '经办人', children: receiving.handler },
          { key: 'mobile', label: '经办人手机号', children: maskMobile(receiving.handlerMobile) },
          { key: 'remark', label: '备注', children: textOf(receiving.remark), span: 2 },
          { key: 'submitted', label: '提交时间', children: formatDateTime(receiving.submittedAt), span: 2 },
          {
            key: 'files',
            label: '交接单',
            span: 2,
            children: files.length === 0 ? '—' : files.map((file) => <FileRow key={file.uuid} item={file} />),
          },
        ]}
      />
    </Card>
  );
}

type ReceivingValues = {
  receiveDate?: string;
  place?: string;
  transport?: string;
  handler?: string;
  handlerMobile?: string;
  remark?: string;
};

/** Which field a refusal of checkReceiving is about: each message names its field. */
function fieldOf(message: string): keyof ReceivingValues {
  if (message.includes('接收日期')) return 'receiveDate';
  if (message.includes('接收地点')) return 'place';
  if (message.includes('运输方式')) return 'transport';
  if (message.includes('经办人') && !message.includes('手机')) return 'handler';
  if (message.includes('备注')) return 'remark';
  return 'handlerMobile';
}

/** The day of the latest deal of these vehicles ('' when none was dealt), as the receiving's earliest day. */
function dealDayOf(vehicles: readonly Pick<DisposalVehicle, 'dealtAt'>[]): string {
  return vehicles
    .map((vehicle) => (vehicle.dealtAt === null ? '' : formatDate(vehicle.dealtAt)))
    .reduce((latest, day) => (day > latest ? day : latest), '');
}

function ReceivingForm({
  view,
  isLicenceValid,
  isLicenceKnown,
}: {
  view: VehicleDisposalView;
  isLicenceValid: boolean;
  isLicenceKnown: boolean;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReceivingValues>();
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const { busy, run } = useBusy<'submit'>();
  const waiting = view.vehicles.filter((vehicle) => vehicle.state === 'dealt').length;

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    // not before the deal of the vehicles waiting (the server judges it again)
    const checked = checkReceiving(
      { projectId: view.projectId, version: view.version, ...values },
      dealDayOf(view.vehicles.filter((vehicle) => vehicle.state === 'dealt')),
    );
    if (checked.message !== null) {
      form.setFields([{ name: fieldOf(checked.message), errors: [checked.message] }]);
      return;
    }
    await run('submit', async () => {
      await submitReceiving({ projectId: view.projectId, version: view.version, ...checked.value });
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    });
  };

  return (
    <Card title={`提交接收申请（待接收${waiting}辆）`}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="提交后即接收上列全部待接收车辆，并为每辆车建立拆解记录，请逐车登记入场、拆解、解体信息。"
      />
      <Form<ReceivingValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="receiveDate" label="接收日期" required>
          <DayPicker aria-label="接收日期" />
        </Form.Item>
        <Form.Item name="place" label="接收地点" required>
          <Input maxLength={RECEIVING_TEXT_MAX} />
        </Form.Item>
        <Space size={16} style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="transport" label="运输方式" required style={{ width: 220 }}>
            <Input maxLength={RECEIVING_TEXT_MAX} placeholder="如：拖车运输" />
          </Form.Item>
          <Form.Item name="handler" label="经办人" required style={{ width: 200 }}>
            <Input maxLength={RECEIVING_TEXT_MAX} />
          </Form.Item>
          <Form.Item name="handlerMobile" label="经办人手机号" required style={{ width: 240 }}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} maxLength={RECEIVING_TEXT_MAX} showCount />
        </Form.Item>
        <Form.Item label="交接单" extra="选填：双方签字的车辆交接单">
          <FileUpload
            tag={RECEIVING_FILE_TAG}
            dataClass={VEHICLE_DISPOSAL_DATA_CLASS}
            dataId={String(view.projectId)}
            value={files}
            onChange={setFiles}
            buttonText="上传交接单"
          />
        </Form.Item>
        <Button
          type="primary"
          loading={busy === 'submit'}
          disabled={isLicenceKnown && !isLicenceValid}
          onClick={() => void submit()}
        >
          提交接收申请
        </Button>
      </Form>
    </Card>
  );
}
