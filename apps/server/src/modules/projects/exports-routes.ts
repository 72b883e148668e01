// Exports of a project's disclosure announcement ({family}: every kind with the announcement section; spec 001
// section 7, Bulk: "word and pdf export"), named <项目编号><项目名称>信息披露公告. Whoever sees the project may export it;
// another company's project, or one of the other family, answers {status: 404}. Need GJS_PROJECT_LT (or _ADMIN).
//
//   GET /api/project/{family}/export/word/{id} -> the announcement (.docx)
//   GET /api/project/{family}/export/pdf/{id}  -> the announcement (.pdf)
//   POST /api/project/{family}/preview {id}    -> DisclosureDocument: the announcement as the preview shows it
//
// The static segments word and pdf take precedence over the asset-list export /export/{category}/{id}, and no
// asset category is called either. The preview is served from its contract (packages/domain/src/contracts/
// project-kinds.ts); the exports answer a file, not the envelope, and stay plain routes.
import { PROJECT_FAMILIES } from '@cqjy/domain';
import { ZIdPath } from '@cqjy/domain/contract';
import { ANNOUNCEMENT_PREVIEW_CALLS } from '@cqjy/domain/contracts/project-kinds';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { ExportFormat, ProjectExportsService } from './exports-service.ts';

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

  for (const family of PROJECT_FAMILIES) {
    const previewCall = ANNOUNCEMENT_PREVIEW_CALLS[family];
    if (previewCall === undefined) continue;

    serve(app, previewCall, guard, async ({ body }, request) =>
      ok(await exports.previewAnnouncement(requireSession(request), family, body.id)),
    );

    // a file, not the envelope: left out of the contracts
    for (const { format, summary } of FORMATS) {
      app.get(
        `/api/project/${family}/export/${format}/:id`,
        { preValidation: guard, schema: { tags: ['project'], summary, params: ZIdPath } },
        async (request, reply) => {
          const file = await exports.exportAnnouncement(
            requireSession(request),
            family,
            request.params.id,
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
