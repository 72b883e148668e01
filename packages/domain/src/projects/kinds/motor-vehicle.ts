// The motor-vehicle disposal family (机动车处置, business type 6; spec 001 sections 1, 2 and 7; issue 32): a state
// body's or enterprise's application to dispose of its vehicles, above all scrapped ones (报废机动车). The form is the
// application (处置申请): who applies and on whose approval, why, where the vehicles stand, how long they are listed
// once appraised, and the approval as a file. The vehicles themselves are rows of the vehicles module
// (vehicle-disposal.ts), entered one by one or imported; the application lists them in its letter. Its calls live
// under the spec's names: /api/project/disposalApply (the application) and /api/project/motorVehicle (the family's).
// Scrapped vehicles may only go to a qualified dismantler (State Council order 715, 2019): the course sells them so.
import { z } from 'zod';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { DISCLOSURE_DAYS_MAX } from '../../workflow/actions.ts';
import { CONTACT_FIELDS, NAME_FIELD } from './common.ts';
import { field, missingRequired, type FieldGroup, type KindSettings } from './fields.ts';
import { defineKind } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

/** The approval of the disposal by the body in charge (主管部门 or the state-asset regulator), as a file. */
export const DISPOSAL_APPROVAL_TAG = 'disposalApproval';

export const APPLICANT_NATURES = [
  { value: 'stateOrgan', label: '行政事业单位' },
  { value: 'stateEnterprise', label: '国有企业' },
  { value: 'other', label: '其他单位' },
] as const;

export type ApplicantNature = (typeof APPLICANT_NATURES)[number]['value'];

/** The fewest working days vehicles are listed: the physical assets' period (regulation 32, in the dictionary). */
export function minVehicleListingDays(settings?: KindSettings): number {
  return disclosureDaysOf(settings, 'physical');
}

export const MOTOR_VEHICLE_FIELDS = {
  name: NAME_FIELD,
  applicantNature: field.choice('applicantNature', '申请单位性质', APPLICANT_NATURES, {
    isRequired: true,
    isRadio: true,
  }),
  approvalBody: field.text('approvalBody', '处置批准单位', {
    isRequired: true,
    max: 100,
    hint: '批准本次处置的主管部门或国有资产监督管理机构',
  }),
  approvalNo: field.text('approvalNo', '批准文号', { max: 50 }),
  disposalReason: field.textarea('disposalReason', '处置原因', {
    isRequired: true,
    max: 500,
    hint: '如：车辆已达国家机动车强制报废标准',
  }),
  vehicleLocation: field.text('vehicleLocation', '车辆存放地点', { isRequired: true, max: 200 }),
  disclosureDays: field.integer('disclosureDays', '挂牌期（工作日）', {
    isRequired: true,
    min: 1,
    max: DISCLOSURE_DAYS_MAX,
    integerDigits: 3,
    hint: (_form, settings) => `车辆评估结果确认后挂牌，不少于${minVehicleListingDays(settings)}个工作日`,
  }),
  approvalFile: field.file(DISPOSAL_APPROVAL_TAG, '处置批准文件', { isRequired: true }),
  ...CONTACT_FIELDS,
  description: field.textarea('description', '补充说明', { max: 1000 }),
};

const F = MOTOR_VEHICLE_FIELDS;

export const motorVehicleFormSchema = z
  .object({
    name: F.name.schema,
    applicantNature: F.applicantNature.schema.optional(),
    approvalBody: F.approvalBody.schema.optional(),
    approvalNo: F.approvalNo.schema.optional(),
    disposalReason: F.disposalReason.schema.optional(),
    vehicleLocation: F.vehicleLocation.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    description: F.description.schema.optional(),
  })
  .strip();

export type MotorVehicleForm = z.infer<typeof motorVehicleFormSchema>;

export const MOTOR_VEHICLE_GROUPS: readonly FieldGroup[] = [
  {
    key: 'application',
    title: '处置申请',
    fields: [
      F.name,
      F.applicantNature,
      F.approvalBody,
      F.approvalNo,
      F.disposalReason,
      F.vehicleLocation,
      F.disclosureDays,
      F.approvalFile,
    ],
  },
  { key: 'contact', title: '联系方式', fields: [F.contactName, F.contactMobile, F.description] },
];

/**
 * The rule checks of an application, in the form's order: the required fields and the approval file, and the
 * listing period. The vehicles (at least one, each complete) are the vehicles module's precondition.
 */
export function checkMotorVehicleRules(
  form: MotorVehicleForm,
  files: Readonly<Record<string, number>>,
  settings?: KindSettings,
): string[] {
  const messages = missingRequired(MOTOR_VEHICLE_GROUPS, form, files);
  const min = minVehicleListingDays(settings);
  if (form.disclosureDays !== undefined && form.disclosureDays < min) {
    messages.push(formatMessage(MSG.vehicleListingDaysMin, { days: min }));
  }
  return messages;
}

export const MOTOR_VEHICLE_KIND = defineKind<MotorVehicleForm>({
  family: 'motorVehicle',
  businessType: '6',
  groups: MOTOR_VEHICLE_GROUPS,
  schema: motorVehicleFormSchema,
  sections: ['custom'],
  sheets: [],
  preDisclosure: 'none',
  periods: {
    formal: { field: 'disclosureDays', minDays: (_form, settings) => minVehicleListingDays(settings) },
  },
  checkRules: (form, context) => checkMotorVehicleRules(form, context.files, context.settings),
  // each vehicle is listed at its own appraised value
  listingPrice: () => undefined,
  announcement: { bodyField: 'disposalReason', omit: ['disclosureDays'] },
  publication: { fields: ['applicantNature', 'vehicleLocation', 'contactName', 'contactMobile'] },
  createPath: '/save',
  ownerLabel: '申请单位',
  specBase: '/api/project/disposalApply',
});
