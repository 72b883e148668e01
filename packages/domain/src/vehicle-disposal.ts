// The vehicles of a disposal (机动车处置; spec 001 sections 2, 3 and 7; issue 32) and what happens to each: the
// applicant lists them (one by one, or imported from the template), the exchange approves the application and
// assigns an assessment institution, which values each vehicle and gives its opinion (with experts' opinions where
// it asked for them); the owner confirms the result, each vehicle's listing letter (挂牌申请函) is e-signed, alone or
// many at once, and the vehicle is listed. The exchange confirms the deal with a qualified dismantler (报废机动车回收
// 拆解企业, State Council order 715: only such a company may take scrapped vehicles), which applies to receive them
// and keeps a dismantling record per vehicle (vehicle-records.ts) until the project closes. What the parties enter
// (the appraisal, the deal, the receiving, the licence): vehicle-parties.ts; what the calls answer: vehicle-views.ts.
//
// A vehicle moves:
//   registered -> appraised (the firm's values submitted) -> confirmed (the owner agreed; its listing letter waits)
//   -> listed (the letter signed) -> dealt (the deal confirmed) -> received (the dismantler took it over)
//   -> dismantled (its record signed, with the recovery certificate's number)
//   listed -> withdrawn (the owner's signed revocation, 撤销挂牌)
//   appraised -> registered (the owner sent the result back to the firm, with a reason)
// The plate is shown masked (its last four hidden, carNumberPublish) to everyone but the owner and the exchange.
import { z } from 'zod';
import { formatFen, formatMessage } from './format.ts';
import { fillIn, MSG, pleaseSelect } from './messages.ts';
import {
  checkSheetRow,
  textColumn,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
} from './projects/sheets.ts';
import { countChars } from './validation/return-reason.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { isValidPlate, isValidVin, normalizePlate, normalizeVin } from './vehicles.ts';
import { trimmedText } from './validation/trimmed-text.ts';

export const VEHICLE_STATES = [
  'registered',
  'appraised',
  'confirmed',
  'listed',
  'withdrawn',
  'dealt',
  'received',
  'dismantled',
] as const;
export type VehicleState = (typeof VEHICLE_STATES)[number];

export const VEHICLE_STATE_LABELS: Record<VehicleState, string> = {
  registered: '已登记',
  appraised: '已评估',
  confirmed: '待挂牌',
  listed: '挂牌中',
  withdrawn: '已撤牌',
  dealt: '已成交',
  received: '已接收',
  dismantled: '已拆解',
};

/** The states a vehicle ends in: the project closes once every vehicle is in one, at least one dismantled. */
export const VEHICLE_FINAL_STATES: readonly VehicleState[] = ['withdrawn', 'dismantled'];

/** What the vehicles' files are filed under (dataClass; dataId is the vehicle's id). */
export const DISPOSAL_ITEM_DATA_CLASS = 'disposalItem';
/** the vehicle's photos */
export const VEHICLE_PHOTO_TAG = 'vehiclePhotos';
/** 机动车登记证书 */
export const REGISTRATION_CERTIFICATE_TAG = 'registrationCertificate';
/** the vehicle's letter waiting for its signature, and the signed copies of its listing and revocation */
export const VEHICLE_LETTER_TAG = 'vehicleLetter';
export const HANGING_TAG_LETTER_TAG = 'hangingTagLetter';
export const REVOKE_LETTER_TAG = 'revokeLetter';

/** What a disposal's own files are filed under (dataClass 'vehicleDisposal', dataId the project's id). */
export const VEHICLE_DISPOSAL_DATA_CLASS = 'vehicleDisposal';
/** the assessment institution's report */
export const VEHICLE_APPRAISAL_REPORT_TAG = 'vehicleAppraisalReport';
/** an expert's signed opinion, a file of its row (dataClass disposalExpert, dataId the opinion's id) */
export const EXPERT_OPINION_TAG = 'expertOpinion';
export const DISPOSAL_EXPERT_DATA_CLASS = 'disposalExpert';
/** the dismantler's handover record (交接单) of its receiving application */
export const RECEIVING_FILE_TAG = 'receivingFile';

export const VEHICLE_TYPES = [
  { value: 'car', label: '小型汽车' },
  { value: 'bus', label: '大中型客车' },
  { value: 'truck', label: '货车' },
  { value: 'special', label: '专项作业车' },
  { value: 'motorcycle', label: '摩托车' },
  { value: 'other', label: '其他' },
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number]['value'];

export const VEHICLE_CONDITIONS = [
  { value: 'scrapped', label: '已达报废标准' },
  { value: 'damaged', label: '事故或严重损坏' },
  { value: 'usable', label: '可正常行驶' },
] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number]['value'];

export const ENGINE_NO_MIN = 4;
export const ENGINE_NO_MAX = 30;
const ENGINE_NO = new RegExp(`^[A-Z0-9-]{${ENGINE_NO_MIN},${ENGINE_NO_MAX}}$`);
export const BRAND_MODEL_MAX = 50;
export const VEHICLE_REMARK_MAX = 200;
export const MILEAGE_MAX = 9_999_999;
/** the most vehicles one disposal lists (one import, one batch signature of 200 is the bench's) */
export const DISPOSAL_VEHICLES_MAX = 1000;

const labelOf = <V extends string>(options: readonly { value: V; label: string }[], value: string): string =>
  options.find((option) => option.value === value)?.label ?? value;

export const vehicleTypeLabel = (value: string): string => labelOf(VEHICLE_TYPES, value);
export const vehicleConditionLabel = (value: string): string => labelOf(VEHICLE_CONDITIONS, value);

/** An engine number as people type it: trimmed, without spaces, upper-cased. */
export function normalizeEngineNo(text: string): string {
  return text.replace(/\s/g, '').toUpperCase();
}

/** A vehicle as it is entered or imported; every field as typed (checkVehicle says what is wrong). */
export const ZVehicleInput = z.object({
  carNumber: z.unknown().optional(),
  vin: z.unknown().optional(),
  engineNo: z.unknown().optional(),
  brandModel: z.unknown().optional(),
  vehicleType: z.unknown().optional(),
  registrationDate: z.unknown().optional(),
  mileage: z.unknown().optional(),
  condition: z.unknown().optional(),
  remark: z.unknown().optional(),
});
export type VehicleInput = z.infer<typeof ZVehicleInput>;

/** A vehicle's facts as stored: plate, VIN and engine number normalized, mileage in kilometres. */
export type VehicleFacts = {
  carNumber: string;
  vin: string;
  engineNo: string;
  brandModel: string;
  vehicleType: VehicleType;
  registrationDate: string;
  mileage: number;
  condition: VehicleCondition;
  remark: string;
};

type FieldError = { field: keyof VehicleFacts; message: string };

/**
 * Checks a vehicle on `today` ('YYYY-MM-DD', +08:00): a plate of GA 36, a VIN of GB 16735 with its check digit, an
 * engine number, the brand and model, a type and a condition of the lists, a first registration not after today,
 * the mileage in whole kilometres; every failing field, in the form's order.
 */
export function checkVehicle(
  input: VehicleInput,
  today: string,
): { errors: FieldError[]; value: VehicleFacts | null } {
  const errors: FieldError[] = [];
  const carNumber = normalizePlate(trimmedText(input.carNumber));
  if (carNumber === '') errors.push({ field: 'carNumber', message: fillIn('号牌号码') });
  else if (!isValidPlate(carNumber)) errors.push({ field: 'carNumber', message: MSG.vehiclePlateInvalid });
  const vin = normalizeVin(trimmedText(input.vin));
  if (vin === '') errors.push({ field: 'vin', message: fillIn('车辆识别代号') });
  else if (!isValidVin(vin)) errors.push({ field: 'vin', message: MSG.vehicleVinInvalid });
  const engineNo = normalizeEngineNo(trimmedText(input.engineNo));
  if (engineNo === '') errors.push({ field: 'engineNo', message: fillIn('发动机号') });
  else if (!ENGINE_NO.test(engineNo)) errors.push({ field: 'engineNo', message: MSG.vehicleEngineNoInvalid });
  const brandModel = trimmedText(input.brandModel);
  if (brandModel === '') errors.push({ field: 'brandModel', message: fillIn('品牌型号') });
  else if (countChars(brandModel) > BRAND_MODEL_MAX) {
    errors.push({
      field: 'brandModel',
      message: formatMessage(MSG.projectsFieldTooLong, { label: '品牌型号', max: BRAND_MODEL_MAX }),
    });
  }
  const vehicleType = VEHICLE_TYPES.find((option) => option.value === input.vehicleType)?.value;
  if (vehicleType === undefined) errors.push({ field: 'vehicleType', message: pleaseSelect('车辆类型') });
  const registrationDate = trimmedText(input.registrationDate);
  if (!isCalendarDate(registrationDate)) {
    errors.push({ field: 'registrationDate', message: pleaseSelect('初次登记日期') });
  } else if (registrationDate > today) {
    errors.push({ field: 'registrationDate', message: MSG.vehicleRegistrationDateFuture });
  }
  const mileage = input.mileage;
  const isMileage = typeof mileage === 'number' && Number.isSafeInteger(mileage);
  if (!isMileage || mileage < 0 || mileage > MILEAGE_MAX) {
    errors.push({ field: 'mileage', message: MSG.vehicleMileageInvalid });
  }
  const condition = VEHICLE_CONDITIONS.find((option) => option.value === input.condition)?.value;
  if (condition === undefined) errors.push({ field: 'condition', message: pleaseSelect('车辆状况') });
  const remark = trimmedText(input.remark);
  if (countChars(remark) > VEHICLE_REMARK_MAX) {
    errors.push({
      field: 'remark',
      message: formatMessage(MSG.projectsFieldTooLong, { label: '备注', max: VEHICLE_REMARK_MAX }),
    });
  }
  if (errors.length > 0 || vehicleType === undefined || condition === undefined || !isMileage) {
    return { errors, value: null };
  }
  return {
    errors,
    value: {
      carNumber,
      vin,
      engineNo,
      brandModel,
      vehicleType,
      registrationDate,
      mileage,
      condition,
      remark,
    },
  };
}

/** The columns of the import template (车辆清单), in the order of the vehicle form. */
export const VEHICLE_SHEET_COLUMNS: readonly SheetColumn[] = [
  { ...textColumn('carNumber', '号牌号码', 10, true), hint: '如：京A12345、京AD12345' },
  { key: 'vin', label: '车辆识别代号', kind: 'vin', isRequired: true, hint: '17位，不含字母I、O、Q' },
  textColumn('engineNo', '发动机号', ENGINE_NO_MAX, true),
  textColumn('brandModel', '品牌型号', BRAND_MODEL_MAX, true),
  {
    key: 'vehicleType',
    label: '车辆类型',
    kind: 'choice',
    isRequired: true,
    options: VEHICLE_TYPES.map((option) => option.label),
  },
  { key: 'registrationDate', label: '初次登记日期', kind: 'date', isRequired: true },
  { key: 'mileage', label: '行驶里程（公里）', kind: 'integer', isRequired: true },
  {
    key: 'condition',
    label: '车辆状况',
    kind: 'choice',
    isRequired: true,
    options: VEHICLE_CONDITIONS.map((option) => option.label),
  },
  textColumn('remark', '备注', VEHICLE_REMARK_MAX),
];

/** The template and import of a disposal's vehicles (inputVehicleData): one sheet, each import adds vehicles. */
export const VEHICLE_SHEET: SheetDef = {
  key: 'vehicle',
  group: 'vehicle',
  groupTitle: '车辆清单',
  title: '处置车辆清单',
  columns: VEHICLE_SHEET_COLUMNS,
  importMode: 'append',
  maxRows: DISPOSAL_VEHICLES_MAX,
};

/**
 * One row of the template, checked as the sheet reads it and then as a vehicle (the plate's series, the VIN's check
 * digit, the registration day): the facts, or every message of what is wrong with the row.
 */
export function checkVehicleRow(
  cells: Readonly<Record<string, SheetCell>>,
  today: string,
): { errors: string[]; value: VehicleFacts | null } {
  const read = checkSheetRow(VEHICLE_SHEET_COLUMNS, cells);
  if (read.errors.length > 0) return { errors: read.errors, value: null };
  const { values } = read;
  const checked = checkVehicle(
    {
      ...values,
      vehicleType: VEHICLE_TYPES.find((option) => option.label === values.vehicleType)?.value,
      condition: VEHICLE_CONDITIONS.find((option) => option.label === values.condition)?.value,
    },
    today,
  );
  return { errors: checked.errors.map((error) => error.message), value: checked.value };
}

/** The same vehicle twice in one disposal (by VIN, or by plate) names the first one it repeats. */
export function duplicateVehicleMessage(vehicle: Pick<VehicleFacts, 'carNumber' | 'vin'>): string {
  return formatMessage(MSG.vehicleDuplicate, { plate: vehicle.carNumber, vin: vehicle.vin });
}

// ---- the listing letters ----------------------------------------------------------------------------------

/** The letters a vehicle's owner e-signs: its listing (挂牌) and, while listed, its revocation (撤销挂牌). */
export const VEHICLE_LETTER_KINDS = ['hangingTag', 'revoke'] as const;
export type VehicleLetterKind = (typeof VEHICLE_LETTER_KINDS)[number];

/**
 * The task action each letter waits under (the registry's action keys): the listing letters are the batch screen's
 * (GET /api/task/batch/tasks/motorVehicle/hangingTag).
 */
export const VEHICLE_LETTER_ACTIONS = {
  hangingTag: 'hangingTag',
  revoke: 'revokeSign',
} as const satisfies Record<VehicleLetterKind, string>;

export const VEHICLE_LETTER_TITLES: Record<VehicleLetterKind, string> = {
  hangingTag: '机动车挂牌申请函',
  revoke: '撤销机动车挂牌申请函',
};

export const REVOKE_REASON_MAX = 500;

/** The letter of a vehicle's listing or revocation; the server lays it out as a PDF. */
export function composeVehicleLetter(input: {
  kind: VehicleLetterKind;
  project: { name: string; code: string };
  vehicle: Pick<VehicleFacts, 'carNumber' | 'vin' | 'engineNo' | 'brandModel'> & { listingPrice: number };
  listingDays: number;
  reason: string;
  applicant: string;
  exchange: string;
  day: string;
  dayLabel: string;
}) {
  const { kind, project, vehicle } = input;
  const paragraphs =
    kind === 'hangingTag'
      ? [
          `我单位“${project.name}”（项目编号 ${project.code}）所列下列机动车已经评估并经我单位确认评估结果，现申请在贵所挂牌处置，挂牌价格不低于评估价值。`,
          `挂牌期为${input.listingDays}个工作日。报废机动车仅转让给具备资质的报废机动车回收拆解企业。`,
        ]
      : [
          `我单位“${project.name}”（项目编号 ${project.code}）在贵所挂牌的下列机动车，现申请撤销挂牌，理由如下：${input.reason}`,
        ];
  paragraphs.push('我单位承诺所提交材料真实、准确、完整，并承担相应的法律责任。');
  return {
    title: VEHICLE_LETTER_TITLES[kind],
    addressee: `致：${input.exchange}`,
    paragraphs,
    fields: [
      { label: '项目名称', value: project.name },
      { label: '项目编号', value: project.code },
      { label: '号牌号码', value: vehicle.carNumber },
      { label: '车辆识别代号', value: vehicle.vin },
      { label: '发动机号', value: vehicle.engineNo },
      { label: '品牌型号', value: vehicle.brandModel },
      { label: '挂牌价格', value: `${formatFen(vehicle.listingPrice)}元` },
      ...(kind === 'revoke' ? [{ label: '撤销原因', value: input.reason }] : []),
      { label: '申请日期', value: input.day },
    ],
    applicant: input.applicant,
    date: input.dayLabel,
  };
}

/** The application letter's supplement: the vehicles it asks to dispose of, one row each. */
export function disposalLetterSupplement(input: {
  reason: string;
  approvalBody: string;
  vehicles: readonly Pick<VehicleFacts, 'carNumber' | 'vin' | 'brandModel'>[];
}) {
  return {
    paragraphs: [
      `经${input.approvalBody}批准，我单位拟处置机动车${input.vehicles.length}辆，处置原因：${input.reason}`,
    ],
    fields: input.vehicles.map((vehicle, index) => ({
      label: `车辆${index + 1}`,
      value: `${vehicle.carNumber}　${vehicle.vin}　${vehicle.brandModel}`,
    })),
  };
}
