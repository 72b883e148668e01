// The calls of stored files (spec 000 section 7, Shared; spec 001 section 7, Files). Every call needs a signed-in
// user. A file's deletion and the files of one record answer the envelope: they are contracts. The upload
// (multipart), a file's download and the zip of several take or answer bytes: they stay plain routes
// (apps/server/src/modules/attachments/routes.ts), whose schemas are described here too.
import { z } from 'zod';
import type { UploadResult } from '../api.ts';
import { ZAttachmentItem } from '../attachment-item.ts';
import { defineCall } from '../contract.ts';
import { MSG } from '../messages.ts';

/** The kind of record files are uploaded to (projectFile, registryImport ...), as the upload and lists name it. */
const zRecordClass = z.string().regex(/^[A-Za-z][\w.]{0,63}$/, MSG.badRequest);

/** A record's id, or the key of a record not saved yet (createId). */
const zRecordId = z.string().regex(/^[\w-]{1,64}$/, MSG.badRequest);

/** A stored file in the path: its uuid. */
export const ZAttachmentPath = z.object({ id: z.string().max(64) });

/**
 * POST /api/attachment/delete/{id}: the file removed; a locked one, or another company's, is refused with
 * 该文件不可删除; one the caller may not see answers 404.
 */
export const deleteAttachmentCall = defineCall({
  method: 'POST',
  path: '/api/attachment/delete/:id',
  tag: 'attachment',
  summary: '删除附件',
  params: ZAttachmentPath,
  answer: z.null(),
});

/** POST /api/file/related {dataClass, dataId}: the files uploaded to one record. */
export const relatedAttachmentsCall = defineCall({
  method: 'POST',
  path: '/api/file/related',
  tag: 'attachment',
  summary: '记录的附件列表',
  body: z.object({ dataClass: zRecordClass, dataId: zRecordId }),
  answer: z.array(ZAttachmentItem),
});

// The plain routes' schemas.

/** Form fields arrive as text; an empty one means "not given", as browsers send unset fields. */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** POST /api/attachment/upload: the multipart form's fields (besides the file), read by the route. */
export const ZUploadFields = z
  .object({
    tag: optionalField(z.string().regex(/^[\w.-]{1,64}$/, MSG.badRequest)).transform((v) => v ?? 'default'),
    command: optionalField(z.literal('upload', { error: MSG.badRequest })),
    delete: optionalField(z.enum(['true', 'false', '1', '0'], { error: MSG.badRequest })).transform(
      (v) => v === 'true' || v === '1',
    ),
    createId: optionalField(zRecordId),
    dataClass: optionalField(zRecordClass),
    dataId: optionalField(zRecordId),
  })
  .refine((f) => f.dataClass !== undefined || (f.dataId === undefined && f.createId === undefined), {
    message: MSG.badRequest,
  });

/** What the upload answers in the envelope: the uploaded file under its tag. */
export const ZUploadResult = z.record(z.string(), z.array(ZAttachmentItem)) satisfies z.ZodType<UploadResult>;

/** GET /api/attachment/download/{id}[?inline=1]: inline (1 or true) previews png, jpg, jpeg and pdf in the page. */
export const ZDownloadQuery = z.object({ inline: z.string().max(8).optional() });

/** POST /api/file/download {ids, name?}: one zip of several files (附件信息.zip unless named). */
export const ZZipBody = z.object({
  ids: z.array(z.string().max(64), { error: MSG.badRequest }).min(1, MSG.badRequest).max(200, MSG.badRequest),
  name: z.string().max(200, MSG.badRequest).optional(),
});
