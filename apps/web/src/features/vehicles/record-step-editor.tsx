// The step of a dismantling record being kept: its form (the entry with the recovery certificate, the breakup with
// its photos, the disintegration with the five main assemblies' destination and its photos), checked by the
// domain's checkRecordStep before it is verified, saved as typed, and prefilled from another vehicle of the same
// disposal already past the step (沿用上一辆车的信息: never its days, photos or certificate number).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Dropdown, Form, Input, Radio, Row, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate } from '@cqjy/domain/format';
import {
  ASSEMBLY_DESTINATIONS,
  ASSEMBLY_STATES,
  checkRecordStep,
  MAIN_ASSEMBLIES,
  RECORD_DATA_CLASS,
  RECORD_STEPS,
  RECORD_TEXT_MAX,
  type RecordStepData,
} from '@cqjy/domain/vehicle-records';
import { notify } from '../../lib/notify.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { DayPicker, FileUpload } from '../../components/index.ts';
import {
  backRecordStep,
  recordQuery,
  recordsQuery,
  updateRecord,
  verifyRecordStep,
  type DismantlingRecordView,
} from './api.ts';
import {
  PHOTO_TYPES,
  REMARK_MAX,
  ENTERPRISE_MAX,
  NOT_COPIED,
  isImage,
  photosOf,
  refreshAll,
} from './record-parts.ts';

/** The current step's form, its photos, and the moves between the steps. */
export function StepEditor({ record, index }: { record: DismantlingRecordView; index: number }) {
  const queryClient = useQueryClient();
  const step = RECORD_STEPS[index] ?? RECORD_STEPS[0];
  const [form] = Form.useForm<RecordStepData>();
  const [photos, setPhotos] = useState<AttachmentItem[]>(() => photosOf(record, step.key));
  const [isDirty, setIsDirty] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const { busy, run } = useBusy<'save' | 'verify' | 'back' | 'copy'>();
  const records = useQuery(recordsQuery(record.projectId));

  /** The step's values as the record keeps them (a missing-parts text only while parts are missing). */
  const valuesOf = (): RecordStepData => {
    const values = { ...(form.getFieldsValue(true) as RecordStepData) };
    if (step.key === 'entry' && values.assemblyState !== 'missing') delete values.missingParts;
    return values;
  };

  /** Saves the step when it was changed; the version the record is at. */
  const saveIfDirty = async (): Promise<number> => {
    if (!isDirty) return record.version;
    const saved = await updateRecord({
      id: record.id,
      version: record.version,
      step: step.key,
      data: valuesOf(),
    });
    return saved.version;
  };

  const onSave = (): Promise<void> =>
    run('save', async () => {
      await updateRecord({ id: record.id, version: record.version, step: step.key, data: valuesOf() });
      await refreshAll(queryClient);
    });

  const onVerify = async (): Promise<void> => {
    const found = checkRecordStep(step.key, valuesOf(), {
      receivedOn: record.receivedOn,
      today: formatDate(Date.now()),
      photoCount: photos.filter(isImage).length,
      data: record.data,
    });
    setMessages(found);
    if (found.length > 0) return;
    await run('verify', async () => {
      const version = await saveIfDirty();
      await verifyRecordStep({ id: record.id, version });
      await refreshAll(queryClient);
    });
  };

  const onBack = (): Promise<void> =>
    run('back', async () => {
      const version = await saveIfDirty();
      await backRecordStep({ id: record.id, version });
      await refreshAll(queryClient);
    });

  // the vehicles of the project whose record is past this step: their facts may serve this one
  // the vehicle just before this one first, then back through the list, then those after it
  const past = (records.data ?? []).filter(
    (row) => row.id !== record.id && (row.currentStep > index || row.status !== 'editing'),
  );
  const donors = [
    ...past.filter((row) => row.id < record.id).sort((a, b) => b.id - a.id),
    ...past.filter((row) => row.id > record.id).sort((a, b) => a.id - b.id),
  ];

  const copyFrom = (donorId: number): Promise<void> =>
    run('copy', async () => {
      const donor = await queryClient.fetchQuery(recordQuery(donorId));
      const source = donor.data[step.key] ?? {};
      const copied = Object.fromEntries(Object.entries(source).filter(([key]) => !NOT_COPIED.has(key)));
      form.setFieldsValue(copied);
      setIsDirty(true);
      setMessages([]);
      const still =
        step.key === 'entry' ? '日期和回收证明编号' : step.photoTag === null ? '日期' : '日期并上传照片';
      notify.success(
        `已沿用${donor.carNumberPublish}（${donor.brandModel}）的${step.title}信息，请核对后填写${still}`,
      );
    });

  return (
    <Card
      title={`${index + 1}. ${step.title}`}
      extra={
        donors.length === 0 ? null : (
          <Dropdown
            trigger={['click']}
            menu={{
              items: donors.map((row) => ({
                key: String(row.id),
                label: `${row.carNumberPublish}　${row.brandModel}`,
              })),
              onClick: ({ key }) => void copyFrom(Number(key)),
            }}
          >
            <Button loading={busy === 'copy'}>沿用上一辆车的信息</Button>
          </Dropdown>
        )
      }
    >
      <Form<RecordStepData>
        form={form}
        layout="vertical"
        style={{ maxWidth: 900 }}
        initialValues={record.data[step.key] ?? {}}
        onValuesChange={() => {
          setIsDirty(true);
          setMessages([]);
        }}
      >
        {step.key === 'entry' ? <EntryFields form={form} /> : null}
        {step.key === 'breakup' ? <BreakupFields /> : null}
        {step.key === 'disintegrate' ? <DisintegrateFields /> : null}
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
        {step.photoTag === null ? null : (
          <Form.Item
            label={step.key === 'breakup' ? '拆解照片' : '解体照片'}
            required
            extra="仅限 jpg、png 图片"
          >
            <FileUpload
              tag={step.photoTag}
              dataClass={RECORD_DATA_CLASS}
              dataId={String(record.id)}
              accept={PHOTO_TYPES}
              value={photos}
              onChange={(next) => {
                setPhotos(next);
                setMessages([]);
              }}
              buttonText="上传照片"
            />
          </Form.Item>
        )}
      </Form>
      {messages.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16, maxWidth: 900 }}
          title="本步骤尚不能校验通过："
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Space>
        {index > 0 ? (
          <Button loading={busy === 'back'} disabled={busy !== null} onClick={() => void onBack()}>
            上一步
          </Button>
        ) : null}
        <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void onSave()}>
          保存
        </Button>
        <Button
          type="primary"
          loading={busy === 'verify'}
          disabled={busy !== null}
          onClick={() => void onVerify()}
        >
          校验并进入下一步
        </Button>
      </Space>
    </Card>
  );
}

export function EntryFields({ form }: { form: FormInstance<RecordStepData> }) {
  const state = Form.useWatch<unknown>('assemblyState', form);
  return (
    <>
      <Form.Item name="entryDate" label="入场日期" required>
        <DayPicker aria-label="入场日期" />
      </Form.Item>
      <Form.Item
        name="assemblyState"
        label="总成状况"
        required
        extra="发动机、方向机、变速器、前后桥、车架五大总成是否齐全"
      >
        <Radio.Group
          options={ASSEMBLY_STATES.map((option) => ({ value: option.value, label: option.label }))}
        />
      </Form.Item>
      {state === 'missing' ? (
        <Form.Item name="missingParts" label="缺失部件" required>
          <Input maxLength={RECORD_TEXT_MAX} placeholder="如：发动机" />
        </Form.Item>
      ) : null}
      <Space size={16} style={{ display: 'flex' }} align="start" wrap>
        <Form.Item
          name="certificateNo"
          label="回收证明编号"
          required
          style={{ width: 320 }}
          extra="《报废机动车回收证明》上的编号"
          normalize={(value: unknown) =>
            typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : value
          }
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="certificateDate" label="回收证明出具日期" required>
          <DayPicker aria-label="回收证明出具日期" />
        </Form.Item>
      </Space>
    </>
  );
}

export function BreakupFields() {
  return (
    <>
      <Form.Item name="breakupDate" label="拆解日期" required>
        <DayPicker aria-label="拆解日期" />
      </Form.Item>
      <Form.Item name="fluids" label="废液回收情况" required>
        <Input.TextArea
          rows={2}
          maxLength={RECORD_TEXT_MAX}
          showCount
          placeholder="如：机油、冷却液、制动液已抽排并分类存放"
        />
      </Form.Item>
      <Form.Item name="refrigerant" label="制冷剂回收情况">
        <Input.TextArea
          rows={2}
          maxLength={RECORD_TEXT_MAX}
          showCount
          placeholder="如：空调制冷剂已用专用设备回收"
        />
      </Form.Item>
    </>
  );
}

export const DESTINATION_OPTIONS = ASSEMBLY_DESTINATIONS.map((option) => ({
  value: option.value,
  label: option.label,
}));

export function DisintegrateFields() {
  return (
    <>
      <Form.Item name="disintegrateDate" label="解体日期" required>
        <DayPicker aria-label="解体日期" />
      </Form.Item>
      {MAIN_ASSEMBLIES.map((assembly) => (
        <Row key={assembly.key} gutter={16}>
          <Col flex="260px">
            <Form.Item name={`${assembly.key}Destination`} label={`${assembly.label}去向`} required>
              <Select
                aria-label={`${assembly.label}去向`}
                options={DESTINATION_OPTIONS}
                placeholder="请选择"
              />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <Form.Item name={`${assembly.key}Enterprise`} label={`${assembly.label}接收企业`} required>
              <Input maxLength={ENTERPRISE_MAX} />
            </Form.Item>
          </Col>
        </Row>
      ))}
    </>
  );
}
