// 车辆信息录入 (/index/vehicleInfoAon?projectId=) and 车辆信息修改 (/index/vehicleInfoEdit?id=): one vehicle of a draft
// disposal. The form is checked by the domain's rule (checkVehicle: the plate of GA 36, the VIN's check digit, the
// engine number, the first registration not after today ...) before anything is sent, each refusal under its field;
// a new vehicle, once saved, opens as its edit page, where its photos and its registration certificate
// (机动车登记证书) are uploaded as its files. Once the application is submitted (or the vehicle moved on) the page
// shows the vehicle read-only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Radio, Result, Select, Space, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatThousands } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { countChars } from '@cqjy/domain/validation/return-reason';
import {
  BRAND_MODEL_MAX,
  checkVehicle,
  DISPOSAL_ITEM_DATA_CLASS,
  ENGINE_NO_MAX,
  REGISTRATION_CERTIFICATE_TAG,
  VEHICLE_CONDITIONS,
  VEHICLE_PHOTO_TAG,
  VEHICLE_REMARK_MAX,
  VEHICLE_TYPES,
  type VehicleFacts,
} from '@cqjy/domain/vehicle-disposal';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  clearErrorsOnChange,
  CloseButton,
  DayPicker,
  fieldErrorsOf,
  FileRow,
  FileUpload,
  NumberInput,
  PageLoading,
  PageNotFound,
} from '../../components/index.ts';
import { ProjectNeeded } from '../workflow/index.ts';
import {
  disposalQuery,
  saveVehicle,
  updateVehicle,
  vehicleKeys,
  vehicleQuery,
  type VehicleDetail,
} from './api.ts';

const FAMILY = 'motorVehicle';
const PHOTO_TYPES = ['png', 'jpg', 'jpeg'] as const;

/** The form as typed: every field text (the mileage too, NumberInput's), read by checkVehicle. */
type VehicleValues = {
  carNumber?: string;
  vin?: string;
  engineNo?: string;
  brandModel?: string;
  vehicleType?: string;
  registrationDate?: string;
  mileage?: string;
  condition?: string;
  remark?: string;
};

const FIELDS = [
  'carNumber',
  'vin',
  'engineNo',
  'brandModel',
  'vehicleType',
  'registrationDate',
  'mileage',
  'condition',
  'remark',
] as const satisfies readonly (keyof VehicleValues)[];

const projectPath = (projectId: number): string => stepPath('vehicleShowProject', { id: projectId }, FAMILY);

export function VehicleInfoPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const queryProjectId = readQueryId(params.get('projectId'));
  const vehicle = useQuery({ ...vehicleQuery(id ?? 0), enabled: id !== null });
  const projectId = id === null ? queryProjectId : (vehicle.data?.projectId ?? null);
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });

  if (id === null && queryProjectId === null) {
    return <ProjectNeeded />;
  }
  if (vehicle.isError || disposal.isError) {
    return <PageNotFound />;
  }
  if (projectId === null || disposal.data === undefined || (id !== null && vehicle.data === undefined)) {
    return <PageLoading />;
  }
  const detail = id === null ? null : (vehicle.data ?? null);
  const isEditable = disposal.data.can.editVehicles && (detail === null || detail.state === 'registered');
  if (!isEditable) {
    return detail === null ? (
      <Result
        status="info"
        title={MSG.vehicleNotEditable}
        extra={
          <CloseButton type="primary" to={projectPath(projectId)}>
            返回项目
          </CloseButton>
        }
      />
    ) : (
      <VehicleReadOnly detail={detail} />
    );
  }
  return (
    <VehicleForm
      key={detail === null ? 'new' : `${detail.id}-${detail.version}`}
      projectId={projectId}
      projectName={disposal.data.projectName}
      detail={detail}
    />
  );
}

const valuesOf = (detail: VehicleDetail | null): VehicleValues =>
  detail === null
    ? {}
    : {
        carNumber: detail.carNumber,
        vin: detail.vin,
        engineNo: detail.engineNo,
        brandModel: detail.brandModel,
        vehicleType: detail.vehicleType,
        registrationDate: detail.registrationDate,
        mileage: String(detail.mileage),
        condition: detail.condition,
        remark: detail.remark,
      };

const filesOf = (detail: VehicleDetail | null, tag: string): AttachmentItem[] =>
  detail === null ? [] : detail.files.filter((file) => file.tag === tag);

function VehicleForm({
  projectId,
  projectName,
  detail,
}: {
  projectId: number;
  projectName: string;
  detail: VehicleDetail | null;
}) {
  const [form] = Form.useForm<VehicleValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy<'save'>();
  const [isDirty, setIsDirty] = useState(false);
  const [photos, setPhotos] = useState<AttachmentItem[]>(filesOf(detail, VEHICLE_PHOTO_TAG));
  const [certificates, setCertificates] = useState<AttachmentItem[]>(
    filesOf(detail, REGISTRATION_CERTIFICATE_TAG),
  );

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    const mileage = (values.mileage ?? '').trim();
    const checked = checkVehicle(
      { ...values, mileage: mileage === '' ? undefined : Number(mileage) },
      formatDate(new Date()),
    );
    if (checked.value === null) {
      form.setFields(
        fieldErrorsOf<VehicleValues>(
          checked.errors.map((error) => ({ path: [error.field], message: error.message })),
          FIELDS,
        ),
      );
      return;
    }
    const facts: VehicleFacts = checked.value;
    await run('save', async () => {
      try {
        if (detail === null) {
          const saved = await saveVehicle({ projectId, ...facts });
          setIsDirty(false);
          await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
          void navigate(stepPath('vehicleInfoEdit', { id: saved.id }, FAMILY), { replace: true });
          return;
        }
        await updateVehicle(detail.id, { version: detail.version, ...facts });
        setIsDirty(false);
      } finally {
        // a refusal may mean the application moved on meanwhile: the page shows what may be done now
        await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      }
    });
  };

  const record = { dataClass: DISPOSAL_ITEM_DATA_CLASS, dataId: String(detail?.id ?? '') };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={detail === null ? `录入车辆：${projectName}` : `修改车辆信息：${projectName}`}
        extra={
          <Space>
            {detail !== null ? (
              <Button onClick={() => void navigate(stepPath('vehicleInfoAon', { projectId }, FAMILY))}>
                继续录入下一辆
              </Button>
            ) : null}
            <CloseButton to={projectPath(projectId)} isDirty={isDirty}>
              返回项目
            </CloseButton>
          </Space>
        }
      >
        <Form<VehicleValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '150px' }}
          wrapperCol={{ flex: 'auto' }}
          style={{ maxWidth: 760 }}
          initialValues={valuesOf(detail)}
          onValuesChange={(changed: Partial<VehicleValues>) => {
            setIsDirty(true);
            clearErrorsOnChange(form)(changed);
          }}
        >
          <Form.Item name="carNumber" label="号牌号码" required extra="如：京A12345、京AD12345">
            <Input maxLength={10} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="vin" label="车辆识别代号" required extra="17位，不含字母I、O、Q">
            <Input maxLength={17} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="engineNo" label="发动机号" required>
            <Input maxLength={ENGINE_NO_MAX} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="brandModel" label="品牌型号" required>
            <Input maxLength={BRAND_MODEL_MAX} />
          </Form.Item>
          <Form.Item name="vehicleType" label="车辆类型" required>
            <Select
              aria-label="车辆类型"
              placeholder="请选择"
              style={{ width: 280 }}
              options={VEHICLE_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            />
          </Form.Item>
          <Form.Item name="registrationDate" label="初次登记日期" required>
            <DayPicker aria-label="初次登记日期" />
          </Form.Item>
          <Form.Item name="mileage" label="行驶里程（公里）" required>
            <NumberInput integerDigits={7} decimalDigits={0} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="condition" label="车辆状况" required>
            <Radio.Group
              options={VEHICLE_CONDITIONS.map((condition) => ({
                value: condition.value,
                label: condition.label,
              }))}
            />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} count={{ show: true, max: VEHICLE_REMARK_MAX, strategy: countChars }} />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" loading={busy === 'save'} onClick={() => void submit()}>
              保存
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="车辆照片与登记证书">
        {detail === null ? (
          <Alert type="info" showIcon title="保存车辆信息后，可上传车辆照片和机动车登记证书。" />
        ) : (
          <Form layout="horizontal" labelCol={{ flex: '150px' }} style={{ maxWidth: 760 }}>
            <Form.Item label="车辆照片" extra="png、jpg格式">
              <FileUpload
                tag={VEHICLE_PHOTO_TAG}
                {...record}
                accept={PHOTO_TYPES}
                value={photos}
                onChange={setPhotos}
                buttonText="上传照片"
              />
            </Form.Item>
            <Form.Item label="机动车登记证书">
              <FileUpload
                tag={REGISTRATION_CERTIFICATE_TAG}
                {...record}
                value={certificates}
                onChange={setCertificates}
                buttonText="上传登记证书"
              />
            </Form.Item>
          </Form>
        )}
      </Card>
    </Space>
  );
}

function FileList({ files }: { files: AttachmentItem[] }) {
  return files.length === 0 ? '—' : files.map((file) => <FileRow key={file.uuid} item={file} />);
}

/** A vehicle that may no longer change: its facts and files as stored. */
function VehicleReadOnly({ detail }: { detail: VehicleDetail }) {
  const dash = (text: string): string => (text.trim() === '' ? '—' : text);
  return (
    <Card
      title={
        <Space>
          车辆信息
          <Tag>{detail.stateLabel}</Tag>
        </Space>
      }
      extra={<CloseButton to={projectPath(detail.projectId)}>返回项目</CloseButton>}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {detail.state === 'registered' ? <Alert type="info" showIcon title={MSG.vehicleNotEditable} /> : null}
        <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
          <Descriptions.Item label="号牌号码">{detail.carNumber}</Descriptions.Item>
          <Descriptions.Item label="车辆识别代号">{dash(detail.vin)}</Descriptions.Item>
          <Descriptions.Item label="发动机号">{dash(detail.engineNo)}</Descriptions.Item>
          <Descriptions.Item label="品牌型号">{detail.brandModel}</Descriptions.Item>
          <Descriptions.Item label="车辆类型">{detail.vehicleTypeLabel}</Descriptions.Item>
          <Descriptions.Item label="初次登记日期">{detail.registrationDate}</Descriptions.Item>
          <Descriptions.Item label="行驶里程（公里）">{formatThousands(detail.mileage)}</Descriptions.Item>
          <Descriptions.Item label="车辆状况">{detail.conditionLabel}</Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {dash(detail.remark)}
          </Descriptions.Item>
          <Descriptions.Item label="车辆照片" span={2}>
            <FileList files={filesOf(detail, VEHICLE_PHOTO_TAG)} />
          </Descriptions.Item>
          <Descriptions.Item label="机动车登记证书" span={2}>
            <FileList files={filesOf(detail, REGISTRATION_CERTIFICATE_TAG)} />
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
