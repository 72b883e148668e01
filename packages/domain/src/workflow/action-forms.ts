// The rules of the action forms (workflow/actions.ts defines the fields): one zod schema per action and mode,
// built from its field definitions, with the catalogue's messages, and the rules across fields. Server (save,
// update, submit) and web (the form items) check with the same schema.
import { z } from 'zod';
import { formatMessage } from '../format.ts';
import { fillIn, MSG } from '../messages.ts';
import { countChars } from '../validation/return-reason.ts';
import { ACTION_TEXT_MAX, type ActionConfig, type ActionFieldDef, type ActionForm } from './actions.ts';

/**
 * The form of every action as it is stored and answered (ActionForm); fields an action does not use stay absent.
 * Money is integer fen. The types of the values only: what an action asks of them is actionFormSchema's.
 */
export const ZActionForm = z.object({
  reason: z.string().optional(),
  remark: z.string().optional(),
  /** abort: when the applicant expects to resume, 'YYYY-MM-DD' */
  expectedResumeDate: z.string().optional(),
  /** supplement: working days the disclosure period is extended by */
  extendDays: z.number().optional(),
  /** rediscovery, withdrawal and disclosure: working days of the (new) disclosure period */
  disclosureDays: z.number().optional(),
  /** online bidding: the activity */
  biddingStart: z.string().optional(),
  biddingEnd: z.string().optional(),
  startingPrice: z.number().optional(),
  increment: z.number().optional(),
  reservePrice: z.number().optional(),
  extensionMinutes: z.number().optional(),
  /** contract */
  contractNo: z.string().optional(),
  transfereeName: z.string().optional(),
  dealPrice: z.number().optional(),
  signDate: z.string().optional(),
  /** price payout */
  payoutAmount: z.number().optional(),
  payeeName: z.string().optional(),
  payeeBank: z.string().optional(),
  payeeAccount: z.string().optional(),
  /** transfer (handover) */
  handoverDate: z.string().optional(),
  /** price deduction: the service fee the exchange takes from the price */
  serviceFee: z.number().optional(),
  /** site survey and exhibition confirmations; the day of an information record (clearance, asset transfer ...) */
  eventDate: z.string().optional(),
  /** the information records and the letters of the later families: what each field means is its label */
  amount: z.number().optional(),
  partyName: z.string().optional(),
  place: z.string().optional(),
  quantity: z.number().optional(),
  content: z.string().optional(),
});

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;

/** 'YYYY-MM-DD' on a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'YYYY-MM-DD HH:mm' on a real calendar day. */
export function isDayTime(value: string): boolean {
  const match = DAY_TIME.exec(value);
  return match !== null && isCalendarDate(match[1] ?? '');
}

/** The messages of one field: what the rule of its kind says, with the catalogue's own wording where it has one. */
function messagesOf(field: ActionFieldDef): { invalid: string; tooLong: string } {
  const { label } = field;
  const tooLong =
    field.name === 'reason'
      ? MSG.workflowReasonTooLong
      : field.name === 'remark'
        ? MSG.workflowRemarkTooLong
        : formatMessage(MSG.workflowFieldTooLong, { label });
  const invalid = ((): string => {
    switch (field.name) {
      case 'expectedResumeDate':
        return MSG.workflowResumeDateInvalid;
      case 'extendDays':
        return MSG.workflowExtendDaysInvalid;
      case 'disclosureDays':
        return MSG.workflowDisclosureDaysInvalid;
      default:
        break;
    }
    switch (field.kind) {
      case 'date':
        return formatMessage(MSG.workflowDateInvalid, { label });
      case 'datetime':
        return formatMessage(MSG.workflowDateTimeInvalid, { label });
      case 'integer':
        return formatMessage(MSG.workflowIntegerInvalid, { label, min: field.min ?? 0, max: field.max ?? 0 });
      case 'money':
        return formatMessage(MSG.workflowMoneyInvalid, { label });
      default:
        return fillIn(label);
    }
  })();
  return { invalid, tooLong: formatMessage(tooLong, { max: field.max ?? ACTION_TEXT_MAX }) };
}

/** The rule of one field's value (absent values are judged by `required` in the schema). */
function fieldSchema(field: ActionFieldDef): z.ZodType {
  const { invalid, tooLong } = messagesOf(field);
  switch (field.kind) {
    case 'textarea':
    case 'text':
      return z
        .string({ error: MSG.badRequest })
        .refine((value) => countChars(value) <= (field.max ?? ACTION_TEXT_MAX), tooLong);
    case 'date':
      return z.string({ error: invalid }).refine((value) => value === '' || isCalendarDate(value), invalid);
    case 'datetime':
      return z.string({ error: invalid }).refine((value) => value === '' || isDayTime(value), invalid);
    case 'integer':
      return z
        .number({ error: invalid })
        .int(invalid)
        .min(field.min ?? 0, invalid)
        .max(field.max ?? Number.MAX_SAFE_INTEGER, invalid);
    case 'money':
      return z
        .number({ error: invalid })
        .int(invalid)
        .positive(invalid)
        .max(Number.MAX_SAFE_INTEGER, invalid);
  }
}

/** Whether a value counts as given: blank text does not. */
function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

/** Rules across fields, checked on submission once each field passes on its own. */
function crossFieldProblems(form: ActionForm): { path: keyof ActionForm; message: string }[] {
  const problems: { path: keyof ActionForm; message: string }[] = [];
  if (
    form.biddingStart !== undefined &&
    form.biddingEnd !== undefined &&
    form.biddingEnd <= form.biddingStart
  ) {
    problems.push({ path: 'biddingEnd', message: MSG.workflowBiddingEndBeforeStart });
  }
  if (
    form.reservePrice !== undefined &&
    form.startingPrice !== undefined &&
    form.reservePrice < form.startingPrice
  ) {
    problems.push({ path: 'reservePrice', message: MSG.workflowReserveBelowStart });
  }
  return problems;
}

/**
 * The form schema of an action, from its fields. `draft` (save, update) checks types and lengths only; `submit`
 * also requires the required fields and the rules across fields. Unknown keys are dropped, so a form never
 * carries what its action does not define.
 */
export function actionFormSchema(config: ActionConfig, mode: 'draft' | 'submit') {
  const isSubmit = mode === 'submit';
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    config.fields.map((field): [string, z.ZodType] => {
      const rule = fieldSchema(field);
      if (!isSubmit || !field.isRequired) return [field.name, rule.optional()];
      const missing =
        field.kind === 'textarea' || field.kind === 'text' ? fillIn(field.label) : messagesOf(field).invalid;
      return [
        field.name,
        z.unknown().superRefine((value, context) => {
          if (!isGiven(value)) {
            context.addIssue({ code: 'custom', message: missing });
            return;
          }
          const parsed = rule.safeParse(value);
          for (const issue of parsed.error?.issues ?? [])
            context.addIssue({ code: 'custom', message: issue.message });
        }),
      ];
    }),
  );
  const schema = z.object(shape).strip();
  const checked = isSubmit
    ? schema.superRefine((form, context) => {
        for (const problem of crossFieldProblems(form)) {
          context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
        }
      })
    : schema;
  return checked as unknown as z.ZodType<ActionForm>;
}

/** The first message of a form that does not pass, or null. */
export function validateActionForm(
  config: ActionConfig,
  form: unknown,
  mode: 'draft' | 'submit',
): string | null {
  const result = actionFormSchema(config, mode).safeParse(form ?? {});
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.badRequest);
}
