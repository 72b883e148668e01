// 交付信息 (/index/smallDelivery?id=projectId): the handover of a dealt batch. Everyone who reaches it sees the
// buyer and price, the lots, the pick-up and the receipt as they stand. The seller's side records the pick-up (the
// day, place, who took the goods, photos of it) and may correct it until the goods are signed for; the winning
// member signs for its buyer, or, for a buyer off the portal, the seller uploads the receipt signed on paper and
// confirms it. The forms are checked by the domain's rules first, with the server's words on the field at fault.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatDateTime, formatFen, orDash } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  DELIVERY_DATA_CLASS,
  DELIVERY_PHOTO_TAG,
  DELIVERY_PHOTO_TYPES,
  DELIVERY_PHOTOS_MAX,
  DELIVERY_RECEIPT_TAG,
  ZDeliveryPickupForm,
  type Delivery,
  type DeliveryLot,
  type DeliveryStatus,
} from '@cqjy/domain/projects/delivery';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  clearErrorsOnChange,
  CloseButton,
  CountedTextArea,
  DayPicker,
  fieldErrorsOf,
  FileRow,
  FileUpload,
  PageLoading,
  PageNotFound,
} from '../../components/index.ts';
import { confirmReceipt, deliveryKey, deliveryQuery, recordPickup } from './api.ts';

export function DeliveryPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const delivery = useQuery({ ...deliveryQuery(id ?? 0), enabled: id !== null });

  if (id === null || delivery.isError) {
    return <PageNotFound />;
  }
  if (delivery.data === undefined) {
    return <PageLoading />;
  }
  return <DeliveryView key={delivery.data.version} delivery={delivery.data} />;
}

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  awaitingPickup: 'default',
  awaitingReceipt: 'processing',
  received: 'success',
};

const timeOf = (iso: string | null): string => (iso === null ? '—' : formatDateTime(iso));

const LOT_COLUMNS = [
  { title: '标的名称', dataIndex: 'name' },
  { title: '标的类别', dataIndex: 'category' },
  { title: '规格型号', dataIndex: 'model', render: orDash },
  {
    title: '数量',
    key: 'quantity',
    render: (_: unknown, lot: DeliveryLot) => `${lot.quantity}${lot.unit}`,
  },
  { title: '存放地点', dataIndex: 'location' },
];

type PickupValues = { pickupDate?: string; place?: string; pickedUpBy?: string; remark?: string };

function DeliveryView({ delivery }: { delivery: Delivery }) {
  const queryClient = useQueryClient();
  const refresh = (): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: deliveryKey(delivery.projectId) });
  const record = { dataClass: DELIVERY_DATA_CLASS, dataId: String(delivery.projectId) };
  const [photos, setPhotos] = useState<AttachmentItem[]>(delivery.photos);
  const [receipts, setReceipts] = useState<AttachmentItem[]>(delivery.receipts);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`交付信息：${delivery.projectName}`}
        extra={
          <Space>
            <Tag color={STATUS_COLORS[delivery.status]} data-testid="delivery-status">
              {delivery.statusLabel}
            </Tag>
            <CloseButton />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
          <Descriptions.Item label="项目编号">{orDash(delivery.projectCode)}</Descriptions.Item>
          <Descriptions.Item label="成交价">
            {delivery.dealPrice === null ? '—' : `${formatFen(delivery.dealPrice)}元`}
          </Descriptions.Item>
          <Descriptions.Item label="受让方">{orDash(delivery.buyerName)}</Descriptions.Item>
          <Descriptions.Item label="签收方式">
            {delivery.isBuyerOnPortal ? '竞得会员在线确认签收' : '处置方上传受让方签字的签收单'}
          </Descriptions.Item>
          <Descriptions.Item label="提货日期">
            {delivery.pickupDate === null ? '—' : formatDate(delivery.pickupDate)}
          </Descriptions.Item>
          <Descriptions.Item label="提货地点">{orDash(delivery.place)}</Descriptions.Item>
          <Descriptions.Item label="提货人">{orDash(delivery.pickedUpBy)}</Descriptions.Item>
          <Descriptions.Item label="登记时间">{timeOf(delivery.recordedAt)}</Descriptions.Item>
          <Descriptions.Item label="提货说明" span={2}>
            {orDash(delivery.remark)}
          </Descriptions.Item>
          <Descriptions.Item label="签收时间">{timeOf(delivery.receivedAt)}</Descriptions.Item>
          <Descriptions.Item label="签收单位">{orDash(delivery.receivedByName)}</Descriptions.Item>
          <Descriptions.Item label="签收说明" span={2}>
            {orDash(delivery.receiptRemark)}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={`标的清单（${delivery.lots.length}项）`}>
        <Table<DeliveryLot>
          size="small"
          rowKey={(lot) => `${lot.name}|${lot.model}|${lot.location}`}
          columns={LOT_COLUMNS}
          dataSource={delivery.lots}
          pagination={delivery.lots.length > 20 ? { pageSize: 20 } : false}
        />
      </Card>

      {delivery.canRecordPickup ? (
        <PickupCard
          delivery={delivery}
          photos={photos}
          onPhotos={setPhotos}
          record={record}
          onSaved={refresh}
        />
      ) : (
        <Card title="提货现场照片">
          {delivery.photos.length === 0
            ? '—'
            : delivery.photos.map((file) => <FileRow key={file.uuid} item={file} />)}
        </Card>
      )}

      {delivery.canConfirmReceipt ? (
        <ReceiptCard
          delivery={delivery}
          receipts={receipts}
          onReceipts={setReceipts}
          record={record}
          onSaved={refresh}
        />
      ) : delivery.receipts.length > 0 ? (
        <Card title="签收单">
          {delivery.receipts.map((file) => (
            <FileRow key={file.uuid} item={file} />
          ))}
        </Card>
      ) : null}
    </Space>
  );
}

type FilesProps = {
  delivery: Delivery;
  record: { dataClass: string; dataId: string };
  onSaved: () => Promise<void>;
};

/** 登记提货: the seller's record of the pick-up, again as a correction until the receipt. */
function PickupCard({
  delivery,
  photos,
  onPhotos,
  record,
  onSaved,
}: FilesProps & { photos: AttachmentItem[]; onPhotos: (files: AttachmentItem[]) => void }) {
  const [form] = Form.useForm<PickupValues>();
  const { busy, run } = useBusy<'save'>();
  const isCorrection = delivery.status === 'awaitingReceipt';

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    const checked = ZDeliveryPickupForm.safeParse({
      projectId: delivery.projectId,
      version: delivery.version,
      pickupDate: values.pickupDate ?? '',
      place: values.place ?? '',
      pickedUpBy: values.pickedUpBy ?? '',
      remark: values.remark ?? '',
    });
    if (!checked.success) {
      form.setFields(
        fieldErrorsOf<PickupValues>(checked.error.issues, ['pickupDate', 'place', 'pickedUpBy', 'remark']),
      );
      return;
    }
    if (photos.length === 0) {
      notify.warning(MSG.deliveryPhotosRequired);
      return;
    }
    await run('save', async () => {
      await recordPickup(checked.data);
      await onSaved();
    });
  };

  return (
    <Card title={isCorrection ? '更正提货信息' : '登记提货信息'}>
      {isCorrection ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="提货信息已登记，等待受让方签收；签收前可以更正。"
        />
      ) : null}
      <Form<PickupValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          pickupDate: delivery.pickupDate ?? '',
          place: delivery.place,
          pickedUpBy: delivery.pickedUpBy,
          remark: delivery.remark,
        }}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="pickupDate" label="提货日期" required>
          <DayPicker aria-label="提货日期" />
        </Form.Item>
        <Form.Item name="place" label="提货地点" required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="pickedUpBy" label="提货人" required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="remark" label="提货说明">
          <CountedTextArea max={500} rows={3} />
        </Form.Item>
        <Form.Item label="提货现场照片" required>
          <FileUpload
            tag={DELIVERY_PHOTO_TAG}
            {...record}
            value={photos}
            onChange={onPhotos}
            accept={DELIVERY_PHOTO_TYPES}
            maxCount={DELIVERY_PHOTOS_MAX}
            buttonText="上传照片"
          />
        </Form.Item>
        <Button type="primary" loading={busy === 'save'} onClick={() => void submit()}>
          {isCorrection ? '保存更正' : '登记提货'}
        </Button>
      </Form>
    </Card>
  );
}

/** 确认签收: by the winning member, or by the seller with the paper receipt of a buyer off the portal. */
function ReceiptCard({
  delivery,
  receipts,
  onReceipts,
  onSaved,
  record,
}: FilesProps & { receipts: AttachmentItem[]; onReceipts: (files: AttachmentItem[]) => void }) {
  const [remark, setRemark] = useState('');
  const { busy, run } = useBusy<'sign'>();

  const submit = async (): Promise<void> => {
    if (!delivery.isBuyerOnPortal && receipts.length === 0) {
      notify.warning(MSG.deliveryReceiptFileRequired);
      return;
    }
    const isConfirmed = await notify.confirm({
      title: '确认签收',
      content: `确认受让方已收到“${delivery.projectName}”的全部${delivery.lots.length}项标的？签收后标的转为已交割，不能再更改。`,
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('sign', async () => {
      await confirmReceipt({ projectId: delivery.projectId, version: delivery.version, remark });
      await onSaved();
    });
  };

  return (
    <Card title="受让方签收">
      <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 720 }}>
        {delivery.isBuyerOnPortal ? (
          <Alert type="info" showIcon title="请核对提货信息与现场照片，确认受让方已收到全部标的后签收。" />
        ) : (
          <>
            <Alert type="info" showIcon title={MSG.deliveryReceiptFileRequired} />
            <FileUpload
              tag={DELIVERY_RECEIPT_TAG}
              {...record}
              value={receipts}
              onChange={onReceipts}
              buttonText="上传签收单"
            />
          </>
        )}
        <CountedTextArea
          aria-label="签收说明"
          placeholder="签收说明（选填）"
          max={500}
          rows={3}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
        <Button type="primary" loading={busy === 'sign'} onClick={() => void submit()}>
          确认签收
        </Button>
      </Space>
    </Card>
  );
}
