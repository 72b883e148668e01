// The registries kit (the domain's registries/): one service for every registry of the company's own records —
// list (keyword, choice filters, paging; the company's own rows, every company's for the exchange), create, update,
// show, delete, the Excel template, the import with its preview (every row checked, nothing stored; then the good
// rows stored, the bad ones skipped and counted) and the export. A registry's rows belong to the company that
// made them: another company's row answers 404 on every call, as an id that does not exist. Every change is audited.
import {
  checkRegistryRow,
  formatMessage,
  IDENTITY,
  maskRegistryValues,
  MSG,
  checkRegistryRegulator,
  registryLinkOf,
  registrySearchText,
  registrySheet,
  xlsxName,
  type RegistryDef,
  type RegistryRow,
  type SheetImportPreview,
  type SheetImportResult,
  type SheetValues,
} from '@cqjy/domain';
import { PassThrough, type Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer, AttachmentsService } from '../attachments/service.ts';
import { buildSheetTemplate, readSheet, streamSheetExport } from '../projects/sheet-files.ts';
import { toPreviewRow } from '../projects/sheets-service.ts';
import * as repo from './repo.ts';

export type RegistriesService = ReturnType<typeof createRegistriesService>;

/** The choice a default field holds on the company's default row. */
const REGISTRY_DEFAULT = '是';

export type RegistryFile = { fileName: string; bytes: Buffer };

/** A workbook written as it is read: the reply's body. */
export type RegistryExport = { fileName: string; body: Readable };

/** Rows an export reads at a time. */
const EXPORT_PAGE = 1000;

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/** The message of a value that the company holds already: 该统一社会信用代码已登记 ... */
function takenMessage(def: RegistryDef): string {
  const label = def.fields.find((field) => field.key === def.uniqueField)?.label ?? '';
  return formatMessage(MSG.registriesValueTaken, { label });
}

/**
 * A filled-in template is uploaded first, as a file of the company's imports into the registry (dataId
 * `<registry>-<companyId>`, so that only its own company sees and adds such files), then previewed and imported by
 * its uuid: the upload's checks (type by content, size, name) are the attachments module's.
 */
export const REGISTRY_IMPORT_CLASS = 'registryImport';

export const registryImportRecord = (registry: string, companyId: number) => ({
  dataClass: REGISTRY_IMPORT_CLASS,
  dataId: `${registry}-${companyId}`,
});

const isOwnImportRecord = (viewer: Pick<Viewer, 'companyId'>, dataId: string): boolean =>
  dataId.split('-').at(-1) === String(viewer.companyId);

export function createRegistriesService(
  deps: Pick<PlatformDeps, 'db'> & { audit: AuditService; attachments: AttachmentsService },
) {
  const { db, audit, attachments } = deps;
  const ownImportsOnly = (viewer: Viewer, record: { dataId: string }): Promise<boolean> =>
    Promise.resolve(isOwnImportRecord(viewer, record.dataId));
  attachments.registerRecordVisibility(REGISTRY_IMPORT_CLASS, ownImportsOnly);
  attachments.registerRecordWriteRule(REGISTRY_IMPORT_CLASS, ownImportsOnly);

  function scopeOf(viewer: Viewer): repo.RegistryScope {
    return isExchange(viewer) ? { kind: 'all' } : { kind: 'company', companyId: viewer.companyId };
  }

  function toRow(def: RegistryDef, row: repo.RegistryListItem, viewer: Viewer): RegistryRow {
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
  function read(
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
    const regulator =
      def.hasRegulator === true ? checkRegistryRegulator(input) : { values: {}, message: null };
    if (regulator.message !== null) throw refused(regulator.message);
    return toWrite(def, { ...values, ...regulator.values, ...registryLinkOf(kept) });
  }

  function toWrite(def: RegistryDef, values: SheetValues): repo.RegistryWrite {
    const unique = def.uniqueField === undefined ? undefined : values[def.uniqueField];
    return {
      values,
      searchText: registrySearchText(def, values),
      uniqueValue: unique === undefined ? null : String(unique),
    };
  }

  async function writing<T>(def: RegistryDef, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(takenMessage(def));
      throw error;
    }
  }

  /** A row saved as the company's default (默认账户): the company's other rows stop being it. */
  async function keepOneDefault(
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

  /** The row of the caller's own company; anything else (another company's, the exchange's view) is not found. */
  async function findOwn(viewer: Viewer, def: RegistryDef, id: number): Promise<repo.RegistryListItem> {
    const row = await repo.findRow(db, def.key, id);
    if (row === undefined || row.companyId !== viewer.companyId) throw notFound();
    return row;
  }

  async function list(
    viewer: Viewer,
    def: RegistryDef,
    query: { keyword?: string | undefined; filters: Record<string, string>; page: number; size: number },
  ): Promise<{ list: RegistryRow[]; total: number }> {
    // only the definition's filters, on values one of its options
    const filters = Object.fromEntries(
      Object.entries(query.filters).filter(
        ([key, value]) =>
          def.filters.includes(key) &&
          def.fields.find((field) => field.key === key)?.options?.includes(value),
      ),
    );
    const page = await repo.listRows(db, { ...query, filters, registry: def.key, scope: scopeOf(viewer) });
    return {
      total: page.total,
      list: page.list.map((row) => ({
        ...toRow(def, row, viewer),
        values: maskRegistryValues(def, row.values),
      })),
    };
  }

  async function show(viewer: Viewer, def: RegistryDef, id: number): Promise<RegistryRow> {
    const row = await repo.findRow(db, def.key, id);
    if (row === undefined || (row.companyId !== viewer.companyId && !isExchange(viewer))) throw notFound();
    return toRow(def, row, viewer);
  }

  async function create(
    actor: Actor,
    def: RegistryDef,
    input: { values: Record<string, unknown> },
  ): Promise<{ id: number; version: number }> {
    const write = read(def, input.values);
    return writing(def, () =>
      db.transaction(async (tx) => {
        const [row] = await repo.insertRows(
          tx,
          { registry: def.key, companyId: actor.companyId, createdBy: actor.userId },
          [write],
        );
        if (row === undefined) throw new Error('insert returned no row');
        await keepOneDefault(tx, def, actor.companyId, row.id, write.values);
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'registry.create',
          result: 'ok',
          target: String(row.id),
          detail: { registry: def.key },
        });
        return { id: row.id, version: row.version };
      }),
    );
  }

  async function update(
    actor: Actor,
    def: RegistryDef,
    id: number,
    input: { version: number; values: Record<string, unknown> },
  ): Promise<{ id: number; version: number }> {
    const row = await findOwn(actor, def, id);
    const write = read(def, input.values, row.values);
    return writing(def, () =>
      db.transaction(async (tx) => {
        const changed = await repo.updateRowGuarded(tx, row.id, input.version, write);
        if (changed === undefined) throw conflict();
        await keepOneDefault(tx, def, actor.companyId, changed.id, write.values);
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'registry.update',
          result: 'ok',
          target: String(row.id),
          detail: { registry: def.key, version: changed.version },
        });
        return { id: changed.id, version: changed.version };
      }),
    );
  }

  async function remove(
    actor: Actor,
    def: RegistryDef,
    id: number,
    input: { version: number },
  ): Promise<{ id: number }> {
    const row = await findOwn(actor, def, id);
    return db.transaction(async (tx) => {
      if (!(await repo.deleteRowGuarded(tx, row.id, input.version))) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.delete',
        result: 'ok',
        target: String(row.id),
        detail: { registry: def.key, version: input.version },
      });
      return { id: row.id };
    });
  }

  async function template(def: RegistryDef): Promise<RegistryFile> {
    return {
      fileName: xlsxName(`${def.title}导入模板`),
      bytes: await buildSheetTemplate(registrySheet(def)),
    };
  }

  /**
   * The rows of a filled-in template, each checked: its fields, and its unique value against the company's rows
   * and the rows above it in the file.
   */
  async function readImport(viewer: Viewer, def: RegistryDef, uuid: string) {
    const sheet = registrySheet(def);
    const files = await attachments.listRelated(viewer, registryImportRecord(def.key, viewer.companyId));
    const file = files.find((item) => item.uuid === uuid);
    if (file === undefined) throw notFound();
    if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw refused(MSG.assetsFileInvalid);
    const download = await attachments.openDownload(viewer, file.uuid, false);
    const rows = (await readSheet(download.stream, sheet)).map((row) => toPreviewRow(row, sheet));
    const key = def.uniqueField;
    if (key !== undefined) {
      const values = rows.flatMap((row) => (row.values[key] === undefined ? [] : [String(row.values[key])]));
      const taken = await repo.findTakenValues(db, def.key, viewer.companyId, values);
      const seen = new Set<string>();
      for (const row of rows) {
        const value = row.values[key];
        if (value === undefined) continue;
        if (taken.has(String(value)) || seen.has(String(value))) {
          row.errors.push(takenMessage(def));
          row.isValid = false;
        }
        seen.add(String(value));
      }
    }
    return rows;
  }

  async function previewImport(viewer: Viewer, def: RegistryDef, uuid: string): Promise<SheetImportPreview> {
    const rows = await readImport(viewer, def, uuid);
    const valid = rows.filter((row) => row.isValid).length;
    return {
      category: def.key,
      total: rows.length,
      valid,
      invalid: rows.length - valid,
      rows: rows.map(({ isValid: _isValid, ...row }) => row),
      problems: [],
    };
  }

  async function importRows(actor: Actor, def: RegistryDef, uuid: string): Promise<SheetImportResult> {
    const rows = await readImport(actor, def, uuid);
    const good = rows.filter((row) => row.isValid);
    return writing(def, () =>
      db.transaction(async (tx) => {
        const stored = await repo.insertRows(
          tx,
          { registry: def.key, companyId: actor.companyId, createdBy: actor.userId },
          good.map((row) => toWrite(def, row.values)),
        );
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'registry.import',
          result: 'ok',
          target: def.key,
          detail: { registry: def.key, imported: stored.length, skipped: rows.length - good.length },
        });
        return { imported: stored.length, skipped: rows.length - good.length };
      }),
    );
  }

  /** The caller's rows, oldest first, a page at a time: its own company's whole, another's masked. */
  async function* exportValues(viewer: Viewer, def: RegistryDef): AsyncGenerator<SheetValues> {
    const scope = scopeOf(viewer);
    for (let after = 0; ;) {
      const page = await repo.listPage(db, def.key, scope, after, EXPORT_PAGE);
      for (const row of page) {
        yield row.companyId === viewer.companyId ? row.values : maskRegistryValues(def, row.values);
      }
      const last = page.at(-1);
      if (last === undefined || page.length < EXPORT_PAGE) return;
      after = last.id;
    }
  }

  /**
   * The caller's rows (every company's for the exchange) in the template's layout, as a stream of the workbook:
   * read a page at a time (by id, each page after the last id of the one before) and written a row at a time, so
   * neither the rows nor the file are ever whole in memory. A failure once the answer has started destroys the
   * stream, which cuts the download off.
   */
  function exportRows(viewer: Viewer, def: RegistryDef): RegistryExport {
    const body = new PassThrough();
    streamSheetExport(registrySheet(def), exportValues(viewer, def), body).catch((error: unknown) => {
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { fileName: xlsxName(def.title), body };
  }

  return { list, show, create, update, remove, template, previewImport, importRows, exportRows };
}
