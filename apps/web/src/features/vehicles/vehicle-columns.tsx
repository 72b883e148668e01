// The columns of a disposal's vehicles, shared by every page that lists them (the project's vehicle section, the
// firm's appraisal, the owner's confirmation, the exchange's deal, the dismantler's receiving, the public view):
// each page picks the columns its reader needs. The plate is as the server answered it (carNumber: in full to the
// owner and the exchange, masked to everyone else); a VIN the reader may not see comes empty and shows a dash.
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDate, formatThousands } from '@cqjy/domain/format';
import type { VehicleState } from '@cqjy/domain/vehicle-disposal';
import type { DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { moneyColumn } from '../../components/index.ts';

const STATE_COLORS: Record<VehicleState, string> = {
  registered: 'default',
  appraised: 'blue',
  confirmed: 'gold',
  listed: 'processing',
  withdrawn: 'default',
  dealt: 'cyan',
  received: 'purple',
  dismantled: 'success',
};

const dash = (text: string): string => (text.trim() === '' ? '—' : text);

/** The columns a page may show, in the order the table draws them. */
export type VehicleColumnKey =
  | 'no'
  | 'carNumber'
  | 'vin'
  | 'engineNo'
  | 'brandModel'
  | 'vehicleType'
  | 'registrationDate'
  | 'mileage'
  | 'condition'
  | 'appraisedValue'
  | 'listingPrice'
  | 'state'
  | 'buyerName'
  | 'dealPrice'
  | 'certificateNo';

const ALL: Record<VehicleColumnKey, TableColumnsType<DisposalVehicle>[number]> = {
  no: { key: 'no', title: '序号', width: 64, render: (_value, _row, index) => index + 1 },
  carNumber: { key: 'carNumber', title: '号牌号码', dataIndex: 'carNumber', width: 110 },
  vin: { key: 'vin', title: '车辆识别代号', dataIndex: 'vin', width: 190, render: dash },
  engineNo: { key: 'engineNo', title: '发动机号', dataIndex: 'engineNo', width: 120, render: dash },
  brandModel: { key: 'brandModel', title: '品牌型号', dataIndex: 'brandModel' },
  vehicleType: { key: 'vehicleType', title: '车辆类型', dataIndex: 'vehicleTypeLabel', width: 100 },
  registrationDate: {
    key: 'registrationDate',
    title: '初次登记日期',
    dataIndex: 'registrationDate',
    width: 120,
  },
  mileage: {
    key: 'mileage',
    title: '行驶里程（公里）',
    dataIndex: 'mileage',
    width: 130,
    align: 'right',
    render: (value: number) => formatThousands(value),
  },
  condition: { key: 'condition', title: '车辆状况', dataIndex: 'conditionLabel', width: 120 },
  appraisedValue: moneyColumn({ key: 'appraisedValue', title: '评估价值', fen: (row) => row.appraisedValue }),
  listingPrice: moneyColumn({ key: 'listingPrice', title: '挂牌价格', fen: (row) => row.listingPrice }),
  state: {
    key: 'state',
    title: '状态',
    width: 90,
    render: (_value, row) => <Tag color={STATE_COLORS[row.state]}>{row.stateLabel}</Tag>,
  },
  buyerName: { key: 'buyerName', title: '买受人', dataIndex: 'buyerName', render: dash },
  dealPrice: moneyColumn({ key: 'dealPrice', title: '成交价格', fen: (row) => row.dealPrice }),
  certificateNo: {
    key: 'certificateNo',
    title: '回收证明编号',
    width: 150,
    render: (_value, row) =>
      row.certificateNo === '' ? '—' : <span data-testid="certificate-no">{row.certificateNo}</span>,
  },
};

/** The vehicle columns of `keys`, in the table's order. */
export function vehicleColumns(keys: readonly VehicleColumnKey[]): TableColumnsType<DisposalVehicle> {
  return (Object.keys(ALL) as VehicleColumnKey[]).filter((key) => keys.includes(key)).map((key) => ALL[key]);
}

/** A vehicle's first registration and mileage, as one line of a description. */
export const vehicleAge = (vehicle: Pick<DisposalVehicle, 'registrationDate' | 'mileage'>): string =>
  `${formatDate(`${vehicle.registrationDate}T00:00:00+08:00`)}登记，行驶${formatThousands(vehicle.mileage)}公里`;
