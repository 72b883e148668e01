// The calls of 电签文件 (spec 000 section 2, files group: signature; GJS_FILE_SIGN, every company's with
// GJS_FILE_SIGN_ADMIN) and the public verification of a stored signed PDF by its code (no sign-in). The upload of a
// PDF to verify (POST /api/public/verify) is multipart and stays described by its route.
import { z } from 'zod';
import { defineCall, zPageOf, zQueryInt } from '../contract.ts';
import { ZSignedFile, ZSignedFileDetail, ZSignedFileFilters, ZVerifyResult } from '../signed-files.ts';

export const SIGNED_FILE_CODES = ['GJS_FILE_SIGN', 'GJS_FILE_SIGN_ADMIN'] as const;

/**
 * GET /api/file/signed/list?page=&size=&keyword=&from=&to=: the company's signed PDFs (every company's for the
 * exchange, with 所属单位), one row per distinct content, newest first, each with the verdict of its stored bytes.
 */
export const listSignedFilesCall = defineCall({
  method: 'GET',
  path: '/api/file/signed/list',
  tag: 'signedFile',
  summary: '电签文件列表',
  description:
    '本单位的电签文件（交易所可见全部单位），同一内容只列一次；每行的验签结果由存储的文件本身计算。',
  query: z.object({ page: zQueryInt(1_000_000, 1), size: zQueryInt(100, 10) }).and(ZSignedFileFilters),
  answer: zPageOf(ZSignedFile),
});

/** GET /api/file/signed/{id}: the row and the verdict of every signature; another company's id answers 404. */
export const showSignedFileCall = defineCall({
  method: 'GET',
  path: '/api/file/signed/:id',
  tag: 'signedFile',
  summary: '电签文件验签详情',
  params: z.object({ id: z.string().max(64) }),
  answer: ZSignedFileDetail,
});

/**
 * GET /api/public/verify/{code} (no sign-in, rate-limited per IP): the verdict of the stored signed file whose
 * sha256 starts with the code; an unknown code is refused (status 1).
 */
export const verifyCodeCall = defineCall({
  method: 'GET',
  path: '/api/public/verify/:code',
  tag: 'signedFile',
  summary: '按验证码验证电签文件（无需登录）',
  description: '验证码为文件 SHA-256 的前16位十六进制字符（不区分大小写）。',
  // the code is read as text here and checked by the handler (ZVerifyCode), so a malformed one is told as such
  // rather than answered as a path that names nothing
  params: z.object({ code: z.string().max(64) }),
  answer: ZVerifyResult,
});
