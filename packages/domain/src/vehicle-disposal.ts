// The vehicles of a disposal (机动车处置; spec 001 sections 2, 3 and 7; issue 32) and what happens to each: the
// applicant lists them (one by one, or imported from the template), the exchange approves the application and
// assigns an assessment institution, which values each vehicle and gives its opinion (with experts' opinions where
// it asked for them); the owner confirms the result, each vehicle's listing letter (挂牌申请函) is e-signed, alone or
// many at once, and the vehicle is listed. The exchange confirms the deal with a qualified dismantler (报废机动车回收
// 拆解企业, State Council order 715: only such a company may take scrapped vehicles), which applies to receive them
// and keeps a dismantling record per vehicle (vehicle-records.ts) until the project closes.
//
// A vehicle moves:
//   registered -> appraised (the firm's values submitted) -> confirmed (the owner agreed; its listing letter waits)
//   -> listed (the letter signed) -> dealt (the deal confirmed) -> received (the dismantler took it over)
//   -> dismantled (its record signed, with the recovery certificate's number)
//   listed -> withdrawn (the owner's signed revocation, 撤销挂牌)
//   appraised -> registered (the owner sent the result back to the firm, with a reason)
// The plate is shown masked (its last four hidden, carNumberPublish) to everyone but the owner and the exchange.
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { zRowId, zVersion, zVersionOrNew } from './contract.ts';
import { formatFen, formatMessage, maskCarNumber } from './format.ts';
import { fillIn, MSG, pleaseSelect } from './messages.ts';
import {
  checkSheetRow,
  textColumn,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
} from './projects/sheets.ts';
import { countChars } from './validation/return-reason.ts';
import { validateMobile } from './validation/mobile.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { isValidPlate, isValidVin, normalizePlate, normalizeVin } from './vehicles.ts';

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

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

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
  const carNumber = normalizePlate(text(input.carNumber));
  if (carNumber === '') errors.push({ field: 'carNumber', message: fillIn('号牌号码') });
  else if (!isValidPlate(carNumber)) errors.push({ field: 'carNumber', message: MSG.vehiclePlateInvalid });
  const vin = normalizeVin(text(input.vin));
  if (vin === '') errors.push({ field: 'vin', message: fillIn('车辆识别代号') });
  else if (!isValidVin(vin)) errors.push({ field: 'vin', message: MSG.vehicleVinInvalid });
  const engineNo = normalizeEngineNo(text(input.engineNo));
  if (engineNo === '') errors.push({ field: 'engineNo', message: fillIn('发动机号') });
  else if (!ENGINE_NO.test(engineNo)) errors.push({ field: 'engineNo', message: MSG.vehicleEngineNoInvalid });
  const brandModel = text(input.brandModel);
  if (brandModel === '') errors.push({ field: 'brandModel', message: fillIn('品牌型号') });
  else if (countChars(brandModel) > BRAND_MODEL_MAX) {
    errors.push({
      field: 'brandModel',
      message: formatMessage(MSG.projectsFieldTooLong, { label: '品牌型号', max: BRAND_MODEL_MAX }),
    });
  }
  const vehicleType = VEHICLE_TYPES.find((option) => option.value === input.vehicleType)?.value;
  if (vehicleType === undefined) errors.push({ field: 'vehicleType', message: pleaseSelect('车辆类型') });
  const registrationDate = text(input.registrationDate);
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
  const remark = text(input.remark);
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

// ---- the appraisal ----------------------------------------------------------------------------------------

export const APPRAISAL_OPINION_MAX = 500;

/** The firm's value and opinion of one vehicle (fen; null while not yet given). */
export const ZVehicleAppraisal = z.object({
  id: zRowId,
  appraisedValue: z.unknown().optional(),
  appraisalOpinion: z.unknown().optional(),
});
export type VehicleAppraisalInput = z.infer<typeof ZVehicleAppraisal>;

/**
 * What a firm saves of its appraisal: a value (a positive amount in fen) and an opinion within its limit, each
 * optional while the work goes on; the submission needs both for every vehicle (missingAppraisals).
 */
export function checkAppraisal(
  input: VehicleAppraisalInput,
): { message: string; value?: never } | { message: null; value: { value: number | null; opinion: string } } {
  const raw = input.appraisedValue;
  const value = raw === undefined || raw === null ? null : raw;
  if (value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0)) {
    return { message: MSG.vehicleAppraisedValueInvalid };
  }
  const opinion = text(input.appraisalOpinion);
  if (countChars(opinion) > APPRAISAL_OPINION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '评估意见', max: APPRAISAL_OPINION_MAX }),
    };
  }
  return { message: null, value: { value, opinion } };
}

/** The first vehicle a submitted appraisal still lacks a value or an opinion of, as its message. */
export function missingAppraisal(
  vehicles: readonly { carNumber: string; appraisedValue: number | null; appraisalOpinion: string }[],
): string | null {
  const missing = vehicles.find(
    (vehicle) => vehicle.appraisedValue === null || vehicle.appraisalOpinion === '',
  );
  return missing === undefined
    ? null
    : formatMessage(MSG.vehicleAppraisalIncomplete, { plate: maskCarNumber(missing.carNumber) });
}

export const EXPERT_NAME_MAX = 50;
export const EXPERT_ORGANISATION_MAX = 100;
export const EXPERT_OPINION_MAX = 1000;

/** An expert's opinion the firm asked for and records (the expert's signed opinion as a file). */
export const ZExpertOpinionInput = z.object({
  projectId: zRowId,
  expertName: z.unknown().optional(),
  organisation: z.unknown().optional(),
  opinion: z.unknown().optional(),
});
export type ExpertOpinionInput = z.infer<typeof ZExpertOpinionInput>;

export function checkExpertOpinion(
  input: ExpertOpinionInput,
):
  | { message: string; value?: never }
  | { message: null; value: { expertName: string; organisation: string; opinion: string } } {
  const expertName = text(input.expertName);
  if (expertName === '') return { message: fillIn('专家姓名') };
  if (countChars(expertName) > EXPERT_NAME_MAX) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '专家姓名', max: EXPERT_NAME_MAX }) };
  }
  const organisation = text(input.organisation);
  if (countChars(organisation) > EXPERT_ORGANISATION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '工作单位', max: EXPERT_ORGANISATION_MAX }),
    };
  }
  const opinion = text(input.opinion);
  if (opinion === '') return { message: fillIn('专家意见') };
  if (countChars(opinion) > EXPERT_OPINION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '专家意见', max: EXPERT_OPINION_MAX }),
    };
  }
  return { message: null, value: { expertName, organisation, opinion } };
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

// ---- the deal, the receiving, the dismantler's licence ---------------------------------------------------

/** The exchange's deal: the dismantler, and each listed vehicle it takes at a price not below its listing. */
export const ZVehicleDealInput = z.object({
  projectId: zRowId,
  version: zVersion,
  buyerCompanyId: z
    .number({ error: pleaseSelect('拆解企业') })
    .int(pleaseSelect('拆解企业'))
    .min(1, pleaseSelect('拆解企业'))
    .max(2_147_483_647, pleaseSelect('拆解企业')),
  vehicles: z
    .array(z.object({ id: zRowId, dealPrice: z.unknown().optional() }), {
      error: MSG.vehicleDealNone,
    })
    .min(1, MSG.vehicleDealNone)
    .max(DISPOSAL_VEHICLES_MAX, MSG.badRequest),
});
export type VehicleDealInput = z.infer<typeof ZVehicleDealInput>;

/** A deal price: a positive amount of fen not below the vehicle's listing price. */
export function dealPriceRefusal(dealPrice: unknown, listingPrice: number, plate: string): string | null {
  if (!(typeof dealPrice === 'number' && Number.isSafeInteger(dealPrice) && dealPrice > 0)) {
    return MSG.vehicleDealPriceInvalid;
  }
  return dealPrice < listingPrice
    ? formatMessage(MSG.vehicleDealPriceBelowListing, {
        plate: maskCarNumber(plate),
        price: formatFen(listingPrice),
      })
    : null;
}

export const RECEIVING_TEXT_MAX = 200;

/** The dismantler's application to receive the vehicles dealt to it. */
export const ZReceivingInput = z.object({
  projectId: zRowId,
  version: zVersion,
  receiveDate: z.unknown().optional(),
  place: z.unknown().optional(),
  transport: z.unknown().optional(),
  handler: z.unknown().optional(),
  handlerMobile: z.unknown().optional(),
  remark: z.unknown().optional(),
});
export type ReceivingInput = z.infer<typeof ZReceivingInput>;

export type ReceivingFacts = {
  receiveDate: string;
  place: string;
  transport: string;
  handler: string;
  handlerMobile: string;
  remark: string;
};

/** The receiving's facts: a day from `earliest` (the deal's) on, the place, the transport, the handler and mobile. */
export function checkReceiving(
  input: ReceivingInput,
  earliest: string,
): { message: string; value?: never } | { message: null; value: ReceivingFacts } {
  const receiveDate = text(input.receiveDate);
  if (!isCalendarDate(receiveDate)) return { message: pleaseSelect('接收日期') };
  if (receiveDate < earliest) return { message: MSG.vehicleReceiveDateEarly };
  const fields = {
    place: text(input.place),
    transport: text(input.transport),
    handler: text(input.handler),
  };
  const labels = { place: '接收地点', transport: '运输方式', handler: '经办人' } as const;
  for (const key of ['place', 'transport', 'handler'] as const) {
    if (fields[key] === '') return { message: fillIn(labels[key]) };
    if (countChars(fields[key]) > RECEIVING_TEXT_MAX) {
      return {
        message: formatMessage(MSG.projectsFieldTooLong, { label: labels[key], max: RECEIVING_TEXT_MAX }),
      };
    }
  }
  const handlerMobile = text(input.handlerMobile);
  const mobileMessage = validateMobile(handlerMobile);
  if (mobileMessage !== null) return { message: mobileMessage };
  const remark = text(input.remark);
  if (countChars(remark) > RECEIVING_TEXT_MAX) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '备注', max: RECEIVING_TEXT_MAX }) };
  }
  return { message: null, value: { receiveDate, ...fields, handlerMobile, remark } };
}

export const LICENCE_NO_MIN = 6;
export const LICENCE_NO_MAX = 40;
const LICENCE_NO = new RegExp(`^[0-9A-Za-z\\u4e00-\\u9fff（）()-]{${LICENCE_NO_MIN},${LICENCE_NO_MAX}}$`);
/** the licence's scan (报废机动车回收拆解企业资质认定书), a file of the company */
export const DISMANTLER_LICENCE_TAG = 'dismantlerLicence';
export const DISMANTLER_LICENCE_DATA_CLASS = 'dismantlerLicence';

/** The dismantler's qualification: its licence's number, the authority that issued it and its validity. */
export const ZDismantlerLicenceInput = z.object({
  version: zVersionOrNew,
  licenceNo: z.unknown().optional(),
  issuer: z.unknown().optional(),
  validFrom: z.unknown().optional(),
  validTo: z.unknown().optional(),
});
export type DismantlerLicenceInput = z.infer<typeof ZDismantlerLicenceInput>;

export type DismantlerLicence = { licenceNo: string; issuer: string; validFrom: string; validTo: string };

export function checkLicence(
  input: DismantlerLicenceInput,
): { message: string; value?: never } | { message: null; value: DismantlerLicence } {
  const licenceNo = text(input.licenceNo);
  if (licenceNo === '') return { message: fillIn('资质认定书编号') };
  if (!LICENCE_NO.test(licenceNo)) return { message: MSG.vehicleLicenceNoInvalid };
  const issuer = text(input.issuer);
  if (issuer === '') return { message: fillIn('发证机关') };
  if (countChars(issuer) > 100) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '发证机关', max: 100 }) };
  }
  const validFrom = text(input.validFrom);
  const validTo = text(input.validTo);
  if (!isCalendarDate(validFrom)) return { message: pleaseSelect('有效期起') };
  if (!isCalendarDate(validTo)) return { message: pleaseSelect('有效期至') };
  if (validTo < validFrom) return { message: MSG.vehicleLicenceOrder };
  return { message: null, value: { licenceNo, issuer, validFrom, validTo } };
}

/** Whether a licence is in force on `day` ('YYYY-MM-DD', +08:00). */
export function isLicenceValidOn(
  licence: Pick<DismantlerLicence, 'validFrom' | 'validTo'>,
  day: string,
): boolean {
  return licence.validFrom <= day && day <= licence.validTo;
}

// ---- what the calls answer --------------------------------------------------------------------------------

/** Who is looking at a disposal, and so what it shows and offers (the plate in full to the owner and exchange). */
export const DISPOSAL_ROLES = ['owner', 'exchange', 'appraiser', 'dismantler', 'public'] as const;
export type DisposalRole = (typeof DISPOSAL_ROLES)[number];

/** Whether a role sees the plates in full (carNumber); everyone else reads carNumberPublish. */
export function seesFullPlate(role: DisposalRole): boolean {
  return role === 'owner' || role === 'exchange';
}

export const ZDisposalVehicle = z.object({
  id: z.number(),
  version: z.number(),
  state: z.enum(VEHICLE_STATES),
  stateLabel: z.string(),
  /** the plate as the viewer may see it: in full to the owner and the exchange, else masked */
  carNumber: z.string(),
  /** the plate with its last four hidden (BF-5.6) */
  carNumberPublish: z.string(),
  /** '' where the viewer does not see it (the public) */
  vin: z.string(),
  engineNo: z.string(),
  brandModel: z.string(),
  vehicleType: z.string(),
  vehicleTypeLabel: z.string(),
  registrationDate: z.string(),
  mileage: z.number(),
  condition: z.string(),
  conditionLabel: z.string(),
  remark: z.string(),
  appraisedValue: z.number().nullable(),
  appraisalOpinion: z.string(),
  listingPrice: z.number().nullable(),
  listedAt: z.string().nullable(),
  buyerName: z.string(),
  dealPrice: z.number().nullable(),
  /** when the exchange confirmed its deal (ISO) */
  dealtAt: z.string().nullable(),
  certificateNo: z.string(),
  dismantledAt: z.string().nullable(),
  recordId: z.number().nullable(),
  /** the letter waiting for the owner's signature (listing or revocation) */
  letterKind: z.enum(VEHICLE_LETTER_KINDS).nullable(),
  /** the viewer's open task on this vehicle (its letter's signature, its dismantling record) */
  taskId: z.number().nullable(),
});
export type DisposalVehicle = z.infer<typeof ZDisposalVehicle>;

export const ZExpertOpinion = z.object({
  id: z.number(),
  expertName: z.string(),
  organisation: z.string(),
  opinion: z.string(),
  createdAt: z.string(),
  files: z.array(ZAttachmentItem),
});
export type ExpertOpinion = z.infer<typeof ZExpertOpinion>;

export const ZVehicleReceiving = z.object({
  companyId: z.number(),
  companyName: z.string(),
  receiveDate: z.string(),
  place: z.string(),
  transport: z.string(),
  handler: z.string(),
  handlerMobile: z.string(),
  remark: z.string(),
  submittedAt: z.string(),
  vehicleCount: z.number(),
});
export type VehicleReceiving = z.infer<typeof ZVehicleReceiving>;

/** GET /api/project/disposalApply/show/{id}: the disposal as the viewer sees it, and what it may do now. */
export const ZVehicleDisposalView = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  ownerName: z.string(),
  disclosureStart: z.string().nullable(),
  disclosureEnd: z.string().nullable(),
  role: z.enum(DISPOSAL_ROLES),
  /** the disposal's own version (appraisal, confirmation): 0 before the exchange approved it */
  version: z.number(),
  appraiserCompanyId: z.number().nullable(),
  appraiserName: z.string(),
  appraisalBaseDate: z.string(),
  appraisalSubmittedAt: z.string().nullable(),
  /** why the owner sent the last result back ('' when it did not) */
  appraisalReturnReason: z.string(),
  resultConfirmedAt: z.string().nullable(),
  reports: z.array(ZAttachmentItem),
  vehicles: z.array(ZDisposalVehicle),
  experts: z.array(ZExpertOpinion),
  receivings: z.array(ZVehicleReceiving),
  /** the viewer's open task on the disposal itself (assign, appraise, confirm, deal, receive) */
  taskId: z.number().nullable(),
  can: z.object({
    editVehicles: z.boolean(),
    assign: z.boolean(),
    appraise: z.boolean(),
    confirm: z.boolean(),
    sign: z.boolean(),
    revoke: z.boolean(),
    deal: z.boolean(),
    receive: z.boolean(),
  }),
});
export type VehicleDisposalView = z.infer<typeof ZVehicleDisposalView>;

/** A company the exchange may choose (an assessment institution, a qualified dismantler). */
export const ZDisposalParty = z.object({
  id: z.number(),
  name: z.string(),
  licenceNo: z.string(),
  validTo: z.string(),
});
export type DisposalParty = z.infer<typeof ZDisposalParty>;

/** The dismantler's own licence as its company page shows it (null fields: none recorded yet). */
export const ZDismantlerLicenceView = z.object({
  licenceNo: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  isValid: z.boolean(),
  version: z.number(),
  files: z.array(ZAttachmentItem),
});
export type DismantlerLicenceView = z.infer<typeof ZDismantlerLicenceView>;
