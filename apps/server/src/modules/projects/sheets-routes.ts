// List-sheet calls of every project kind with sheets (spec 001 section 7: bulk's "Excel template download and
// export for construction, house, land, inventory, machinery, other, financial, technical, obligee, vehicle"; the
// stock calls' "structures and financial Excel templates"). {family} is the kind, {group} the sheet's call group:
// `asset` for the ten asset categories of bulk and coll (told apart by the category), `structures` and
// `financials` for the equity kinds. Another company's project answers {status: 404}.
//
//   GET  /api/project/{family}/template/{category}        -> the sheet's template (.xlsx)
//   GET  /api/project/{family}/export/{category}/{id}     -> the project's rows of that sheet (.xlsx)
//   POST /api/project/{family}/{group}/import/preview {projectId, category?, uuid}
//        -> SheetImportPreview: the rows of the uploaded template (tag assetImport), checked, nothing stored
//   POST /api/project/{family}/{group}/import {projectId, category?, uuid} -> {imported, skipped}
//   POST /api/project/{family}/{group}/list {projectId, category?, page, size}
//        -> {list: ProjectSheetRow[], total, counts}: a page of the rows, and the rows of every sheet of the group
//        by key (0 included), so the asset list's tabs are known from the page it loads
//   POST /api/project/{family}/{group}/delete {projectId, ids} -> {deleted}
// category may be left out where the group is one sheet. Changes only on an editable project of the caller's own
// company. All need GJS_PROJECT_LT (or _ADMIN).
import {
  formatMessage,
  listSheetGroups,
  MSG,
  PROJECT_FAMILIES,
  PROJECT_KINDS,
  ZProjectSheetRow,
  ZSheetImportPreview,
  ZSheetImportResult,
} from '@cqjy/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { ProjectSheetsService, SheetFile } from './sheets-service.ts';
import { parseId, PROJECT_CODES, zPage, zSize } from './routes.ts';

/** An id of a row: an int4 column, so a larger number is refused here rather than by the database (a 500). */
const zProjectId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
const zUuid = z.string({ error: MSG.badRequest }).uuid(MSG.badRequest);

export const projectSheetsRoutes: FastifyPluginCallbackZod<{ sheets: ProjectSheetsService }> = (
  app,
  { sheets },
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

  for (const family of PROJECT_FAMILIES) {
    const kind = PROJECT_KINDS[family];
    if (kind.sheets.length === 0) continue;
    const base = `/api/project/${family}`;
    const tags = ['project'];

    app.get(
      `${base}/template/:category`,
      {
        preValidation: guard,
        schema: { tags, summary: '下载清单导入模板', params: z.object({ category: z.string().max(32) }) },
      },
      async (request, reply) => sendSheet(reply, await sheets.template(family, request.params.category)),
    );

    app.get(
      `${base}/export/:category/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '导出项目清单',
          params: z.object({ category: z.string().max(32), id: z.string().max(32) }),
        },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          await sheets.exportSheet(
            requireSession(request),
            family,
            parseId(request.params.id),
            request.params.category,
          ),
        ),
    );

    for (const { group, title, sheets: members } of listSheetGroups(kind.sheets)) {
      const [first, ...rest] = members.map((sheet) => sheet.key);
      if (first === undefined) continue;
      const zKey = z.enum([first, ...rest], { error: MSG.projectsAssetCategoryRequired });
      // a group of one sheet names it already; a group of several needs the category
      const zGroupCategory = rest.length === 0 ? zKey.default(first) : zKey;
      const ZImportBody = z.object({ projectId: zProjectId, category: zGroupCategory, uuid: zUuid });

      app.post(
        `${base}/${group}/import/preview`,
        {
          preValidation: guard,
          schema: {
            tags,
            summary: `${title}导入预览`,
            body: ZImportBody,
            response: { 200: zEnvelope(ZSheetImportPreview) },
          },
        },
        async (request) => ok(await sheets.previewImport(actorOf(request), family, request.body)),
      );

      app.post(
        `${base}/${group}/import`,
        {
          preValidation: guard,
          schema: {
            tags,
            summary: `导入${title}（跳过有误的行）`,
            body: ZImportBody,
            response: { 200: zEnvelope(ZSheetImportResult) },
          },
        },
        async (request) => {
          const result = await sheets.importRows(actorOf(request), family, request.body);
          return ok(result, formatMessage(MSG.assetsImported, result));
        },
      );

      app.post(
        `${base}/${group}/list`,
        {
          preValidation: guard,
          schema: {
            tags,
            summary: `项目${title}`,
            body: z.object({
              projectId: zProjectId,
              category: zKey.optional(),
              page: zPage,
              size: zSize,
            }),
            response: {
              200: zEnvelope(
                z.object({
                  list: z.array(ZProjectSheetRow),
                  total: z.number(),
                  counts: z.record(z.string(), z.number()),
                }),
              ),
            },
          },
        },
        async (request) => ok(await sheets.list(requireSession(request), family, group, request.body)),
      );

      app.post(
        `${base}/${group}/delete`,
        {
          preValidation: guard,
          schema: {
            tags,
            summary: `删除${title}中的行`,
            body: z.object({
              projectId: zProjectId,
              ids: z.array(zProjectId, { error: MSG.badRequest }).max(1000, MSG.badRequest),
            }),
            response: { 200: zEnvelope(z.object({ deleted: z.number() })) },
          },
        },
        async (request) =>
          ok(await sheets.remove(actorOf(request), family, group, request.body), MSG.assetsDeleted),
      );
    }
  }
  done();
};
