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
// company. All need GJS_PROJECT_LT (or _ADMIN). The group calls are served from their contracts
// (packages/domain/src/contracts/project-sheets.ts); the template and the export answer a file and stay plain
// routes.
import { formatMessage, MSG, PROJECT_FAMILIES } from '@cqjy/domain';
import {
  PROJECT_SHEET_CALLS,
  ZSheetExportPath,
  ZSheetTemplatePath,
} from '@cqjy/domain/contracts/project-sheets';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { ProjectSheetsService, SheetFile } from './sheets-service.ts';

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
    const groups = PROJECT_SHEET_CALLS[family];
    if (groups === undefined) continue;
    const base = `/api/project/${family}`;
    const tags = ['project'];

    // files, not the envelope: left out of the contracts
    app.get(
      `${base}/template/:category`,
      { preValidation: guard, schema: { tags, summary: '下载清单导入模板', params: ZSheetTemplatePath } },
      async (request, reply) => sendSheet(reply, await sheets.template(family, request.params.category)),
    );

    app.get(
      `${base}/export/:category/:id`,
      { preValidation: guard, schema: { tags, summary: '导出项目清单', params: ZSheetExportPath } },
      async (request, reply) =>
        sendSheet(
          reply,
          await sheets.exportSheet(
            requireSession(request),
            family,
            request.params.id,
            request.params.category,
          ),
        ),
    );

    for (const [group, calls] of Object.entries(groups)) {
      serve(app, calls.previewImport, guard, async ({ body }, request) =>
        ok(await sheets.previewImport(actorOf(request), family, body)),
      );

      serve(app, calls.importRows, guard, async ({ body }, request) => {
        const result = await sheets.importRows(actorOf(request), family, body);
        return ok(result, formatMessage(MSG.assetsImported, result));
      });

      serve(app, calls.list, guard, async ({ body }, request) =>
        ok(await sheets.list(requireSession(request), family, group, body)),
      );

      serve(app, calls.remove, guard, async ({ body }, request) =>
        ok(await sheets.remove(actorOf(request), family, group, body), MSG.assetsDeleted),
      );
    }
  }
  done();
};
