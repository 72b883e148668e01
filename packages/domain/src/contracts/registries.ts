// The calls of a registry (registries/: 我的资产, 我的股权, 企业客户, 自然人客户, 我的商机, 土地资产管理, 发票抬头,
// 银行账户) and of the company's customers a form picks from. The spec names none of a registry's calls; they take
// its style under the registry's base (/api/customer, /api/personalCustomer ...), so they are described per
// registry: registryCalls(def). Each needs the registry's permission code (or its _ADMIN, the exchange's, which lists
// every company's rows; the starts only the company's own code). Another company's row answers 404, a stale version
// 409. The import template and the export answer a file, not the envelope: they are no contract.
import { z } from 'zod';
import {
  defineCall,
  zPage,
  zPageOf,
  zPathId,
  zQueryId,
  zSize,
  ZSaved,
  zVersion,
  type CallDef,
} from '../contract.ts';
import { MSG } from '../messages.ts';
import { PROJECT_FAMILIES, type ProjectFamily } from '../projects/kinds/index.ts';
import { ZSheetImportPreview, ZSheetImportResult } from '../projects/sheets.ts';
import { ZRegistryCustomer } from '../registries/customers.ts';
import { ZRegistryRow, type RegistryDef, type RegistryKey } from '../registries/kit.ts';
import { REGISTRY_START_MAX } from '../registries/starts.ts';

type ApiPath = CallDef['path'];

/** The fields travel as an object; each is checked by the registry's definition, so the messages are the form's. */
const zValues = z.record(z.string(), z.unknown(), { error: MSG.badRequest });

/** The key of a file uploaded for the import (dataClass registryImport, dataId <registry>-<companyId>). */
const zUuid = z.string({ error: MSG.badRequest }).min(1, MSG.badRequest).max(64, MSG.badRequest);

/** The rows a start takes, each with the version it was read at (a stale one answers 409). */
const zStartRows = z
  .array(
    z.object({
      id: z.number({ error: MSG.badRequest }).int().min(1).max(2_147_483_647),
      version: z.number({ error: MSG.conflict }).int().min(1).max(2_147_483_647),
    }),
    { error: MSG.badRequest },
  )
  .max(REGISTRY_START_MAX, MSG.badRequest);

const ZRegistryPath = z.object({ id: zPathId });

/** A registry's base as a path of the API. */
function apiPath(path: string): ApiPath {
  if (!path.startsWith('/api/')) throw new Error(`${path}: not a path of the API`);
  return path as ApiPath;
}

function callsOf(def: RegistryDef) {
  const base = apiPath(def.apiBase);
  return {
    /**
     * POST {base}/list {keyword?, filters?, page, size}: newest first, personal numbers masked; the total counted up
     * to LIST_COUNT_CAP (isTotalCapped beyond)
     */
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      tag: 'registry',
      summary: `${def.title}列表`,
      body: z.object({
        keyword: z.string().max(50, MSG.badRequest).optional(),
        /** by choice field key: the option chosen (the service keeps the definition's filters only) */
        filters: z.record(z.string(), z.string().max(50)).default({}),
        page: zPage,
        size: zSize,
      }),
      answer: zPageOf(ZRegistryRow).extend({ isTotalCapped: z.boolean().optional() }),
    }),
    /** POST {base}/save {values}: values as typed (money in yuan, a choice as its option), checked as cells are */
    save: defineCall({
      method: 'POST',
      path: `${base}/save`,
      tag: 'registry',
      summary: `新增${def.itemName}`,
      body: z.object({ values: zValues }),
      answer: ZSaved,
    }),
    /** POST {base}/update/{id} {version, values} */
    update: defineCall({
      method: 'POST',
      path: `${base}/update/:id`,
      tag: 'registry',
      summary: `编辑${def.itemName}`,
      params: ZRegistryPath,
      body: z.object({ version: zVersion, values: zValues }),
      answer: ZSaved,
    }),
    /** POST {base}/delete/{id} {version} */
    remove: defineCall({
      method: 'POST',
      path: `${base}/delete/:id`,
      tag: 'registry',
      summary: `删除${def.itemName}`,
      params: ZRegistryPath,
      body: z.object({ version: zVersion }),
      answer: z.object({ id: z.number() }),
    }),
    /** POST {base}/import/preview {uuid}: the uploaded template's rows checked, nothing stored */
    previewImport: defineCall({
      method: 'POST',
      path: `${base}/import/preview`,
      tag: 'registry',
      summary: `${def.title}导入预览`,
      body: z.object({ uuid: zUuid }),
      answer: ZSheetImportPreview,
    }),
    /** POST {base}/import {uuid}: the good rows stored, the bad ones skipped */
    importRows: defineCall({
      method: 'POST',
      path: `${base}/import`,
      tag: 'registry',
      summary: `导入${def.title}`,
      body: z.object({ uuid: zUuid }),
      answer: ZSheetImportResult,
    }),
    /** GET {base}/{id}: the company's own row whole, the exchange's view masked */
    show: defineCall({
      method: 'GET',
      path: `${base}/:id`,
      tag: 'registry',
      summary: `查看${def.itemName}`,
      params: ZRegistryPath,
      answer: ZRegistryRow,
    }),
    /**
     * POST {base}/project {family, rows}: a draft project of the family (several rows only where the registry's rows
     * start one project together: 我的资产). Served only for a registry whose definition has `start`.
     */
    startProject: defineCall({
      method: 'POST',
      path: `${base}/project`,
      tag: 'registry',
      summary: `${def.itemName}发起项目`,
      body: z.object({
        family: z.enum(PROJECT_FAMILIES as readonly [ProjectFamily, ...ProjectFamily[]], {
          error: MSG.badRequest,
        }),
        rows: zStartRows,
      }),
      answer: z.object({ id: z.number(), family: z.string(), code: z.string() }),
    }),
    /** POST {base}/plan {rows}: a plan, served only where the registry's rows may become one (我的商机). */
    startPlan: defineCall({
      method: 'POST',
      path: `${base}/plan`,
      tag: 'registry',
      summary: `${def.itemName}转为计划`,
      body: z.object({ rows: zStartRows }),
      answer: z.object({ id: z.number(), code: z.string() }),
    }),
  };
}

export type RegistryCalls = ReturnType<typeof callsOf>;

const CALLS = new Map<RegistryKey, RegistryCalls>();

/** The calls of a registry, described once per registry. */
export function registryCalls(def: RegistryDef): RegistryCalls {
  const known = CALLS.get(def.key);
  if (known !== undefined) return known;
  const calls = callsOf(def);
  CALLS.set(def.key, calls);
  return calls;
}

/** What a registry's list takes: a page, a keyword, the option chosen by choice field key. */
export type RegistryListQuery = z.input<RegistryCalls['list']['body']>;

/**
 * POST /api/customer/pick {keyword?}: the caller's 企业客户 and 自然人客户 for a form to pick from (up to 50 of each,
 * newest first), the numbers whole (the company's own records). Needs either customer registry's code.
 */
export const pickCustomersCall = defineCall({
  method: 'POST',
  path: '/api/customer/pick',
  tag: 'registry',
  summary: '从客户中选择',
  body: z.object({ keyword: z.string().max(50, MSG.badRequest).default('') }),
  answer: z.array(ZRegistryCustomer),
});

/** A ledger the caller keeps: its type, the family its projects are of, its name and its list page. */
export const ZLedgerType = z.object({
  type: z.string(),
  family: z.string(),
  title: z.string(),
  route: z.string(),
});

/**
 * GET /api/project/ledger/type/by/project {projectId?} (spec 001 section 7, read on the small ledger route): the
 * ledgers the caller keeps (none without the small-lot project permission, SH-4.14), and `projectType`, the ledger
 * a project of the caller's drew its lots from (null when none did, or without a project). Needs a ledger code.
 */
export const ledgerTypeByProjectCall = defineCall({
  method: 'GET',
  path: '/api/project/ledger/type/by/project',
  tag: 'registry',
  summary: '项目所属台账类型',
  query: z.object({ projectId: zQueryId.optional() }),
  answer: z.object({ types: z.array(ZLedgerType), projectType: z.string().nullable() }),
});
