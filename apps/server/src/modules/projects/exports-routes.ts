// Exports of a project's disclosure announcement ({family}: every kind with the announcement section; spec 001
// section 7, Bulk: "word and pdf export"), named <项目编号><项目名称>信息披露公告. Whoever sees the project may export it;
// another company's project, or one of the other family, answers {status: 404}. Need GJS_PROJECT_LT (or _ADMIN).
//
//   GET /api/project/{family}/export/word/{id} -> the announcement (.docx)
//   GET /api/project/{family}/export/pdf/{id}  -> the announcement (.pdf)
//   POST /api/project/{family}/preview {id}    -> DisclosureDocument: the announcement as the preview shows it
//
// The static segments word and pdf take precedence over the asset-list export /export/{category}/{id}, and no
// asset category is called either.
import { MSG, PROJECT_FAMILIES, PROJECT_KINDS, ZDisclosureDocument } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { ExportFormat, ProjectExportsService } from './exports-service.ts';
import { parseId, PROJECT_CODES } from './routes.ts';

const FORMATS: { format: ExportFormat; summary: string }[] = [
  { format: 'word', summary: '导出信息披露公告（Word）' },
  { format: 'pdf', summary: '导出信息披露公告（PDF）' },
];

export const projectExportsRoutes: FastifyPluginCallbackZod<{ exports: ProjectExportsService }> = (
  app,
  { exports },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];

  for (const family of PROJECT_FAMILIES.filter((f) => PROJECT_KINDS[f].sections.includes('announcement'))) {
    app.post(
      `/api/project/${family}/preview`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: '信息披露公告预览',
          body: z.object({
            id: z
              .number({ error: MSG.badRequest })
              .int(MSG.badRequest)
              .min(1, MSG.badRequest)
              .max(2_147_483_647, MSG.badRequest),
          }),
          response: { 200: zEnvelope(ZDisclosureDocument) },
        },
      },
      async (request) =>
        ok(await exports.previewAnnouncement(requireSession(request), family, request.body.id)),
    );

    for (const { format, summary } of FORMATS) {
      app.get(
        `/api/project/${family}/export/${format}/:id`,
        {
          preValidation: guard,
          schema: { tags: ['project'], summary, params: z.object({ id: z.string().max(32) }) },
        },
        async (request, reply) => {
          const file = await exports.exportAnnouncement(
            requireSession(request),
            family,
            parseId(request.params.id),
            format,
          );
          return reply
            .header('content-type', file.contentType)
            .header('content-length', String(file.bytes.length))
            .header('content-disposition', contentDisposition('attachment', file.fileName))
            .header('x-content-type-options', 'nosniff')
            .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
        },
      );
    }
  }
  done();
};
