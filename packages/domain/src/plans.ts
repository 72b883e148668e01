// Plans (我的计划 / 计划管理; spec 000 sections 2 and 6: plan, planAdd, planShow, planEdit, GJS_PLAN_LT; spec 001
// section 7: POST /api/plan/to/project). A plan is a disposal the owner company intends before it is ready to
// disclose: what it will list (name, family, asset category, expected price and appraisal), when, and whom to ask.
// Turning a plan into a project makes a draft project of the plan's family with those facts; the plan then points
// at its project and is kept, read only, as the record of what was planned. The plan's fields share the project
// form's rules, so a plan that becomes a project never holds a value the project form would refuse.
import { z } from 'zod';
import { MSG } from './messages.ts';
import { BULK_FIELDS, type BulkProjectForm } from './projects/kinds/bulk.ts';
import { zProjectName } from './projects/kinds/common.ts';
import { isCalendarDate } from './workflow/action-forms.ts';

/**
 * The families a plan may be of: those whose project form has the plan's facts (an asset category, a price and
 * an appraisal), the physical-asset families.
 */
export const PLAN_FAMILIES = ['bulk', 'coll'] as const;

export type PlanFamily = (typeof PLAN_FAMILIES)[number];

/** A plan's code: JH, the year, the id (yearSerialCode). */
export const PLAN_CODE = { prefix: 'JH' } as const;

export const PLAN_STATUS = { planned: 'planned', converted: 'converted' } as const;

export type PlanStatus = (typeof PLAN_STATUS)[keyof typeof PLAN_STATUS];

export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  planned: '待转项目',
  converted: '已转项目',
};

/** Every save checks the whole plan: the name and the family are required, the rest as the project form has it. */
export const planFormSchema = z
  .object({
    name: zProjectName(MSG.plansNameInvalid),
    /** the family the project will be of */
    family: z.enum(PLAN_FAMILIES, { error: MSG.plansFamilyRequired }),
    assetCategory: BULK_FIELDS.assetCategory.schema.optional(),
    /** fen: the price the owner expects to list at */
    listingPrice: BULK_FIELDS.listingPrice.schema.optional(),
    appraisalPrice: BULK_FIELDS.appraisalPrice.schema.optional(),
    /** YYYY-MM-DD: when the owner means to disclose */
    plannedDate: z
      .string({ error: MSG.plansPlannedDateInvalid })
      .refine(isCalendarDate, MSG.plansPlannedDateInvalid)
      .optional(),
    contactName: BULK_FIELDS.contactName.schema.optional(),
    contactMobile: BULK_FIELDS.contactMobile.schema.optional(),
    description: BULK_FIELDS.description.schema.optional(),
  })
  .strip();

export type PlanForm = z.infer<typeof planFormSchema>;

export const PLAN_FIELD_LABELS: Record<keyof PlanForm, string> = {
  name: '计划名称',
  family: '业务类型',
  assetCategory: BULK_FIELDS.assetCategory.label,
  listingPrice: '预计挂牌价（元）',
  appraisalPrice: BULK_FIELDS.appraisalPrice.label,
  plannedDate: '计划挂牌日期',
  contactName: BULK_FIELDS.contactName.label,
  contactMobile: BULK_FIELDS.contactMobile.label,
  description: BULK_FIELDS.description.label,
};

/** The plan checked and trimmed (unknown keys dropped), or the first message of what is wrong with it. */
export function checkPlanForm(input: unknown): { value: PlanForm; message: null } | { message: string } {
  const result = planFormSchema.safeParse(input ?? {});
  if (result.success) return { value: result.data, message: null };
  return { message: result.error.issues[0]?.message ?? MSG.badRequest };
}

/** The project form a plan becomes: its facts carried over, the rest (period, payment) left to the owner. */
export function projectFormOfPlan(plan: PlanForm): BulkProjectForm {
  return {
    name: plan.name,
    assetCategory: plan.assetCategory,
    listingPrice: plan.listingPrice,
    appraisalPrice: plan.appraisalPrice,
    contactName: plan.contactName,
    contactMobile: plan.contactMobile,
    description: plan.description,
  };
}

/** One row of POST /api/plan/list. */
export const ZPlanListRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  family: z.enum(PLAN_FAMILIES),
  familyLabel: z.string(),
  listingPrice: z.number().nullable(),
  plannedDate: z.string().nullable(),
  status: z.enum(PLAN_STATUS),
  statusLabel: z.string(),
  /** the project the plan became */
  project: z.object({ id: z.number(), code: z.string() }).nullable(),
  companyName: z.string(),
  updatedAt: z.string(),
  /** what a change or 转为项目 from this row sends back, so a stale row is refused */
  version: z.number(),
  /** the caller's company owns it (may edit, delete, turn into a project); else the exchange reads it */
  isOwn: z.boolean(),
});

export type PlanListRow = z.infer<typeof ZPlanListRow>;

/** GET /api/plan/show/{id}. */
export const ZPlanView = ZPlanListRow.extend({
  /**
   * The plan as it was saved (checked by planFormSchema then), passed on as it is: planFormSchema itself would
   * check its rules again on the way out, and a copy of its fields without the rules would be a second
   * declaration of the form.
   */
  form: z.custom<PlanForm>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
  createdAt: z.string(),
});

export type PlanView = z.infer<typeof ZPlanView>;

/** What POST /api/plan/to/project answers: the draft project made of the plan. */
export const ZPlanProject = z.object({ id: z.number(), family: z.enum(PLAN_FAMILIES), code: z.string() });

export type PlanProject = z.infer<typeof ZPlanProject>;
