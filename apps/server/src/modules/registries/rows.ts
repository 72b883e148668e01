// A registry row as the use cases answer and write it, shared by them: the row shown (personal numbers masked
// for whoever is not its company), a form's values checked into a write, a write refused when its unique value is
// taken, and the company's one default row.
import {
  checkRegistryRegulator,
  checkRegistryRow,
  formatMessage,
  maskRegistryValues,
  MSG,
  registryLinkOf,
  registrySearchText,
  type RegistryDef,
  type RegistryRow,
  type SheetValues,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import * as repo from './repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** The choice a default field holds on the company's default row. */
const REGISTRY_DEFAULT = '是';

/** The message of a value that the company holds already: 该统一社会信用代码已登记 ... */
export function takenMessage(def: RegistryDef): string {
  const label = def.fields.find((field) => field.key === def.uniqueField)?.label ?? '';
  return formatMessage(MSG.registriesValueTaken, { label });
}

export function toRow(def: RegistryDef, row: repo.RegistryListItem, viewer: Viewer): RegistryRow {
  // the company's own row whole on its show page; lists and other viewers see personal numbers masked
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    values: row.companyId === viewer.companyId ? row.values : maskRegistryValues(def, row.values),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The checked values of a form, or the first field's message; `kept` are the values the portal wrote on the
 * row (what it started), which no form changes.
 */
export function readForm(
  def: RegistryDef,
  input: Readonly<Record<string, unknown>>,
  kept: SheetValues = {},
): repo.RegistryWrite {
  const cells = Object.fromEntries(
    def.fields.map((field) => {
      const value = input[field.key];
      return [field.key, typeof value === 'string' || typeof value === 'number' ? value : undefined];
    }),
  );
  const { values, errors } = checkRegistryRow(def, cells);
  if (errors[0] !== undefined) throw refused(errors[0]);
  const regulator = def.hasRegulator === true ? checkRegistryRegulator(input) : { values: {}, message: null };
  if (regulator.message !== null) throw refused(regulator.message);
  return toWrite(def, { ...values, ...regulator.values, ...registryLinkOf(kept) });
}

export function toWrite(def: RegistryDef, values: SheetValues): repo.RegistryWrite {
  const unique = def.uniqueField === undefined ? undefined : values[def.uniqueField];
  return {
    values,
    searchText: registrySearchText(def, values),
    uniqueValue: unique === undefined ? null : String(unique),
  };
}

/** A write whose unique value the company holds already is refused with the field's message. */
export async function writing<T>(def: RegistryDef, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(takenMessage(def));
    throw error;
  }
}

/** A row saved as the company's default (默认账户): the company's other rows stop being it. */
export async function keepOneDefault(
  tx: Db,
  def: RegistryDef,
  companyId: number,
  id: number,
  values: SheetValues,
): Promise<void> {
  const field = def.defaultField;
  if (field === undefined || values[field] !== REGISTRY_DEFAULT) return;
  await repo.clearOtherDefaults(tx, { registry: def.key, companyId, exceptId: id, field });
}
