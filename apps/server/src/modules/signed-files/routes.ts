// 电签文件 (spec 000 section 2, files group: signature; GJS_FILE_SIGN, every company's with GJS_FILE_SIGN_ADMIN)
// and the public verification of signed PDFs (beyond the spec, no sign-in). The spec shows no payloads: these are
// ours. Each call but the multipart upload is described by its contract (packages/domain/src/contracts/
// signed-files.ts).
//
//   GET  /api/file/signed/list?page=&size=&keyword=&from=&to=
//        -> {list: SignedFile[], total}: the company's signed PDFs (every company's for the exchange, with 所属单位),
//        one row per distinct content, newest first, each with the verdict of its stored bytes; keyword: file
//        name, project name or code, ticket code, company, or the start of a verification code; from/to: +08:00
//        days (YYYY-MM-DD) of storing, both included
//   GET  /api/file/signed/{id}
//        -> SignedFileDetail: the row and the verdict of every signature; another company's id -> {status: 404}
//   POST /api/public/verify           multipart/form-data: file (one PDF, at most UPLOAD_MAX_MB, told by its
//        content) -> VerifyResult; nothing is stored; no PDF -> {status: 1, msg}; rate-limited per IP
//   GET  /api/public/verify/{code}    code: 16 hex digits (the sha256's first, any case, spaces and dashes
//        ignored) -> VerifyResult of the stored signed file; unknown -> {status: 1, msg: 未找到...}; rate-limited
//
// Preview and download of a row: GET /api/attachment/download/{id}[?inline=1] (attachments module: visible to the
// filing company and the exchange, 404 to anyone else). The spec's shared file calls are the attachments
// module's too: POST /api/file/related {dataClass, dataId} -> the record's files the caller may see, and
// POST /api/file/download {ids, name?} -> one zip of files every one of which the caller may see (else 404, nothing
// sent). A VerifyResult names no owner, record or file name: only what the signatures say.
import multipart from '@fastify/multipart';
import { formatMessage, MSG, UPLOAD_MAX_MB, ZVerifyCode, ZVerifyResult } from '@cqjy/domain';
import {
  listSignedFilesCall,
  showSignedFileCall,
  SIGNED_FILE_CODES,
  verifyCodeCall,
} from '@cqjy/domain/contracts/signed-files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { drain, readParts } from '../../platform/multipart.ts';
import { serve } from '../../platform/serve.ts';
import type { SignedFilesService } from './service.ts';

const BYTES_PER_MB = 1024 * 1024;
const VERIFY_MAX_BYTES = UPLOAD_MAX_MB * BYTES_PER_MB;
/** Public verifications per IP and minute: a person checks a few files; a script is slowed down. */
export const VERIFY_RATE_MAX = 30;

/** The file part's bytes, at most VERIFY_MAX_BYTES (the parser reads one more to show it cut); others are read past. */
async function readUploadedPdf(request: Parameters<typeof readParts>[0]): Promise<Buffer> {
  let bytes: Buffer | undefined;
  for await (const part of readParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || bytes !== undefined) {
      await drain(part.file);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
    bytes = Buffer.concat(chunks);
    if (part.file.truncated || bytes.length > VERIFY_MAX_BYTES) {
      throw refused(formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }));
    }
  }
  if (bytes === undefined) throw refused(MSG.verifyFileMissing);
  return bytes;
}

export const signedFilesRoutes: FastifyPluginAsyncZod<{ signedFiles: SignedFilesService }> = async (
  app,
  { signedFiles },
) => {
  await app.register(multipart, {
    // the size is judged here, with the upload rule's message, not by a generic 413
    throwFileSizeLimit: false,
    limits: {
      // one byte past the limit shows the parser cut the file
      fileSize: VERIFY_MAX_BYTES + 1,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 100,
    },
  });

  const tags = ['signedFile'];
  const reader = [app.authenticate, requireAnyPermission([...SIGNED_FILE_CODES])];
  const publicLimit = { rateLimit: { max: VERIFY_RATE_MAX, timeWindow: '1 minute' } };

  serve(app, listSignedFilesCall, reader, async ({ query }, request) =>
    ok(await signedFiles.list(requireSession(request), query)),
  );

  serve(app, showSignedFileCall, reader, async ({ params }, request) =>
    ok(await signedFiles.show(requireSession(request), params.id)),
  );

  app.post(
    '/api/public/verify',
    {
      config: publicLimit,
      schema: {
        tags,
        summary: '验证电签文件（上传PDF，无需登录）',
        description: `multipart/form-data：file（PDF，不超过${UPLOAD_MAX_MB}M，按内容判断类型）。文件不会被保存。`,
        response: { 200: zEnvelope(ZVerifyResult) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw refused(MSG.verifyFileMissing);
      return ok(await signedFiles.verifyUpload(await readUploadedPdf(request)));
    },
  );

  serve(
    app,
    verifyCodeCall,
    'public',
    async ({ params }) => ok(await signedFiles.verifyCode(ZVerifyCode.parse(params.code))),
    { config: publicLimit },
  );
};
