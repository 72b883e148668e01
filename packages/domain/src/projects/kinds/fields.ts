// The field kit of project forms: a family's form is a list of groups of field descriptors (name, label, kind,
// rules). From the same descriptors the server derives the saved shape of the form (zod) and the required-field
// check at submission, and the web draws the form (features/projects/project-form-fields.tsx) and the project
// view. What a family checks across fields (price bands, shares, instalments) stays code in its kind file.
import { z } from 'zod';
import type { AttachmentTag } from '../../attachment-tags.ts';
import type { DictionaryCode } from '../../dictionaries.ts';
import { formatFen, formatMessage } from '../../format.ts';
import { fillIn, MSG, pleaseSelect } from '../../messages.ts';
import { regionName, regionPath } from '../../regions.ts';
import { validateCreditCode } from '../../validation/credit-code.ts';
import { validateMobile } from '../../validation/mobile.ts';
import { validateTelephone } from '../../validation/telephone.ts';
import { countChars } from '../../validation/return-reason.ts';
import { isCalendarDate } from '../../workflow/action-forms.ts';
import { formatShare, SHARE_WHOLE } from '../shares.ts';

/**
 * text / textarea: free text of at most `max` characters (a Chinese character counts 2, BF-5.3); money: integer
 * fen above 0, typed in yuan; integer: a whole number in [min, max]; percent: a ratio 0..1 typed as a percentage
 * (the first payment); share: a share of a company in millionths, typed as a percentage with 4 decimals; choice:
 * one of `options`; dict: a key of the data dictionary `dict`; region: a GB/T 2260 province or city code; date:
 * 'YYYY-MM-DD'; boolean: a checkbox; mobile: a mobile number (SH-5.2); telephone: a contact number, mobile or
 * landline with area code and optional extension (validation/telephone.ts); creditCode: a unified social credit code
 * (GB 32100); member: a member company (会员) of the exchange, by id; file: the project's files under `tag`
 * (attachments, not part of the form); list: rows of `fields`.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'money'
  | 'integer'
  | 'percent'
  | 'share'
  | 'choice'
  | 'dict'
  | 'region'
  | 'date'
  | 'boolean'
  | 'mobile'
  | 'telephone'
  | 'creditCode'
  | 'member'
  | 'file'
  | 'list';

/** A form as the machinery handles it: its name, and the family's fields by name. */
export type ProjectFormBase = { name: string } & Record<string, unknown>;

/** One row of a list field (a transferor of an equity project). */
export type FormRow = Record<string, unknown>;

/** The exchange's settings a form's hints and rules read: the disclosure periods of the data dictionary. */
export type KindSettings = { disclosureDays: Readonly<Record<string, number>> };

export type FieldOption = { value: string; label: string };

export type FieldDef = {
  name: string;
  label: string;
  kind: FieldKind;
  /** required at submission (a draft saves whatever has been filled in so far); may depend on the form */
  isRequired?: boolean | ((form: ProjectFormBase) => boolean);
  /** text: the most characters; integer: the largest value */
  max?: number;
  min?: number;
  /** integer: the digits the input takes */
  integerDigits?: number;
  options?: readonly FieldOption[];
  /** choice: drawn as radio buttons rather than a drop-down */
  isRadio?: boolean;
  dict?: DictionaryCode;
  /** file: the attachment tag the files are filed under */
  tag?: string;
  /** list: the fields of a row */
  fields?: readonly FieldDef[];
  /** boolean: the text beside the checkbox */
  checkLabel?: string;
  /** shown (and checked) only when this answers true */
  isVisible?: (form: ProjectFormBase) => boolean;
  /** the line under the field */
  hint?: string | ((form: ProjectFormBase, settings: KindSettings) => string);
  /** takes the whole width of the view */
  isWide?: boolean;
  /** the rule of the value (set by the field builders below) */
  schema?: z.ZodType;
};

export type FieldGroup = { key: string; title: string; fields: readonly FieldDef[] };

export const LIST_ROWS_MAX = 50;
export const TEXT_MAX_DEFAULT = 200;
export const TEXTAREA_MAX_DEFAULT = 2000;

/** A label without its unit: 挂牌价（元） -> 挂牌价, for the messages that name the field. */
const shortLabel = (label: string): string => label.replace(/（.*?）$/, '');

/** The dictionaries some of the fields name, each once: what a form or a view reads the labels of. */
export function dictionariesOf(fields: readonly FieldDef[]): DictionaryCode[] {
  return [...new Set(fields.flatMap((field) => (field.dict === undefined ? [] : [field.dict])))];
}

/** Whether a field is part of the stored form (files are attachments of the project). */
export function isFormField(field: FieldDef): boolean {
  return field.kind !== 'file';
}

export function isFieldVisible(field: FieldDef, form: ProjectFormBase): boolean {
  return field.isVisible === undefined || field.isVisible(form);
}

/** The message of a missing value: 请选择X for choices (BF-5.5), 请填写X for what is typed, 请上传X for files. */
export function missingMessage(field: FieldDef): string {
  switch (field.kind) {
    case 'choice':
    case 'dict':
    case 'region':
    case 'date':
      return pleaseSelect(shortLabel(field.label));
    case 'file':
      return `请上传${field.label}`;
    default:
      return fillIn(shortLabel(field.label));
  }
}

/** A field with the rule of its value, typed, so a family composes its form's zod object from its fields. */
export type TypedField<T> = FieldDef & { schema: z.ZodType<T> };

type FieldOptions = Omit<FieldDef, 'name' | 'label' | 'kind' | 'schema'>;

function textRule(label: string, max: number): z.ZodType<string> {
  return z
    .string({ error: MSG.badRequest })
    .trim()
    .refine(
      (value) => countChars(value) <= max,
      formatMessage(MSG.projectsFieldTooLong, { label: shortLabel(label), max }),
    );
}

/**
 * The field builders: each sets the kind and derives the rule of the value from it (an absent value is judged at
 * submission by isRequired). `opts.schema` replaces the derived rule where a family keeps messages of its own.
 */
export const field = {
  text(
    name: string,
    label: string,
    opts: FieldOptions & { schema?: z.ZodType<string> } = {},
  ): TypedField<string> {
    return {
      name,
      label,
      kind: 'text',
      ...opts,
      schema: opts.schema ?? textRule(label, opts.max ?? TEXT_MAX_DEFAULT),
    };
  },
  textarea(
    name: string,
    label: string,
    opts: FieldOptions & { schema?: z.ZodType<string> } = {},
  ): TypedField<string> {
    return {
      name,
      label,
      kind: 'textarea',
      isWide: true,
      ...opts,
      schema: opts.schema ?? textRule(label, opts.max ?? TEXTAREA_MAX_DEFAULT),
    };
  },
  money(
    name: string,
    label: string,
    opts: FieldOptions & { schema?: z.ZodType<number> } = {},
  ): TypedField<number> {
    const message = formatMessage(MSG.projectsFieldMoneyInvalid, { label: shortLabel(label) });
    return {
      name,
      label,
      kind: 'money',
      ...opts,
      schema:
        opts.schema ??
        z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
    };
  },
  integer(
    name: string,
    label: string,
    opts: FieldOptions & { schema?: z.ZodType<number> } = {},
  ): TypedField<number> {
    const min = opts.min ?? 0;
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    const message = formatMessage(MSG.projectsFieldIntegerInvalid, { label: shortLabel(label), min, max });
    return {
      name,
      label,
      kind: 'integer',
      ...opts,
      schema: opts.schema ?? z.number({ error: message }).int(message).min(min, message).max(max, message),
    };
  },
  percent(
    name: string,
    label: string,
    opts: FieldOptions & { schema?: z.ZodType<number> } = {},
  ): TypedField<number> {
    const message = formatMessage(MSG.projectsFieldPercentInvalid, { label: shortLabel(label) });
    return {
      name,
      label,
      kind: 'percent',
      ...opts,
      schema: opts.schema ?? z.number({ error: message }).min(0, message).max(1, message),
    };
  },
  share(name: string, label: string, opts: FieldOptions = {}): TypedField<number> {
    const message = formatMessage(MSG.sheetsShareInvalid, { label: shortLabel(label) });
    return {
      name,
      label,
      kind: 'share',
      ...opts,
      schema: z.number({ error: message }).int(message).min(0, message).max(SHARE_WHOLE, message),
    };
  },
  choice<V extends string>(
    name: string,
    label: string,
    options: readonly { value: V; label: string }[],
    opts: FieldOptions & { schema?: z.ZodType<V> } = {},
  ): TypedField<V> {
    const message = pleaseSelect(shortLabel(label));
    const values = options.map((option) => option.value);
    return {
      name,
      label,
      kind: 'choice',
      options,
      ...opts,
      schema:
        opts.schema ??
        z.string({ error: message }).refine((value): value is V => values.some((v) => v === value), message),
    };
  },
  dict(name: string, label: string, dict: DictionaryCode, opts: FieldOptions = {}): TypedField<string> {
    const message = pleaseSelect(shortLabel(label));
    return {
      name,
      label,
      kind: 'dict',
      dict,
      ...opts,
      schema: z.string({ error: message }).min(1, message).max(32, message),
    };
  },
  region(name: string, label: string, opts: FieldOptions = {}): TypedField<string> {
    const message = pleaseSelect(shortLabel(label));
    return {
      name,
      label,
      kind: 'region',
      ...opts,
      schema: z
        .string({ error: message })
        .refine((value) => /^\d{6}$/.test(value) && regionName(value) !== value, message),
    };
  },
  date(name: string, label: string, opts: FieldOptions = {}): TypedField<string> {
    const message = formatMessage(MSG.projectsFieldDateInvalid, { label: shortLabel(label) });
    return {
      name,
      label,
      kind: 'date',
      ...opts,
      schema: z.string({ error: message }).refine(isCalendarDate, message),
    };
  },
  boolean(name: string, label: string, opts: FieldOptions = {}): TypedField<boolean> {
    return { name, label, kind: 'boolean', ...opts, schema: z.boolean({ error: MSG.badRequest }) };
  },
  mobile(name: string, label: string, opts: FieldOptions = {}): TypedField<string> {
    return {
      name,
      label,
      kind: 'mobile',
      ...opts,
      schema: z
        .string({ error: MSG.mobileInvalid })
        .refine((value) => value === '' || validateMobile(value) === null, MSG.mobileInvalid),
    };
  },
  telephone(name: string, label: string, opts: FieldOptions = {}): TypedField<string> {
    return {
      name,
      label,
      kind: 'telephone',
      ...opts,
      schema: z
        .string({ error: MSG.telephoneInvalid })
        .refine((value) => value === '' || validateTelephone(value) === null, MSG.telephoneInvalid),
    };
  },
  creditCode(name: string, label: string, opts: FieldOptions = {}): TypedField<string> {
    return {
      name,
      label,
      kind: 'creditCode',
      ...opts,
      schema: z
        .string({ error: MSG.creditCodeInvalid })
        .trim()
        .toUpperCase()
        .refine((value) => validateCreditCode(value) === null, MSG.creditCodeInvalid),
    };
  },
  member(name: string, label: string, opts: FieldOptions = {}): TypedField<number> {
    const message = pleaseSelect(shortLabel(label));
    return {
      name,
      label,
      kind: 'member',
      ...opts,
      schema: z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
    };
  },
  /** A list of rows; `row` is the zod object of one row, composed by the family from the row's fields. */
  list<R>(
    name: string,
    label: string,
    fields: readonly FieldDef[],
    row: z.ZodType<R>,
    opts: FieldOptions = {},
  ): TypedField<R[]> {
    return {
      name,
      label,
      kind: 'list',
      fields,
      isWide: true,
      ...opts,
      schema: z
        .array(row, { error: MSG.badRequest })
        .max(
          LIST_ROWS_MAX,
          formatMessage(MSG.projectsListTooLong, { label: shortLabel(label), max: LIST_ROWS_MAX }),
        ),
    };
  },
  /** Files of the project under `tag` (attachments, not part of the stored form). */
  file(tag: string, label: string, opts: FieldOptions = {}): FieldDef {
    return { name: tag, label, kind: 'file', tag, ...opts };
  },
};

function isBlankValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function isRequiredIn(field: FieldDef, form: ProjectFormBase): boolean {
  return typeof field.isRequired === 'function' ? field.isRequired(form) : field.isRequired === true;
}

/**
 * The messages of the required fields a submission still lacks, in the form's order: the visible required fields
 * without a value, each row of a list with its blank required cells, and required files (counted per tag).
 */
export function missingRequired(
  groups: readonly FieldGroup[],
  form: ProjectFormBase,
  files: Readonly<Record<string, number>>,
): string[] {
  const messages: string[] = [];
  for (const field of groups.flatMap((group) => group.fields)) {
    if (!isFieldVisible(field, form)) continue;
    const value = form[field.name];
    if (isRequiredIn(field, form)) {
      const isMissing =
        field.kind === 'file'
          ? (files[field.tag ?? ''] ?? 0) === 0
          : field.kind === 'boolean'
            ? value !== true
            : isBlankValue(value);
      if (isMissing) {
        messages.push(missingMessage(field));
        continue;
      }
    }
    // the rows given of a list have their own required cells, whether or not the list is required
    if (field.kind === 'list' && Array.isArray(value)) {
      value.forEach((row: FormRow, index) => {
        for (const cell of field.fields ?? []) {
          if (isRequiredIn(cell, form) && isBlankValue(row[cell.name])) {
            messages.push(`${field.label}第${index + 1}行：${missingMessage(cell)}`);
          }
        }
      });
    }
  }
  return messages;
}

/** The project files a form of these groups has, as the attachment tags the project page uploads under. */
export function fileTags(groups: readonly FieldGroup[]): AttachmentTag[] {
  return groups
    .flatMap((group) => group.fields)
    .filter((field) => field.kind === 'file')
    .map((field) => ({ tag: field.tag ?? field.name, label: field.label }));
}

/**
 * A stored value as the project view and the announcement show it. Dictionary keys are shown by `dictLabel`
 * (the caller has the dictionary), a company's id (the member a project is entrusted to) by `companyName` (the
 * caller has the companies): an id names nothing to a reader, so without a name the value shows as none. Lists
 * are drawn as tables by the caller.
 */
export function showFieldValue(
  field: FieldDef,
  value: unknown,
  dictLabel: (dict: DictionaryCode, key: string) => string = (_dict, key) => key,
  companyName: (id: number) => string | null | undefined = () => undefined,
): string {
  if (isBlankValue(value)) return '';
  switch (field.kind) {
    case 'member':
      return typeof value === 'number' ? (companyName(value) ?? '') : '';
    case 'money':
      return typeof value === 'number' ? formatFen(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${Number(`${value}e2`)}%` : String(value);
    case 'share':
      return typeof value === 'number' ? `${formatShare(value)}%` : String(value);
    case 'choice':
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'dict':
      return field.dict === undefined ? String(value) : dictLabel(field.dict, String(value));
    case 'region':
      return regionPath(String(value)) ?? String(value);
    case 'boolean':
      return value === true ? '是' : '否';
    case 'list':
      return Array.isArray(value) ? `${value.length}项` : '';
    default:
      return String(value);
  }
}
