// The calls of a kind's project form (spec 000: addproject, editproject; spec 001 section 7: every family's save,
// update, show, submit and submitFormal, again/submit, task/submit and copy; the capital increase's own names under
// /api/capitalIncrease and /api/capitalIncreaseOpen) and of its disclosure announcement's preview (Bulk: "word and
// pdf export"). Every family with a project kind (packages/domain/src/projects/kinds) has them at its own paths, so
// they are described per family: PROJECT_KIND_CALLS[family]. All need GJS_PROJECT_LT (or _ADMIN); another company's
// project, or one of another family, answers 404.
import { z } from 'zod';
import { defineCall, zCalendarDay, zPathId, ZSaved, type CallDef } from '../contract.ts';
import { formatMessage } from '../format.ts';
import { MSG } from '../messages.ts';
import { DISCLOSURE_DAYS_MAX } from '../workflow/actions.ts';
import { PROJECT_FAMILIES, PROJECT_KINDS, type ProjectFamily } from '../projects/kinds/index.ts';
import { submitCall, type DisclosureStage } from '../projects/kinds/kind.ts';
import { ZDisclosureDocument, ZProjectFormView } from '../projects/views.ts';
import { FAMILY_TITLES } from '../workflow/families.ts';
import { zProjectBodyId, zProjectVersion, ZProjectSubmitted } from './projects.ts';

type ApiPath = CallDef['path'];

/** The form travels as an object; its fields are checked by the domain schema so the messages are the rules'. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest });

/** What saving a form answers: the project and its new version. */
export const ZProjectSaved = ZSaved;
export type ProjectSaved = z.infer<typeof ZProjectSaved>;

/** A kind's base of the spec's own names (/api/capitalIncrease), as a path of the API. */
function apiPath(path: string): ApiPath {
  if (!path.startsWith('/api/')) throw new Error(`${path}: not a path of the API`);
  return path as ApiPath;
}

/** The stages of a kind's disclosure: its pre-disclosure where it has one, and the formal disclosure. */
function stagesOf(family: ProjectFamily): readonly DisclosureStage[] {
  return PROJECT_KINDS[family].preDisclosure === 'none' ? ['formal'] : ['pre', 'formal'];
}

/** POST {path} {version}: the disclosure application of `stage`, after the kind's rule checks. */
function submitCallAt(family: ProjectFamily, stage: DisclosureStage, path: ApiPath) {
  const hasPreDisclosure = PROJECT_KINDS[family].preDisclosure !== 'none';
  const what = stage === 'pre' ? '信息预披露' : hasPreDisclosure ? '正式披露' : '信息披露';
  return defineCall({
    method: 'POST',
    path,
    tag: 'project',
    summary: `提交${FAMILY_TITLES[family]}项目${what}申请`,
    params: z.object({ id: zPathId }),
    body: z.object({ version: zProjectVersion }),
    answer: ZProjectSubmitted,
  });
}

/** The calls that create, change and submit a kind's project, at the paths given (the family's, or the spec's). */
function formCallsAt(
  family: ProjectFamily,
  paths: { create: ApiPath; update: ApiPath; submit: (stage: DisclosureStage) => ApiPath },
) {
  const title = FAMILY_TITLES[family];
  // a kind without a pre-disclosure submits its formal disclosure on `submit`, whichever stage is asked for
  const formal = submitCallAt(family, 'formal', paths.submit('formal'));
  return {
    /** POST {create} {form} -> {id, version}: a draft of the caller's company */
    create: defineCall({
      method: 'POST',
      path: paths.create,
      tag: 'project',
      summary: `新增${title}项目（草稿）`,
      body: z.object({ form: zForm }),
      answer: ZProjectSaved,
    }),
    /** POST {update}/{id} {version, form} -> {id, version}; editable projects only; stale version: 409 */
    update: defineCall({
      method: 'POST',
      path: paths.update,
      tag: 'project',
      summary: `修改${title}项目`,
      params: z.object({ id: zPathId }),
      body: z.object({ version: zProjectVersion, form: zForm }),
      answer: ZProjectSaved,
    }),
    /** the stages the kind has, each submitted on its call (submit, and submitFormal after a pre-disclosure) */
    stages: stagesOf(family),
    submit: {
      pre: stagesOf(family).includes('pre') ? submitCallAt(family, 'pre', paths.submit('pre')) : formal,
      formal,
    } satisfies Record<DisclosureStage, CallDef>,
  };
}

/** A category of a kind's form, with the labels of the fields it adds. */
export const ZKindCategory = z.object({
  key: z.string(),
  label: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type KindCategory = z.infer<typeof ZKindCategory>;

function categoryCallOf(family: ProjectFamily) {
  return defineCall({
    method: 'GET',
    path: `/api/project/${family}/category`,
    tag: 'project',
    summary: `${FAMILY_TITLES[family]}项目类别及其专有字段`,
    answer: z.array(ZKindCategory),
  });
}

/** What the work/date call answers: the period both ways, and whether a day counted has no published schedule. */
export const ZWorkDate = z.object({
  startDate: z.string(),
  days: z.number(),
  endDate: z.string(),
  isProvisional: z.boolean(),
});
export type WorkDate = z.infer<typeof ZWorkDate>;

function workDateCallOf(family: ProjectFamily) {
  return defineCall({
    method: 'POST',
    path: `/api/project/${family}/work/date`,
    tag: 'project',
    summary: '按法定工作日计算披露截止日期（或工作日数）',
    description: '给出 days 时返回截止日期；给出 endDate 时返回两日之间的工作日数（开始当日不计）。',
    body: z
      .object({
        startDate: zCalendarDay(MSG.workDateStartInvalid),
        days: z
          .number({ error: formatMessage(MSG.workDateDaysInvalid, { max: DISCLOSURE_DAYS_MAX }) })
          .int(formatMessage(MSG.workDateDaysInvalid, { max: DISCLOSURE_DAYS_MAX }))
          .min(1, formatMessage(MSG.workDateDaysInvalid, { max: DISCLOSURE_DAYS_MAX }))
          .max(DISCLOSURE_DAYS_MAX, formatMessage(MSG.workDateDaysInvalid, { max: DISCLOSURE_DAYS_MAX }))
          .optional(),
        endDate: zCalendarDay(MSG.workDateEndInvalid).optional(),
      })
      .refine((body) => (body.days === undefined) !== (body.endDate === undefined), MSG.workDateOneOf),
    answer: ZWorkDate,
  });
}

function kindCallsOf(family: ProjectFamily) {
  const kind = PROJECT_KINDS[family];
  const title = FAMILY_TITLES[family];
  const base = `/api/project/${family}` as const;
  const specBase = kind.specBase === undefined ? undefined : apiPath(kind.specBase);
  return {
    ...formCallsAt(family, {
      create: `${base}${kind.createPath}`,
      update: `${base}/update/:id`,
      submit: (stage) => `${base}/${submitCall(kind, stage)}/:id`,
    }),
    /**
     * The same calls under the names the spec gives a kind apart from its family's (the capital increase's): the
     * draft of its project read as {specBase}/project/{id}, and each stage submitted as {specBase}/{id}/submit (the
     * open capital increase's formal disclosure as {id}/submitFormal, like its family's call).
     */
    spec:
      specBase === undefined
        ? undefined
        : {
            ...formCallsAt(family, {
              create: specBase,
              update: `${specBase}/update/:id`,
              submit: (stage) => `${specBase}/:id/${submitCall(kind, stage)}`,
            }),
            show: defineCall({
              method: 'POST',
              path: `${specBase}/project/:id`,
              tag: 'project',
              summary: `${title}项目详情`,
              params: z.object({ id: zPathId }),
              answer: ZProjectFormView,
            }),
          },
    /**
     * POST /api/project/{family}/submitFormal/{id} {version}, for a kind without a pre-disclosure whose formal
     * submit the spec names as well (the ordinary capital increase's): the same submission as `submit`
     */
    submitFormalAlias: kind.isFormalSubmitNamed
      ? submitCallAt(family, 'formal', `${base}/submitFormal/:id`)
      : undefined,
    /** POST /api/project/{family}/copy/{id} -> {id, version}: a new draft with the form (renamed) and the sheets */
    copy: defineCall({
      method: 'POST',
      path: `${base}/copy/:id`,
      tag: 'project',
      summary: `复制${title}项目为新草稿`,
      params: z.object({ id: zPathId }),
      answer: ZProjectSaved,
    }),
    /** POST /api/project/{family}/again/submit/{id} {version}: once the exchange returned it (else refused) */
    submitAgain: defineCall({
      method: 'POST',
      path: `${base}/again/submit/:id`,
      tag: 'project',
      summary: `退回修改后再次提交${title}项目`,
      params: z.object({ id: zPathId }),
      body: z.object({ version: zProjectVersion }),
      answer: ZProjectSubmitted,
    }),
    /** POST /api/project/{family}/task/submit {id, version, taskId}: from the caller's open task on it */
    submitFromTask: defineCall({
      method: 'POST',
      path: `${base}/task/submit`,
      tag: 'project',
      summary: `从待办任务提交${title}项目`,
      body: z.object({ id: zProjectBodyId, version: zProjectVersion, taskId: zProjectBodyId }),
      answer: ZProjectSubmitted,
    }),
    /**
     * GET /api/project/{family}/category -> the categories of a kind whose form changes with one (the unified
     * family's): the dictionary's entries in force, each with the fields it adds to the form
     */
    category: kind.categories === undefined ? undefined : categoryCallOf(family),
    /**
     * POST /api/project/{family}/work/date {startDate, days | endDate}: the closing day of a period of working days
     * on the PRC calendar, or the working days between two days (a kind whose form counts its period so)
     */
    workDate: kind.workdayPeriod === undefined ? undefined : workDateCallOf(family),
    /** POST /api/project/{family}/show {id} -> ProjectFormView (the spec names the id in the body) */
    show: defineCall({
      method: 'POST',
      path: `${base}/show`,
      tag: 'project',
      summary: `${title}项目详情`,
      body: z.object({ id: zProjectBodyId }),
      answer: ZProjectFormView,
    }),
  };
}

export type ProjectKindCalls = ReturnType<typeof kindCallsOf>;

/** The form calls of every family with a project kind. */
export const PROJECT_KIND_CALLS = Object.fromEntries(
  PROJECT_FAMILIES.map((family) => [family, kindCallsOf(family)]),
) as Record<ProjectFamily, ProjectKindCalls>;

/** POST /api/project/{family}/preview {id} -> DisclosureDocument: the announcement as the preview shows it. */
function previewCallOf(family: ProjectFamily) {
  return defineCall({
    method: 'POST',
    path: `/api/project/${family}/preview`,
    tag: 'project',
    summary: '信息披露公告预览',
    body: z.object({ id: zProjectBodyId }),
    answer: ZDisclosureDocument,
  });
}

export type AnnouncementPreviewCall = ReturnType<typeof previewCallOf>;

/**
 * The announcement's preview of every kind with the announcement section, by family. Its Word and PDF exports
 * (GET /api/project/{family}/export/{word|pdf}/{id}) answer a file, not the envelope: they are no contract.
 */
export const ANNOUNCEMENT_PREVIEW_CALLS: Partial<Record<ProjectFamily, AnnouncementPreviewCall>> =
  Object.fromEntries(
    PROJECT_FAMILIES.filter((family) => PROJECT_KINDS[family].sections.includes('announcement')).map(
      (family) => [family, previewCallOf(family)],
    ),
  );

/** The preview call of a family's announcement (a kind without the section has none). */
export function announcementPreviewCall(family: ProjectFamily): AnnouncementPreviewCall {
  const call = ANNOUNCEMENT_PREVIEW_CALLS[family];
  if (call === undefined) throw new Error(`${family}: no announcement`);
  return call;
}
