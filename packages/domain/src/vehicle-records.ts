// The dismantling record (拆解记录; spec 001 section 7: /api/record/... update, show, back/last/step, verify/step,
// submit, signature, termination; issue 32): one per vehicle a dismantler received, kept step by step as the 报废机动车
// 回收管理办法实施细则 (2020) asks of a 回收拆解企业:
//   1 entry (入场登记): the day the vehicle came in, whether its main assemblies are complete, and the 报废机动车回收
//     证明 issued for it (its number and day) with which the owner deregisters the vehicle;
//   2 breakup (拆解): the day, the fluids and refrigerant drained and recovered, photos of the breakup;
//   3 disintegrate (解体): the day, where each of the five main assemblies (发动机, 方向机, 变速器, 前后桥, 车架) goes —
//     to a remanufacturing enterprise or as scrap steel, naming the enterprise — and photos of the disintegration.
// Only the current step is edited (update); verify/step checks it and moves on, back/last/step reopens the one
// before. Once the three are verified the record is submitted: its letter is drawn, e-signed with the SMS code
// (signature), and the vehicle reads 已拆解 with its certificate number. termination withdraws a submitted record's
// letter before it is signed, so the last step can be corrected.
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { formatMessage } from './format.ts';
import { fillIn, MSG, pleaseSelect } from './messages.ts';
import { countChars } from './validation/return-reason.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { trimmedText } from './validation/trimmed-text.ts';

export const RECORD_DATA_CLASS = 'dismantlingRecord';
export const BREAKUP_PHOTO_TAG = 'breakupPhotos';
export const DISINTEGRATE_PHOTO_TAG = 'disintegratePhotos';
export const RECORD_LETTER_TAG = 'recordLetter';
export const SIGNED_RECORD_TAG = 'signedRecord';

export const RECORD_STEPS = [
  { key: 'entry', title: '入场登记', photoTag: null },
  { key: 'breakup', title: '拆解', photoTag: BREAKUP_PHOTO_TAG },
  { key: 'disintegrate', title: '解体', photoTag: DISINTEGRATE_PHOTO_TAG },
] as const;
export type RecordStepKey = (typeof RECORD_STEPS)[number]['key'];

/** The index of the step a record is on; RECORD_STEPS.length once every step is verified. */
export const RECORD_STEPS_DONE = RECORD_STEPS.length;

export const RECORD_STATUSES = ['editing', 'letterGenerated', 'signed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  editing: '登记中',
  letterGenerated: '待签章',
  signed: '已签章',
};

export const MAIN_ASSEMBLIES = [
  { key: 'engine', label: '发动机' },
  { key: 'steering', label: '方向机' },
  { key: 'transmission', label: '变速器' },
  { key: 'axles', label: '前后桥' },
  { key: 'frame', label: '车架' },
] as const;
export type MainAssembly = (typeof MAIN_ASSEMBLIES)[number]['key'];

export const ASSEMBLY_DESTINATIONS = [
  { value: 'remanufacture', label: '交售再制造企业' },
  { value: 'scrapSteel', label: '作为废钢铁交售' },
] as const;
export type AssemblyDestination = (typeof ASSEMBLY_DESTINATIONS)[number]['value'];

export const ASSEMBLY_STATES = [
  { value: 'complete', label: '齐全' },
  { value: 'missing', label: '缺失' },
] as const;

export const RECORD_TEXT_MAX = 200;
/** 报废机动车回收证明's number: its digits and capitals as printed */
export const CERTIFICATE_NO = /^[0-9A-Z]{8,30}$/;

/** What each step stores; every field as typed until checkRecordStep accepts it. */
export type RecordStepData = Record<string, unknown>;
export type RecordData = Partial<Record<RecordStepKey, RecordStepData>>;

export const ZRecordData = z.record(z.string(), z.record(z.string(), z.unknown()));

function tooLong(label: string, value: string, max = RECORD_TEXT_MAX): string | null {
  return countChars(value) > max ? formatMessage(MSG.projectsFieldTooLong, { label, max }) : null;
}

/** The day of a step, if typed and real. */
export function stepDay(data: RecordStepData | undefined, key: string): string | null {
  const value = trimmedText(data?.[key]);
  return isCalendarDate(value) ? value : null;
}

/** The day field of each step: each is not before the one of the step before it. */
const STEP_DAY: Record<RecordStepKey, string> = {
  entry: 'entryDate',
  breakup: 'breakupDate',
  disintegrate: 'disintegrateDate',
};

const STEP_DAY_LABELS: Record<RecordStepKey, string> = {
  entry: '入场日期',
  breakup: '拆解日期',
  disintegrate: '解体日期',
};

export type StepContext = {
  /** the day the dismantler received the vehicle (its receiving application) */
  receivedOn: string;
  /** 'YYYY-MM-DD' in +08:00 */
  today: string;
  /** the images the step's photo tag holds, as the server counted them by content */
  photoCount: number;
  /** the record's data so far (the earlier steps' days) */
  data: RecordData;
};

/** Every message of what the step's data lacks or breaks, in the form's order (empty: it may be verified). */
export function checkRecordStep(step: RecordStepKey, data: RecordStepData, context: StepContext): string[] {
  const messages: string[] = [];
  const dayKey = STEP_DAY[step];
  const day = stepDay(data, dayKey);
  const dayLabel = STEP_DAY_LABELS[step];
  const index = RECORD_STEPS.findIndex((each) => each.key === step);
  const previous = index > 0 ? RECORD_STEPS[index - 1] : undefined;
  const earliest =
    previous === undefined
      ? context.receivedOn
      : (stepDay(context.data[previous.key], STEP_DAY[previous.key]) ?? '');
  const earlier = previous === undefined ? '接收日期' : STEP_DAY_LABELS[previous.key];
  if (day === null) messages.push(pleaseSelect(dayLabel));
  else if (day > context.today) messages.push(formatMessage(MSG.recordDayFuture, { label: dayLabel }));
  else if (day < earliest) messages.push(formatMessage(MSG.recordDayOrder, { label: dayLabel, earlier }));

  if (step === 'entry') {
    const state = trimmedText(data.assemblyState);
    if (!ASSEMBLY_STATES.some((option) => option.value === state)) messages.push(pleaseSelect('总成状况'));
    if (state === 'missing' && trimmedText(data.missingParts) === '') messages.push(fillIn('缺失部件'));
    const missing = tooLong('缺失部件', trimmedText(data.missingParts));
    if (missing !== null) messages.push(missing);
    const certificateNo = trimmedText(data.certificateNo).toUpperCase();
    if (certificateNo === '') messages.push(fillIn('回收证明编号'));
    else if (!CERTIFICATE_NO.test(certificateNo)) messages.push(MSG.recordCertificateNoInvalid);
    const issued = stepDay(data, 'certificateDate');
    if (issued === null) messages.push(pleaseSelect('回收证明出具日期'));
    else if (day !== null && issued < day) messages.push(MSG.recordCertificateDateEarly);
    else if (issued > context.today)
      messages.push(formatMessage(MSG.recordDayFuture, { label: '回收证明出具日期' }));
  }
  if (step === 'breakup') {
    const fluids = trimmedText(data.fluids);
    if (fluids === '') messages.push(fillIn('废液回收情况'));
    for (const [label, value] of [
      ['废液回收情况', fluids],
      ['制冷剂回收情况', trimmedText(data.refrigerant)],
    ] as const) {
      const message = tooLong(label, value);
      if (message !== null) messages.push(message);
    }
  }
  if (step === 'disintegrate') {
    for (const assembly of MAIN_ASSEMBLIES) {
      const destination = trimmedText(data[`${assembly.key}Destination`]);
      if (!ASSEMBLY_DESTINATIONS.some((option) => option.value === destination)) {
        messages.push(pleaseSelect(`${assembly.label}去向`));
      }
      const enterprise = trimmedText(data[`${assembly.key}Enterprise`]);
      if (enterprise === '') messages.push(fillIn(`${assembly.label}接收企业`));
      const message = tooLong(`${assembly.label}接收企业`, enterprise, 100);
      if (message !== null) messages.push(message);
    }
  }
  const photoTag = RECORD_STEPS[index]?.photoTag ?? null;
  if (photoTag !== null && context.photoCount === 0) {
    messages.push(step === 'breakup' ? MSG.recordBreakupPhotoRequired : MSG.recordDisintegratePhotoRequired);
  }
  const remark = tooLong('备注', trimmedText(data.remark), 500);
  if (remark !== null) messages.push(remark);
  return messages;
}

/** A step's data as the record keeps it: the step's own fields, trimmed (unknown keys dropped). */
export function cleanStepData(step: RecordStepKey, data: RecordStepData): RecordStepData {
  const keys: Record<RecordStepKey, readonly string[]> = {
    entry: ['entryDate', 'assemblyState', 'missingParts', 'certificateNo', 'certificateDate', 'remark'],
    breakup: ['breakupDate', 'fluids', 'refrigerant', 'remark'],
    disintegrate: [
      'disintegrateDate',
      ...MAIN_ASSEMBLIES.flatMap((assembly) => [`${assembly.key}Destination`, `${assembly.key}Enterprise`]),
      'remark',
    ],
  };
  const cleaned: RecordStepData = {};
  for (const key of keys[step]) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') {
      cleaned[key] = key === 'certificateNo' ? value.trim().toUpperCase() : value.trim();
    }
  }
  return cleaned;
}

/** The record's letter (拆解记录), from its verified steps; the server lays it out as a PDF. */
export function composeRecordLetter(input: {
  vehicle: { carNumber: string; vin: string; engineNo: string; brandModel: string };
  project: { name: string; code: string; ownerName: string };
  data: RecordData;
  company: string;
  exchange: string;
  day: string;
  dayLabel: string;
}) {
  const { vehicle, data } = input;
  const entry = data.entry ?? {};
  const breakup = data.breakup ?? {};
  const disintegrate = data.disintegrate ?? {};
  const label = <V extends string>(options: readonly { value: V; label: string }[], value: unknown) =>
    options.find((option) => option.value === value)?.label ?? '';
  return {
    title: '报废机动车拆解记录',
    addressee: `致：${input.exchange}`,
    paragraphs: [
      `我单位已按照《报废机动车回收管理办法》及其实施细则的规定，完成“${input.project.name}”（项目编号 ${input.project.code}）下列报废机动车的回收拆解，现将拆解记录报送贵所，并告知车辆所有人${input.project.ownerName}。`,
      '我单位承诺所填报信息真实、准确、完整，并承担相应的法律责任。',
    ],
    fields: [
      { label: '号牌号码', value: vehicle.carNumber },
      { label: '车辆识别代号', value: vehicle.vin },
      { label: '发动机号', value: vehicle.engineNo },
      { label: '品牌型号', value: vehicle.brandModel },
      { label: '入场日期', value: trimmedText(entry.entryDate) },
      {
        label: '总成状况',
        value: `${label(ASSEMBLY_STATES, entry.assemblyState)}${trimmedText(entry.missingParts) === '' ? '' : `（${trimmedText(entry.missingParts)}）`}`,
      },
      { label: '回收证明编号', value: trimmedText(entry.certificateNo) },
      { label: '回收证明出具日期', value: trimmedText(entry.certificateDate) },
      { label: '拆解日期', value: trimmedText(breakup.breakupDate) },
      { label: '废液回收情况', value: trimmedText(breakup.fluids) },
      ...(trimmedText(breakup.refrigerant) === ''
        ? []
        : [{ label: '制冷剂回收情况', value: trimmedText(breakup.refrigerant) }]),
      { label: '解体日期', value: trimmedText(disintegrate.disintegrateDate) },
      ...MAIN_ASSEMBLIES.map((assembly) => ({
        label: `${assembly.label}去向`,
        value: `${label(ASSEMBLY_DESTINATIONS, disintegrate[`${assembly.key}Destination`])}：${trimmedText(disintegrate[`${assembly.key}Enterprise`])}`,
      })),
      { label: '报送日期', value: input.day },
    ],
    applicant: input.company,
    date: input.dayLabel,
  };
}

/** GET /api/record/show/{id}: a record as its dismantler edits it (and the owner and exchange read it). */
export const ZDismantlingRecord = z.object({
  id: z.number(),
  version: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  itemId: z.number(),
  carNumberPublish: z.string(),
  vin: z.string(),
  engineNo: z.string(),
  brandModel: z.string(),
  dismantlerName: z.string(),
  receivedOn: z.string(),
  status: z.enum(RECORD_STATUSES),
  statusLabel: z.string(),
  /** the step being edited (0..2), or 3 once every step is verified */
  currentStep: z.number(),
  data: ZRecordData,
  photos: z.object({ breakupPhotos: z.array(ZAttachmentItem), disintegratePhotos: z.array(ZAttachmentItem) }),
  letter: ZAttachmentItem.nullable(),
  signedLetter: ZAttachmentItem.nullable(),
  signedAt: z.string().nullable(),
  /** the dismantler may change it (its own, not yet signed) */
  canEdit: z.boolean(),
  taskId: z.number().nullable(),
});
export type DismantlingRecord = z.infer<typeof ZDismantlingRecord>;

/** One row of a project's records (the dismantler's list of its vehicles). */
export const ZRecordRow = z.object({
  id: z.number(),
  itemId: z.number(),
  carNumberPublish: z.string(),
  brandModel: z.string(),
  status: z.enum(RECORD_STATUSES),
  statusLabel: z.string(),
  currentStep: z.number(),
  stepTitle: z.string(),
  certificateNo: z.string(),
});
export type RecordRow = z.infer<typeof ZRecordRow>;
