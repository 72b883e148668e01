// The appraisal form's parts (车辆评估意见): its values as the firm types them (yuan, per vehicle id), read into
// what saveAppraisal sends (fen) by the domain's checkAppraisal with each refusal put on its field, and the
// vehicles' table: the plate as the firm may see it with the VIN, the facts, then the value and the opinion, typed
// while the appraisal is open and read once it is submitted.
import { Form, Input, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { fenToYuan, formatFen, orDash, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { APPRAISAL_OPINION_MAX, checkAppraisal } from '@cqjy/domain/vehicle-parties';
import type { DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { NumberInput } from '../../components/index.ts';
import { vehicleColumns } from './vehicle-columns.tsx';

export type RowValues = { value?: string; opinion?: string };
export type AppraisalValues = { appraisalBaseDate?: string; rows?: Record<string, RowValues> };
type FieldName = ['appraisalBaseDate'] | ['rows', string, keyof RowValues];
export type FieldErrors = { name: FieldName; errors: string[] }[];

export type AppraisalBody = {
  appraisalBaseDate: string;
  vehicles: { id: number; appraisedValue: number | null; appraisalOpinion: string }[];
};

/** The form's first values: each vehicle's value in yuan and its opinion, by the vehicle's id. */
export const rowsOf = (vehicles: readonly DisposalVehicle[]): Record<string, RowValues> =>
  Object.fromEntries(
    vehicles.map((vehicle) => [
      String(vehicle.id),
      {
        value: vehicle.appraisedValue === null ? '' : fenToYuan(vehicle.appraisedValue),
        opinion: vehicle.appraisalOpinion,
      },
    ]),
  );

/** The values as the call sends them (fen), or what the rules refuse, on its fields; `today` as 'YYYY-MM-DD'. */
export function readAppraisal(
  vehicles: readonly DisposalVehicle[],
  values: AppraisalValues,
  today: string,
): { body: AppraisalBody; errors: FieldErrors } {
  const errors: FieldErrors = [];
  const read = vehicles.map((vehicle) => {
    const row = values.rows?.[String(vehicle.id)] ?? {};
    const typed = (row.value ?? '').trim();
    const fen = typed === '' ? null : parseYuanToFen(typed);
    const checked = checkAppraisal({
      id: vehicle.id,
      // a value that is no amount is refused as the server would refuse it
      appraisedValue: typed !== '' && fen === null ? Number.NaN : fen,
      appraisalOpinion: row.opinion ?? '',
    });
    if (checked.message !== null) {
      const field: keyof RowValues =
        checked.message === MSG.vehicleAppraisedValueInvalid ? 'value' : 'opinion';
      errors.push({ name: ['rows', String(vehicle.id), field], errors: [checked.message] });
      return { id: vehicle.id, appraisedValue: null, appraisalOpinion: '' };
    }
    return { id: vehicle.id, appraisedValue: checked.value.value, appraisalOpinion: checked.value.opinion };
  });
  const appraisalBaseDate = values.appraisalBaseDate ?? '';
  if (appraisalBaseDate > today) {
    errors.push({ name: ['appraisalBaseDate'], errors: [MSG.vehicleAppraisalBaseDateFuture] });
  }
  return { body: { appraisalBaseDate, vehicles: read }, errors };
}

/** 车辆 column: the plate as the firm may see it (masked) with the VIN under it, which tells the vehicles apart. */
function plateColumn(): TableColumnsType<DisposalVehicle>[number] {
  return {
    key: 'vehicle',
    title: '号牌号码 / 车辆识别代号',
    width: 170,
    render: (_value, row) => (
      <Space orientation="vertical" size={0}>
        <span>{row.carNumber}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {orDash(row.vin)}
        </Typography.Text>
      </Space>
    ),
  };
}

const typedValueColumns: TableColumnsType<DisposalVehicle> = [
  {
    key: 'appraisedValue',
    title: '评估价值（元）',
    width: 150,
    render: (_value, row, index) => (
      <Form.Item name={['rows', String(row.id), 'value']} style={{ marginBottom: 0 }}>
        <NumberInput aria-label={`评估价值（元）第${index + 1}辆`} placeholder="请输入金额" />
      </Form.Item>
    ),
  },
  {
    key: 'appraisalOpinion',
    title: '评估意见',
    minWidth: 200,
    render: (_value, row, index) => (
      <Form.Item name={['rows', String(row.id), 'opinion']} style={{ marginBottom: 0 }}>
        <Input.TextArea
          aria-label={`评估意见第${index + 1}辆`}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={APPRAISAL_OPINION_MAX}
          placeholder="请输入评估意见"
        />
      </Form.Item>
    ),
  },
];

const readValueColumns: TableColumnsType<DisposalVehicle> = [
  {
    key: 'appraisedValue',
    title: '评估价值（元）',
    width: 130,
    align: 'right',
    render: (_value, row) => (row.appraisedValue === null ? '—' : formatFen(row.appraisedValue)),
  },
  {
    key: 'appraisalOpinion',
    title: '评估意见',
    minWidth: 200,
    render: (_value, row) => orDash(row.appraisalOpinion),
  },
];

/** The vehicles' table of the appraisal: the values typed while it is editable, read after. */
export function appraisalColumns(isEditable: boolean): TableColumnsType<DisposalVehicle> {
  return [
    ...vehicleColumns(['no']),
    plateColumn(),
    ...vehicleColumns(['brandModel', 'vehicleType', 'registrationDate', 'mileage', 'condition']),
    ...(isEditable ? typedValueColumns : readValueColumns),
  ];
}
