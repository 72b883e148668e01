// The dismantler's receiving application (接收申请) as a form, checked by the domain's checkReceiving before it is
// sent, from the day of the vehicles' deal on; and a receiving sent, as its card with the handover record (交接单).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatDateTime, orDash } from '@cqjy/domain/format';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { RECEIVING_FILE_TAG, VEHICLE_DISPOSAL_DATA_CLASS } from '@cqjy/domain/vehicle-disposal';
import { checkReceiving, RECEIVING_TEXT_MAX } from '@cqjy/domain/vehicle-parties';
import { type DisposalVehicle, type VehicleReceiving } from '@cqjy/domain/vehicle-views';
import { useBusy } from '../../lib/use-busy.ts';
import { clearErrorsOnChange, DayPicker, FileRow, FileUpload } from '../../components/index.ts';
import { submitReceiving, vehicleKeys, type VehicleDisposalView } from './api.ts';

export function ReceivingCard({
  receiving,
  files,
}: {
  receiving: VehicleReceiving;
  files: AttachmentItem[];
}) {
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
          { key: 'remark', label: '备注', children: orDash(receiving.remark), span: 2 },
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

export type ReceivingValues = {
  receiveDate?: string;
  place?: string;
  transport?: string;
  handler?: string;
  handlerMobile?: string;
  remark?: string;
};

/** Which field a refusal of checkReceiving is about: each message names its field. */
export function fieldOf(message: string): keyof ReceivingValues {
  if (message.includes('接收日期')) return 'receiveDate';
  if (message.includes('接收地点')) return 'place';
  if (message.includes('运输方式')) return 'transport';
  if (message.includes('经办人') && !message.includes('手机')) return 'handler';
  if (message.includes('备注')) return 'remark';
  return 'handlerMobile';
}

/** The day of the latest deal of these vehicles ('' when none was dealt), as the receiving's earliest day. */
export function dealDayOf(vehicles: readonly Pick<DisposalVehicle, 'dealtAt'>[]): string {
  return vehicles
    .map((vehicle) => (vehicle.dealtAt === null ? '' : formatDate(vehicle.dealtAt)))
    .reduce((latest, day) => (day > latest ? day : latest), '');
}

export function ReceivingForm({
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
