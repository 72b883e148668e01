// A project family as configuration: its business type, its form (field groups and the zod shape of what is
// stored), the sections its project has beyond the form, its list sheets, its disclosure periods and its listing
// rules. The server's project calls, list, view, copy, export and announcement and the web's form and view loop
// over the kinds (kinds/index.ts); a family's own file says only what is its own.
import type { z } from 'zod';
import type { BusinessTypeKey } from '../../business-types.ts';
import type { DictionaryCode } from '../../dictionaries.ts';
import { MSG } from '../../messages.ts';
import type { FamilyKey } from '../../workflow/families.ts';
import type { SheetDef } from '../sheets.ts';
import type { FieldDef, FieldGroup, KindSettings, ProjectFormBase } from './fields.ts';

/**
 * What a project shows beyond its form: its asset list, shareholder structure, financial data, participants
 * (意向受让方 registered by the owner), the disclosure announcement, and `custom` for a section the family draws
 * itself (the web's slot for it: features/projects/sections; the capital increase's investors).
 */
export type ProjectSection =
  'assets' | 'shareholders' | 'financials' | 'participants' | 'announcement' | 'custom';

/** Which disclosure a submission applies for: the pre-disclosure (信息预披露) or the formal one (正式披露). */
export type DisclosureStage = 'pre' | 'formal';

/** What the rules of a submission read beyond the form: the project's files per tag and the exchange's settings. */
export type RuleContext = {
  files: Readonly<Record<string, number>>;
  settings: KindSettings;
  stage: DisclosureStage;
};

/**
 * What the appraisal firm a form names (its field appraisalFirm, 评估机构) submits on 评估项目, and where the form
 * keeps it: the base day's field, the net assets' field (an enterprise's shares: the value offered may not exceed
 * them; absent for goods, a small lot's estimate) and the value's field with its label. A kind without it names no
 * firm.
 */
export type KindAppraisal = {
  baseDateField: string;
  netAssetField?: string;
  valueField: string;
  valueLabel: string;
};

/**
 * A form that changes with a category of the data dictionary (the unified family's): the field holding the
 * category, its dictionary, and the fields each category key adds (a key the exchange added has some too). Its
 * kind has the category call (GET /api/project/{family}/category).
 */
export type KindCategories = {
  field: string;
  dict: DictionaryCode;
  fieldsOf(key: string): readonly FieldDef[];
};

/**
 * A period the form counts in working days: the fields of its first day, its working days and its closing day.
 * Its kind has the work/date call, which the form asks as the owner types (the closing day from the first day and
 * the days, the days from the two days).
 */
export type KindWorkdayPeriod = { start: string; days: string; end: string };

/**
 * What the public disclosure site (/listings) shows of a kind's project: the form's fields, in order (a file never,
 * a telephone masked, a field the form hides for its category skipped), the fields that hold its region and its
 * industry (the site's filters; a kind without a region field is found by its owner's region) and the buyers'
 * conditions (受让方资格条件, shown in a section of their own). Anything not named here never leaves the portal.
 */
export type KindPublication = {
  fields: readonly string[];
  region?: string;
  industry?: string;
  conditions?: string;
};

/** The disclosure periods of a stage: the form's field that holds it and the fewest working days allowed. */
export type PeriodRule<F> = {
  field: string;
  minDays(form: F, settings: KindSettings): number;
};

export type KindDefinition<F extends ProjectFormBase> = {
  family: FamilyKey;
  businessType: BusinessTypeKey;
  groups: readonly FieldGroup[];
  /** the stored form: checked on every save (types, ranges, lengths), parsed on every read */
  schema: z.ZodType<F>;
  sections: readonly ProjectSection[];
  sheets: readonly SheetDef[];
  /** required: the formal disclosure follows an approved pre-disclosure; optional: when its period is given */
  preDisclosure: 'required' | 'optional' | 'none';
  periods: { pre?: PeriodRule<F>; formal: PeriodRule<F> };
  /** every failing rule of a submission of `stage`, in the form's order (required fields, periods, prices ...) */
  checkRules(form: F, context: RuleContext): string[];
  listingPrice(form: F): number | undefined;
  /** the announcement: the field whose text is its body, and fields its facts leave out */
  announcement: { bodyField: string; omit: readonly string[] };
  publication: KindPublication;
  /** the path of the call that creates a draft, after /api/project/{family} (spec 001: bulk's is the base itself) */
  createPath: string;
  /** what the project's owner is called (转让方 of a transfer, 融资方 of a capital increase); 转让方 if absent */
  ownerLabel?: string;
  appraisal?: KindAppraisal;
  /**
   * Where the spec names a kind's calls apart from /api/project/{family} (the capital increase's /api/capitalIncrease):
   * the same create ({base}), update ({base}/update/{id}), read ({base}/project/{id}) and submit
   * ({base}/{id}/submit) under that base.
   */
  specBase?: string;
  categories?: KindCategories;
  workdayPeriod?: KindWorkdayPeriod;
  /**
   * A kind without a pre-disclosure whose formal disclosure the spec also submits on submitFormal (the ordinary
   * capital increase: spec 001 lists /api/project/cap/submitFormal): that call is served as `submit`'s alias.
   */
  isFormalSubmitNamed?: boolean;
};

/** A kind as the machinery handles it: the same, over the base form, with the parse of a stored or sent form. */
export type ProjectKind = Omit<
  KindDefinition<ProjectFormBase>,
  'schema' | 'checkRules' | 'listingPrice' | 'periods' | 'ownerLabel' | 'isFormalSubmitNamed'
> & {
  ownerLabel: string;
  isFormalSubmitNamed: boolean;
  /** the form checked and trimmed (unknown keys dropped), or the first message of what is wrong with it */
  parse(raw: unknown): { form: ProjectFormBase; message: null } | { message: string };
  /** the form a project keeps in its details, parsed; a form that no longer parses keeps only its name */
  readStored(details: Readonly<Record<string, unknown>>, name: string): ProjectFormBase;
  checkRules(form: ProjectFormBase, context: RuleContext): string[];
  listingPrice(form: ProjectFormBase): number | undefined;
  /** the working days of a stage the form asks for, if given */
  periodDays(form: ProjectFormBase, stage: DisclosureStage): number | undefined;
  minPeriodDays(form: ProjectFormBase, stage: DisclosureStage, settings: KindSettings): number;
  /** every field of the form, in order */
  fields: readonly FieldDef[];
};

/**
 * Wraps a family's definition for the machinery: every function re-parses the form it is given with the family's
 * schema (never a cast), so a family's rules are written against its own typed form.
 */
export function defineKind<F extends ProjectFormBase>(def: KindDefinition<F>): ProjectKind {
  const parseTyped = (raw: unknown): F | null => {
    const result = def.schema.safeParse(raw ?? {});
    return result.success ? result.data : null;
  };
  const typed = (form: ProjectFormBase): F => parseTyped(form) ?? def.schema.parse({ name: form.name });
  const periodOf = (stage: DisclosureStage) => (stage === 'pre' ? def.periods.pre : def.periods.formal);
  return {
    family: def.family,
    businessType: def.businessType,
    groups: def.groups,
    sections: def.sections,
    sheets: def.sheets,
    preDisclosure: def.preDisclosure,
    announcement: def.announcement,
    publication: def.publication,
    createPath: def.createPath,
    ...(def.specBase === undefined ? {} : { specBase: def.specBase }),
    ...(def.appraisal === undefined ? {} : { appraisal: def.appraisal }),
    ...(def.categories === undefined ? {} : { categories: def.categories }),
    ...(def.workdayPeriod === undefined ? {} : { workdayPeriod: def.workdayPeriod }),
    ownerLabel: def.ownerLabel ?? '转让方',
    isFormalSubmitNamed: def.isFormalSubmitNamed ?? false,
    fields: def.groups.flatMap((group) => group.fields),
    parse(raw) {
      const result = def.schema.safeParse(raw ?? {});
      if (result.success) return { form: result.data, message: null };
      return { message: result.error.issues[0]?.message ?? MSG.badRequest };
    },
    readStored(details, name) {
      return parseTyped(details.form) ?? { name };
    },
    checkRules: (form, context) => def.checkRules(typed(form), context),
    listingPrice: (form) => def.listingPrice(typed(form)),
    periodDays(form, stage) {
      const rule = periodOf(stage);
      const days = rule === undefined ? undefined : form[rule.field];
      return typeof days === 'number' ? days : undefined;
    },
    minPeriodDays(form, stage, settings) {
      return periodOf(stage)?.minDays(typed(form), settings) ?? 0;
    },
  };
}

/**
 * The submit call of a stage, after /api/project/{family}/ (spec 001: the stock calls have submit and the formal
 * submit): a kind with a pre-disclosure submits it with `submit` and the formal disclosure with `submitFormal`; a
 * kind without one submits its formal disclosure with `submit`.
 */
export function submitCall(kind: Pick<ProjectKind, 'preDisclosure'>, stage: DisclosureStage): string {
  return kind.preDisclosure !== 'none' && stage === 'formal' ? 'submitFormal' : 'submit';
}

/** The stages a kind's project in `status` may submit now, in order. */
export function submittableStages(
  kind: Pick<ProjectKind, 'preDisclosure'>,
  status: string,
): DisclosureStage[] {
  if (status === 'preDisclosing') return kind.preDisclosure === 'none' ? [] : ['formal'];
  if (status !== 'draft') return [];
  if (kind.preDisclosure === 'required') return ['pre'];
  return kind.preDisclosure === 'optional' ? ['pre', 'formal'] : ['formal'];
}

/** Whether a kind's project form may still change in `status`: a draft, and a pre-disclosed project. */
export function isFormEditable(kind: Pick<ProjectKind, 'preDisclosure'>, status: string): boolean {
  return status === 'draft' || (status === 'preDisclosing' && kind.preDisclosure !== 'none');
}
