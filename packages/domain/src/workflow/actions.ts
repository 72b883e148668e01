// What each workflow action of the registry (families.ts) asks for and does: its form fields and their rules,
// its attachment tags, the letter the applicant e-signs, the effect an approval has on the project, and the
// project statuses it may start from. For now every action shares one generic form (reason, remark) plus the
// fields its effect needs; server and web read the same definitions, so a rule is written once.
import { z } from 'zod';
import type { AttachmentTag } from '../attachment-tags.ts';
import { formatMessage } from '../format.ts';
import { fillIn, MSG } from '../messages.ts';
import { countChars } from '../validation/return-reason.ts';
import {
  FAMILIES,
  type FamilyDef,
  type FamilyKey,
  type StepKind,
  type WorkflowRouteName,
} from './families.ts';
import type { ProjectStatus } from './statuses.ts';

/** The record class the files of an action instance are filed under (`dataClass` of uploads, dataId = its id). */
export const ACTION_DATA_CLASS = 'actionInstance';
/** The record class of a project's own files; the signed letters are filed there too. */
export const PROJECT_DATA_CLASS = 'project';

export const APPLICATION_FILE_TAG = 'applicationFile';
/** the generated, unsigned letter */
export const LETTER_TAG = 'letter';
/** the letter with the applicant company's seal and signature */
export const SIGNED_LETTER_TAG = 'signedLetter';

export const ACTION_TEXT_MAX = 500;
export const EXTEND_DAYS_MIN = 1;
export const EXTEND_DAYS_MAX = 60;
export const DISCLOSURE_DAYS_MIN = 10;
/** no disclosure period is longer than a working year; the bound keeps a typo from meaning a decade */
export const DISCLOSURE_DAYS_MAX = 250;

/** What an approval does to the project; `record` only records the approval. */
export type EffectKey =
  'abort' | 'recovery' | 'termination' | 'end' | 'supplement' | 'rediscovery' | 'disclosure' | 'record';

export type ActionFieldKind = 'textarea' | 'date' | 'integer';

export type ActionFieldDef = {
  name: keyof ActionForm;
  label: string;
  kind: ActionFieldKind;
  isRequired: boolean;
  /** characters for text, the largest value for integers */
  max?: number;
  min?: number;
};

/** The form of every action; fields an action does not use stay absent. */
export type ActionForm = {
  reason?: string | undefined;
  remark?: string | undefined;
  /** abort: when the applicant expects to resume, 'YYYY-MM-DD' */
  expectedResumeDate?: string | undefined;
  /** supplement: working days the disclosure period is extended by */
  extendDays?: number | undefined;
  /** rediscovery and disclosure: working days of the (new) disclosure period */
  disclosureDays?: number | undefined;
};

export type StepNames = { Aon: WorkflowRouteName; MfyRrn: WorkflowRouteName; EicSre: WorkflowRouteName };

export type ActionConfig = {
  family: FamilyKey;
  action: string;
  title: string;
  /** 「<action title>申请函」 */
  letterTitle: string;
  fields: readonly ActionFieldDef[];
  attachments: readonly AttachmentTag[];
  effect: EffectKey;
  /** the project statuses the action may be started (and approved) in; null: any */
  allowedProjectStatuses: readonly ProjectStatus[] | null;
  /**
   * The screen of each task kind. An action without its own return or signature screen falls back to its
   * application screen, so every task opens somewhere.
   */
  routes: StepNames;
};

const REASON: ActionFieldDef = {
  name: 'reason',
  label: '申请原因',
  kind: 'textarea',
  isRequired: true,
  max: ACTION_TEXT_MAX,
};
const REMARK: ActionFieldDef = {
  name: 'remark',
  label: '备注',
  kind: 'textarea',
  isRequired: false,
  max: ACTION_TEXT_MAX,
};

const EFFECT_FIELDS: Record<EffectKey, readonly ActionFieldDef[]> = {
  abort: [{ name: 'expectedResumeDate', label: '预计恢复日期', kind: 'date', isRequired: false }],
  recovery: [],
  termination: [],
  end: [],
  supplement: [
    {
      name: 'extendDays',
      label: '延长披露天数（工作日）',
      kind: 'integer',
      isRequired: true,
      min: EXTEND_DAYS_MIN,
      max: EXTEND_DAYS_MAX,
    },
  ],
  rediscovery: [
    {
      name: 'disclosureDays',
      label: '披露天数（工作日）',
      kind: 'integer',
      isRequired: true,
      min: DISCLOSURE_DAYS_MIN,
      max: DISCLOSURE_DAYS_MAX,
    },
  ],
  // the first disclosure: the project's own form is the application; the instance carries only the period
  disclosure: [
    {
      name: 'disclosureDays',
      label: '披露天数（工作日）',
      kind: 'integer',
      isRequired: true,
      min: DISCLOSURE_DAYS_MIN,
      max: DISCLOSURE_DAYS_MAX,
    },
  ],
  record: [],
};

const EFFECT_STATUSES: Record<EffectKey, readonly ProjectStatus[] | null> = {
  abort: ['disclosing'],
  recovery: ['suspended'],
  end: ['disclosing', 'suspended'],
  termination: ['disclosing', 'suspended', 'ended'],
  supplement: ['disclosing'],
  rediscovery: ['ended'],
  disclosure: ['draft'],
  record: null,
};

export const GENERIC_ATTACHMENTS: readonly AttachmentTag[] = [
  { tag: APPLICATION_FILE_TAG, label: '申请材料', requiredMessage: MSG.workflowApplicationFileRequired },
];

function effectOf(action: string): EffectKey {
  return Object.hasOwn(EFFECT_FIELDS, action) && action !== 'record' ? (action as EffectKey) : 'record';
}

function buildConfigs(): ActionConfig[] {
  const families = Object.entries(FAMILIES) as [FamilyKey, FamilyDef][];
  return families.flatMap(([family, def]) =>
    def.actions.flatMap((action): ActionConfig[] => {
      const stepName = (kind: StepKind): WorkflowRouteName | undefined =>
        action.steps.find((s) => s.step === kind)?.name as WorkflowRouteName | undefined;
      const effect = effectOf(action.key);
      // The first disclosure has no application screen of its own (the project form is the application, spec
      // 000 addproject): it opens on its return screen, and has no reason, remark or application file.
      const isDisclosure = effect === 'disclosure';
      const aon = stepName('Aon') ?? (isDisclosure ? stepName('MfyRrn') : undefined);
      if (aon === undefined) return [];
      return [
        {
          family,
          action: action.key,
          title: action.title,
          letterTitle: `${action.title}申请函`,
          fields: isDisclosure ? EFFECT_FIELDS[effect] : [REASON, REMARK, ...EFFECT_FIELDS[effect]],
          attachments: isDisclosure ? [] : GENERIC_ATTACHMENTS,
          effect,
          allowedProjectStatuses: EFFECT_STATUSES[effect],
          routes: { Aon: aon, MfyRrn: stepName('MfyRrn') ?? aon, EicSre: stepName('EicSre') ?? aon },
        },
      ];
    }),
  );
}

/** Every action with an application step: the ones the engine serves, in registry order. */
export const ACTION_CONFIGS: readonly ActionConfig[] = buildConfigs();

const byKey = new Map(ACTION_CONFIGS.map((config) => [`${config.family}/${config.action}`, config]));

export function findAction(family: string, action: string): ActionConfig | undefined {
  return byKey.get(`${family}/${action}`);
}

export type StepRef = { family: FamilyKey; action: string; step: StepKind };

const byRouteName = new Map<string, StepRef>(
  (Object.entries(FAMILIES) as [FamilyKey, FamilyDef][]).flatMap(([family, def]) =>
    def.actions.flatMap((action) =>
      action.steps.map((step): [string, StepRef] => [
        step.name,
        { family, action: action.key, step: step.step },
      ]),
    ),
  ),
);

/** The family, action and step kind of a workflow screen's route name. */
export function findStepByRouteName(routeName: string): StepRef | undefined {
  return byRouteName.get(routeName);
}

const zOptionalText = (max: number, tooLong: string) =>
  z
    .string({ error: MSG.badRequest })
    .refine((value) => countChars(value) <= max, formatMessage(tooLong, { max }))
    .optional();

const zInteger = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const RESUME_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!RESUME_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The form schema of an action. `draft` (save, update) checks types and lengths only; `submit` also requires
 * the required fields. Unknown keys are dropped, so a form never carries what its action does not define.
 */
export function actionFormSchema(config: ActionConfig, mode: 'draft' | 'submit') {
  const isSubmit = mode === 'submit';
  const has = (name: keyof ActionForm): boolean => config.fields.some((field) => field.name === name);
  const reason = zOptionalText(ACTION_TEXT_MAX, MSG.workflowReasonTooLong);
  const shape = {
    reason:
      isSubmit && has('reason')
        ? z
            .string({ error: fillIn(REASON.label) })
            .refine((value) => value.trim() !== '', fillIn(REASON.label))
            .refine(
              (value) => countChars(value) <= ACTION_TEXT_MAX,
              formatMessage(MSG.workflowReasonTooLong, { max: ACTION_TEXT_MAX }),
            )
        : reason,
    remark: zOptionalText(ACTION_TEXT_MAX, MSG.workflowRemarkTooLong),
    ...(has('expectedResumeDate')
      ? {
          expectedResumeDate: z
            .string({ error: MSG.workflowResumeDateInvalid })
            .refine((value) => value === '' || isCalendarDate(value), MSG.workflowResumeDateInvalid)
            .optional(),
        }
      : {}),
    ...(has('extendDays')
      ? {
          extendDays: isSubmit
            ? zInteger(EXTEND_DAYS_MIN, EXTEND_DAYS_MAX, MSG.workflowExtendDaysInvalid)
            : zInteger(EXTEND_DAYS_MIN, EXTEND_DAYS_MAX, MSG.workflowExtendDaysInvalid).optional(),
        }
      : {}),
    ...(has('disclosureDays')
      ? {
          disclosureDays: isSubmit
            ? zInteger(DISCLOSURE_DAYS_MIN, DISCLOSURE_DAYS_MAX, MSG.workflowDisclosureDaysInvalid)
            : zInteger(
                DISCLOSURE_DAYS_MIN,
                DISCLOSURE_DAYS_MAX,
                MSG.workflowDisclosureDaysInvalid,
              ).optional(),
        }
      : {}),
  };
  return z.object(shape).strip() as unknown as z.ZodType<ActionForm>;
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

/** A form reduced to its action's fields, text trimmed and empty text dropped. */
export function cleanActionForm(config: ActionConfig, form: ActionForm): ActionForm {
  const cleaned: ActionForm = {};
  for (const field of config.fields) {
    const value = form[field.name];
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') (cleaned as Record<string, unknown>)[field.name] = trimmed;
    } else if (typeof value === 'number') {
      (cleaned as Record<string, unknown>)[field.name] = value;
    }
  }
  return cleaned;
}

/** The letter's content; the server lays it out as a PDF (renderLetter). */
export type LetterContent = {
  title: string;
  addressee: string;
  paragraphs: string[];
  fields: { label: string; value: string }[];
  applicant: string;
  date: string;
};

/** 2026-11-22 -> 2026年11月22日 */
function chineseDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${year}年${Number(month)}月${Number(date)}日`;
}

/** The application letter of an action, from its form and the project (BLUEPRINT section 4). */
export function composeLetter(input: {
  config: ActionConfig;
  form: ActionForm;
  project: { name: string; code: string };
  applicant: string;
  exchange: string;
  /** the letter's date, 'YYYY-MM-DD' in +08:00 */
  day: string;
}): LetterContent {
  const { config, form, project } = input;
  const paragraphs = [
    form.reason === undefined
      ? `我单位“${project.name}”项目（项目编号 ${project.code}）现申请在贵所${config.title}。`
      : `我单位在贵所挂牌的“${project.name}”项目（项目编号 ${project.code}），现申请${config.title}，理由如下：${form.reason}`,
  ];
  if (form.expectedResumeDate !== undefined) {
    paragraphs.push(`预计于${chineseDate(form.expectedResumeDate)}申请恢复信息披露。`);
  }
  if (form.extendDays !== undefined) paragraphs.push(`申请将信息披露期延长${form.extendDays}个工作日。`);
  if (form.disclosureDays !== undefined) {
    paragraphs.push(
      config.effect === 'disclosure'
        ? `披露期为${form.disclosureDays}个工作日。`
        : `申请重新披露，披露期为${form.disclosureDays}个工作日。`,
    );
  }
  if (form.remark !== undefined) paragraphs.push(`备注：${form.remark}`);
  paragraphs.push('我单位承诺所提交材料真实、准确、完整，并承担相应的法律责任。');
  return {
    title: config.letterTitle,
    addressee: `致：${input.exchange}`,
    paragraphs,
    fields: [
      { label: '项目名称', value: project.name },
      { label: '项目编号', value: project.code },
      ...(form.reason === undefined ? [] : [{ label: REASON.label, value: form.reason }]),
      { label: '申请日期', value: input.day },
    ],
    applicant: input.applicant,
    date: chineseDate(input.day),
  };
}
