// A project form as the screen holds it, and its conversion to and from the wire, by the kind of each field
// (projects/kinds/fields.ts): amounts are typed in yuan and travel as integer fen, the first payment is typed as a
// percentage and travels as a ratio 0..1, a share is typed as a percentage with 4 decimals and travels as
// millionths, a region is picked as province and city and travels as one code; files are the project's
// attachments and never travel with the form. Blank fields are left out, and fields that are not shown (the
// instalment terms of a lump sum) do not travel, so a draft saves whatever has been filled in so far.
import type { AttachmentItem } from '@cqjy/domain/api';
import { fenToYuan, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { isFieldVisible, isFormField, missingMessage } from '@cqjy/domain/projects/kinds/fields';
import type { FieldDef, FormRow, ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import { formatShare, parseShareText } from '@cqjy/domain/projects/shares';

/** The screen's values: text as typed, booleans, rows of a list, a region's [province, city], files by tag. */
export type FormValues = Record<string, unknown>;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Text the user typed as a number; a text that is not one is kept as NaN so the domain's check names it. */
function toNumber(value: unknown): number | undefined {
  return isBlank(value) ? undefined : Number(String(value).trim());
}

/** '30' -> 0.3, shifting the decimal point in the text so that no binary rounding creeps in (33.3 -> 0.333). */
function percentToRatio(value: unknown): number | undefined {
  return isBlank(value) ? undefined : Number(`${String(value).trim()}e-2`);
}

function toWireValue(field: FieldDef, value: unknown): unknown {
  if (field.kind === 'boolean') return value === true ? true : value === false ? false : undefined;
  if (field.kind === 'list') {
    const rows = Array.isArray(value) ? (value as FormValues[]) : [];
    return rows.map((row) => toWireRow(field.fields ?? [], row));
  }
  if (field.kind === 'region') {
    // the cascader's path: the city when one is picked, else the province
    const path = Array.isArray(value) ? value.filter((code) => typeof code === 'string') : [];
    return path.length === 0 ? undefined : path[path.length - 1];
  }
  if (isBlank(value)) return undefined;
  const text = String(value).trim();
  switch (field.kind) {
    case 'money':
      return parseYuanToFen(text) ?? Number.NaN;
    case 'integer':
    case 'member':
      return toNumber(text);
    case 'percent':
      return percentToRatio(text);
    case 'share':
      return parseShareText(text) ?? Number.NaN;
    case 'textarea':
      return typeof value === 'string' ? value : text;
    default:
      return text;
  }
}

function toWireRow(fields: readonly FieldDef[], row: FormValues): FormRow {
  return Object.fromEntries(
    fields
      .map((field): [string, unknown] => [field.name, toWireValue(field, row[field.name])])
      .filter(([, value]) => value !== undefined),
  );
}

/** The form as it travels: the visible fields of the screen's values, converted; blanks and files left out. */
export function toWireForm(fields: readonly FieldDef[], values: FormValues): ProjectFormBase {
  const all = toWireRow(fields.filter(isFormField), values);
  const name = typeof all.name === 'string' ? all.name : '';
  const form: ProjectFormBase = { ...all, name };
  // a field that is not shown (the instalment terms of a lump sum) does not travel
  return Object.fromEntries(
    Object.entries(form).filter(([key]) => {
      const field = fields.find((each) => each.name === key);
      return field === undefined || isFieldVisible(field, form);
    }),
  ) as ProjectFormBase;
}

function fromWireValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? fenToYuan(value) : undefined;
    case 'integer':
      return typeof value === 'number' ? String(value) : undefined;
    case 'percent':
      return typeof value === 'number' ? String(Number(`${value}e2`)) : undefined;
    case 'share':
      return typeof value === 'number' ? formatShare(value) : undefined;
    case 'region': {
      if (typeof value !== 'string') return undefined;
      return value.endsWith('0000') ? [value] : [`${value.slice(0, 2)}0000`, value];
    }
    case 'list':
      return Array.isArray(value)
        ? (value as FormRow[]).map((row) =>
            Object.fromEntries(
              (field.fields ?? []).map((cell) => [cell.name, fromWireValue(cell, row[cell.name])]),
            ),
          )
        : [];
    default:
      return value;
  }
}

/** Which empty fields a check marks: the messages of a submission's rules, every required one, or none. */
export type MissingFields = ReadonlySet<string> | 'required' | null;

/**
 * The problem of one field as the screen holds it, or null: the rule of its value (the kind's schema, the very
 * rule the server applies) whenever something is filled in; a missing value only where the submission's own check
 * asks for it (`missing`: the messages the kind's rules raise for the stage submitted, or every required field
 * when the form could not be read far enough to ask them; null for a draft, which saves whatever has been filled
 * in so far) — except the name, which every save needs.
 */
export function fieldProblem(
  field: FieldDef,
  value: unknown,
  wire: ProjectFormBase,
  missing: MissingFields,
): string | null {
  const travelling = toWireValue(field, value);
  if (travelling === undefined || (Array.isArray(travelling) && travelling.length === 0)) {
    const message = missingMessage(field);
    const isMissing =
      missing === 'required'
        ? typeof field.isRequired === 'function'
          ? field.isRequired(wire)
          : field.isRequired === true
        : missing?.has(message) === true;
    return field.name === 'name' || isMissing ? message : null;
  }
  if (field.schema === undefined) return null;
  const result = field.schema.safeParse(travelling);
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.badRequest);
}

/** The screen's values of a stored form, with the project's files under their tags. */
export function fromWireForm(
  fields: readonly FieldDef[],
  form: ProjectFormBase,
  attachments: Readonly<Record<string, AttachmentItem[]>> = {},
): FormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === 'file'
        ? (attachments[field.tag ?? field.name] ?? [])
        : fromWireValue(field, form[field.name]),
    ]),
  );
}

/** How many files the screen holds under each file field's tag (the rules count them). */
export function fileCounts(fields: readonly FieldDef[], values: FormValues): Record<string, number> {
  return Object.fromEntries(
    fields
      .filter((field) => field.kind === 'file')
      .map((field) => {
        const files = values[field.name];
        return [field.tag ?? field.name, Array.isArray(files) ? files.length : 0];
      }),
  );
}
