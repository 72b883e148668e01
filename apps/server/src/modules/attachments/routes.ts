// File calls (spec 000 section 7, Shared; spec 001 section 7, Files). Every route needs a signed-in user.
//   POST /api/attachment/upload   multipart: file, tag, command=upload, delete, createId, dataClass, dataId
//        -> {status: 0, data: {[tag]: [AttachmentItem]}}; a refused file -> {status: 1, msg} (the domain's message);
//        a body that cannot be read to its end (cut short, no boundary) -> HTTP 400 {status: 400, msg: 附件上传错误}
//   GET  /api/attachment/download/{id}[?inline=1] -> the bytes (inline only for png, jpg, jpeg, pdf); an id the
//        caller may not see -> {status: 404}
//   POST /api/attachment/delete/{id} -> {status: 0}; locked or not the caller's company's -> {status: 1,
//        msg: 该文件不可删除}; invisible -> {status: 404}
//   POST /api/file/download {ids, name?} -> one zip (附件信息.zip unless named); any invisible id -> {status: 404}
//   POST /api/file/related {dataClass, dataId} -> {status: 0, data: AttachmentItem[]}
// The delete and the related files are served from their contracts (packages/domain/src/contracts/attachments.ts);
// the upload, the download and the zip take or answer bytes and stay plain routes.
import multipart from '@fastify/multipart';
import { MSG } from '@cqjy/domain';
import {
  deleteAttachmentCall,
  relatedAttachmentsCall,
  ZAttachmentPath,
  ZDownloadQuery,
  ZUploadFields,
  ZUploadResult,
  ZZipBody,
} from '@cqjy/domain/contracts/attachments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { readParts } from '../../platform/multipart.ts';
import { serve } from '../../platform/serve.ts';
import { UPLOAD_MAX_BYTES, type AttachmentsService, type ReceivedFile } from './service.ts';

/** Fields the upload form may carry; others are ignored. */
const FIELD_NAMES: ReadonlySet<string> = new Set([
  'tag',
  'command',
  'delete',
  'createId',
  'dataClass',
  'dataId',
]);

export const attachmentsRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentsService }> = async (
  app,
  { attachments },
) => {
  await app.register(multipart, {
    // The size is judged by the service, with the spec's message, not by a generic 413.
    throwFileSizeLimit: false,
    // The name as sent, so that one with a path in it (../../x.pdf, C:\x.pdf) is refused, not quietly cut down.
    preservePath: true,
    limits: {
      // One byte past the limit shows the parser cut the file (it then reports it truncated).
      fileSize: UPLOAD_MAX_BYTES + 1,
      files: 1,
      fields: 20,
      fieldSize: 1024,
      parts: 24,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/attachment/upload',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['attachment'],
        summary: '上传附件',
        description:
          'multipart/form-data：file（文件）、tag、command=upload、delete（为 true 时替换同一记录同一 tag 下本机构的旧文件）、' +
          'createId（尚未保存的记录的临时编号）、dataClass、dataId。',
        response: { 200: zEnvelope(ZUploadResult) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw refused(MSG.uploadFileMissing);
      let file: ReceivedFile | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of readParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && file === undefined) {
              file = await attachments.receive(part.file, part.filename, () => part.file.truncated);
            } else {
              part.file.resume();
            }
          } else if (FIELD_NAMES.has(part.fieldname)) {
            // A cut value would be read as something the client did not send.
            if (part.valueTruncated || typeof part.value !== 'string') throw refused(MSG.badRequest);
            fields[part.fieldname] = part.value;
          }
        }
        if (file === undefined) throw refused(MSG.uploadFileMissing);
        const form = ZUploadFields.parse(fields);
        const data = await attachments.upload({ ...session, ...readOrigin(request) }, file, {
          tag: form.tag,
          isReplacing: form.delete,
          dataClass: form.dataClass,
          dataId: form.dataId,
          createId: form.createId,
        });
        return ok(data);
      } finally {
        // A no-op once the file was stored; otherwise the temp file goes.
        if (file?.isAccepted === true) await file.staged.discard();
      }
    },
  );

  app.get(
    '/api/attachment/download/:id',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['attachment'],
        summary: '下载或预览附件',
        description: 'inline=1 时在页面中预览（仅 png、jpg、jpeg、pdf）。',
        params: ZAttachmentPath,
        querystring: ZDownloadQuery,
      },
    },
    async (request, reply) => {
      const isInline = request.query.inline === '1' || request.query.inline === 'true';
      const { item, stream } = await attachments.openDownload(
        requireSession(request),
        request.params.id,
        isInline,
      );
      return reply
        .header('content-type', item.contentType)
        .header('content-length', String(item.size))
        .header('content-disposition', contentDisposition(isInline ? 'inline' : 'attachment', item.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  serve(app, deleteAttachmentCall, [app.authenticate], async ({ params }, request) => {
    await attachments.remove({ ...requireSession(request), ...readOrigin(request) }, params.id);
    return ok(null);
  });

  app.post(
    '/api/file/download',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['attachment'],
        summary: '打包下载多个附件',
        description: '返回 zip；name 缺省为 附件信息.zip。',
        body: ZZipBody,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await attachments.openZip(
        requireSession(request),
        request.body.ids,
        request.body.name,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  serve(app, relatedAttachmentsCall, [app.authenticate], async ({ body }, request) =>
    ok(await attachments.listRelated(requireSession(request), body)),
  );
};
