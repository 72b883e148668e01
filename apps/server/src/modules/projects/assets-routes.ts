// Asset-list calls of the physical-asset families ({family} is bulk or coll; spec 001 section 7, Bulk: "Excel
// template download and export for construction, house, land, inventory, machinery, other, financial,
// technical, obligee, vehicle"). Another company's project answers {status: 404}.
//
//   GET  /api/project/{family}/template/{category}        -> the category's template (.xlsx)
//   GET  /api/project/{family}/export/{category}/{id}     -> the project's list of that category (.xlsx)
//   POST /api/project/{family}/asset/import/preview {projectId, category, uuid}
//        -> AssetImportPreview: the rows of the uploaded template (tag assetImport), checked, nothing stored
//   POST /api/project/{family}/asset/import {projectId, category, uuid} -> {imported, skipped}
//   POST /api/project/{family}/asset/list {projectId, category?, page, size} -> {list: ProjectAssetRow[], total}
//   POST /api/project/{family}/asset/delete {projectId, ids} -> {deleted}
// Changes only on an editable draft of the caller's own company. All need GJS_PROJECT_LT (or _ADMIN).
import {
  BULK_ASSET_CATEGORIES,
  formatMessage,
  MSG,
  PHYSICAL_FAMILIES,
  type AssetImportPreview,
  type BulkAssetCategory,
  type ProjectAssetRow,
} from '@cqjy/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { ProjectAssetsService, SheetFile } from './assets-service.ts';
import { parseId, PROJECT_CODES, zPage, zSize } from './routes.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CATEGORY_CODES = BULK_ASSET_CATEGORIES.map((c) => c.code) as [
  BulkAssetCategory,
  ...BulkAssetCategory[],
];

const zCategory = z.enum(CATEGORY_CODES, { error: MSG.projectsAssetCategoryRequired });
const zProjectId = z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest);
const zUuid = z.string({ error: MSG.badRequest }).uuid(MSG.badRequest);

const ZImportBody = z.object({ projectId: zProjectId, category: zCategory, uuid: zUuid });

const zValues = z.record(z.string(), z.union([z.string(), z.number()]));

const ZAssetRow = z.object({
  id: z.number(),
  category: z.string(),
  values: zValues,
  createdAt: z.string(),
}) as unknown as z.ZodType<ProjectAssetRow>;

const ZPreview = z.object({
  category: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  rows: z.array(
    z.object({
      line: z.number(),
      values: zValues,
      cells: z.record(z.string(), z.string()),
      errors: z.array(z.string()),
    }),
  ),
}) as unknown as z.ZodType<AssetImportPreview>;

/** A category of the path; anything else names no template. */
function parseCategory(text: string): BulkAssetCategory {
  const parsed = zCategory.safeParse(text);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export const projectAssetsRoutes: FastifyPluginCallbackZod<{ assets: ProjectAssetsService }> = (
  app,
  { assets },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });
  const sendSheet = (reply: FastifyReply, file: SheetFile) =>
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-length', String(file.bytes.length))
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);

  for (const family of Object.keys(PHYSICAL_FAMILIES)) {
    const base = `/api/project/${family}`;
    const tags = ['project'];

    app.get(
      `${base}/template/:category`,
      {
        preValidation: guard,
        schema: { tags, summary: '下载资产清单导入模板', params: z.object({ category: z.string().max(32) }) },
      },
      async (request, reply) =>
        sendSheet(reply, await assets.template(parseCategory(request.params.category))),
    );

    app.get(
      `${base}/export/:category/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '导出项目资产清单',
          params: z.object({ category: z.string().max(32), id: z.string().max(32) }),
        },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          await assets.exportSheet(
            requireSession(request),
            family,
            parseId(request.params.id),
            parseCategory(request.params.category),
          ),
        ),
    );

    app.post(
      `${base}/asset/import/preview`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '资产清单导入预览',
          body: ZImportBody,
          response: { 200: zEnvelope(ZPreview) },
        },
      },
      async (request) => ok(await assets.previewImport(actorOf(request), family, request.body)),
    );

    app.post(
      `${base}/asset/import`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '导入资产清单（跳过有误的行）',
          body: ZImportBody,
          response: { 200: zEnvelope(z.object({ imported: z.number(), skipped: z.number() })) },
        },
      },
      async (request) => {
        const result = await assets.importAssets(actorOf(request), family, request.body);
        return ok(result, formatMessage(MSG.assetsImported, result));
      },
    );

    app.post(
      `${base}/asset/list`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '项目资产清单',
          body: z.object({ projectId: zProjectId, category: zCategory.optional(), page: zPage, size: zSize }),
          response: { 200: zEnvelope(z.object({ list: z.array(ZAssetRow), total: z.number() })) },
        },
      },
      async (request) => ok(await assets.list(requireSession(request), family, request.body)),
    );

    app.post(
      `${base}/asset/delete`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '删除项目资产',
          body: z.object({
            projectId: zProjectId,
            ids: z.array(zProjectId, { error: MSG.badRequest }).max(1000, MSG.badRequest),
          }),
          response: { 200: zEnvelope(z.object({ deleted: z.number() })) },
        },
      },
      async (request) => ok(await assets.remove(actorOf(request), family, request.body), MSG.assetsDeleted),
    );
  }
  done();
};
