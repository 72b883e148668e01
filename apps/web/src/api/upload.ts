// The file upload call (POST /api/attachment/upload, SH-7.1, SH-8.9). It goes through XMLHttpRequest because fetch
// cannot report upload progress; everything else follows the one HTTP client: the bearer token, the transfer
// time-out and the same error catalogue (http.ts), so a user sees the same toast whichever way a call failed.
import { MSG } from '@cqjy/domain/messages';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { AttachmentItem, Envelope, UploadResult } from '@cqjy/domain/api';
import { getSession } from '../lib/session-store.ts';
import { HttpError, reportHttpStatus, unwrap } from '../lib/http.ts';
import { notify } from '../lib/notify.ts';

export const UPLOAD_PATH = '/api/attachment/upload';

export type UploadRequest = {
  file: Blob;
  /** the file name sent with the bytes; a File's own name when omitted */
  fileName?: string;
  /** the attachment slot of the form */
  tag: string;
  dataClass?: string;
  dataId?: string;
  /** the temporary id of a record not saved yet */
  createId?: string;
  /** replace the files already stored under this record and tag (a re-upload) */
  isReplacing?: boolean;
  /** percent 0-100 of the bytes sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
};

function buildForm(upload: UploadRequest): FormData {
  const form = new FormData();
  const name = upload.fileName ?? (upload.file instanceof File ? upload.file.name : 'file');
  form.append('file', upload.file, name);
  form.append('tag', upload.tag);
  form.append('command', 'upload');
  if (upload.isReplacing === true) form.append('delete', 'true');
  if (upload.createId !== undefined) form.append('createId', upload.createId);
  if (upload.dataClass !== undefined) form.append('dataClass', upload.dataClass);
  if (upload.dataId !== undefined) form.append('dataId', upload.dataId);
  return form;
}

function parseEnvelope(text: string): Envelope<UploadResult> | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && 'status' in body) return body as Envelope<UploadResult>;
  } catch {
    // falls through: a 200 without an envelope is a broken exchange
  }
  return null;
}

/**
 * Sends one file; resolves the whole answer keyed by tag. Status 1 shows the server's message and rejects with
 * the ApiError (SH-8.9 "upload status 1"); transport failures show the catalogue's toast and reject with an
 * HttpError. A caller's abort rejects quietly.
 */
export function sendUpload(upload: UploadRequest): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.timeout = upload.timeoutMs ?? TIMEOUTS.transferMs;
    const token = getSession().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onCallerAbort = (): void => xhr.abort();
    const settle = (): void => upload.signal?.removeEventListener('abort', onCallerAbort);
    const fail = (error: Error, message: string | null): void => {
      settle();
      if (message !== null) notify.error(message, ERROR_TOAST_S);
      reject(error);
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        upload.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      settle();
      if (xhr.status !== 200) {
        reportHttpStatus(UPLOAD_PATH, xhr.status);
        reject(new HttpError('status', UPLOAD_PATH, xhr.status, `HTTP ${xhr.status}`));
        return;
      }
      const envelope = parseEnvelope(xhr.responseText);
      if (envelope === null) {
        fail(new HttpError('network', UPLOAD_PATH, 200, MSG.commError), MSG.commError);
        return;
      }
      try {
        resolve(unwrap(envelope));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    // No response at all (connection lost, server down): the catalogue's 连接超时, as for a time-out (SH-8.7).
    xhr.onerror = () => fail(new HttpError('network', UPLOAD_PATH, null, MSG.timeout), MSG.timeout);
    xhr.ontimeout = () => fail(new HttpError('timeout', UPLOAD_PATH, null, MSG.timeout), MSG.timeout);
    xhr.onabort = () => fail(new HttpError('aborted', UPLOAD_PATH, null, 'aborted'), null);

    if (upload.signal?.aborted) {
      fail(new HttpError('aborted', UPLOAD_PATH, null, 'aborted'), null);
      return;
    }
    upload.signal?.addEventListener('abort', onCallerAbort);
    xhr.send(buildForm(upload));
  });
}

/** The files stored under the request's tag, as the upload control keeps them. */
export async function uploadAttachment(upload: UploadRequest): Promise<AttachmentItem[]> {
  const result = await sendUpload(upload);
  return result[upload.tag] ?? [];
}
