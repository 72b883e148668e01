// Stored files (spec 000 section 7, Shared; spec 001 section 3): download or preview bytes, delete, the one-click
// zip of several files and the files of one record. Uploading is in upload.ts (it needs XHR for progress).
import { MSG } from '@cqjy/domain/messages';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { AttachmentItem, Envelope } from '@cqjy/domain/api';
import { deleteAttachmentCall, relatedAttachmentsCall } from '@cqjy/domain/contracts/attachments';
import { fetchData } from '../lib/call.ts';
import { http, request, unwrap } from '../lib/http.ts';

export function attachmentDownloadPath(uuid: string): string {
  return `/api/attachment/download/${encodeURIComponent(uuid)}`;
}

/** The bytes of a stored file; `isInline` asks for the in-page variant (png, jpg, jpeg, pdf only, SH-9.4). */
export function fetchAttachmentBlob(uuid: string, isInline = false): Promise<Blob> {
  return http.download(attachmentDownloadPath(uuid), isInline ? { inline: 1 } : undefined);
}

/** Removes a stored file; a locked one is refused by the server with 该文件不可删除, which is shown. */
export async function deleteAttachment(uuid: string): Promise<void> {
  await fetchData(deleteAttachmentCall, { params: { id: uuid } });
}

/** The files uploaded to one record. */
export function fetchRelatedAttachments(dataClass: string, dataId: string): Promise<AttachmentItem[]> {
  return fetchData(relatedAttachmentsCall, { body: { dataClass, dataId } });
}

/** The zip's name as the server gives it: the caller's name ending in .zip, or 附件信息.zip. */
export function zipFileName(name?: string): string {
  const base = name?.trim() || MSG.attachmentZipName;
  return base.toLowerCase().endsWith('.zip') ? base : `${base}.zip`;
}

/** One zip of several stored files (BF-2.5 one-click download). */
export function fetchAttachmentsZip(ids: readonly string[], name?: string): Promise<Blob> {
  return request<Blob>('/api/file/download', {
    method: 'POST',
    data: name === undefined ? { ids } : { ids, name },
    timeoutMs: TIMEOUTS.transferMs,
    responseType: 'blob',
  });
}

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download synchronously; a later revoke keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadAttachment(item: Pick<AttachmentItem, 'uuid' | 'fileName'>): Promise<void> {
  saveBlob(await fetchAttachmentBlob(item.uuid), item.fileName);
}

export async function downloadAttachmentsZip(ids: readonly string[], name?: string): Promise<void> {
  saveBlob(await fetchAttachmentsZip(ids, name), zipFileName(name));
}

/** A blob's text through FileReader, which every browser (and the tests' DOM) has. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

/**
 * An export (GET `url` with `params`) saved as `fileName`; `onProgress` hears the bytes as they come. A refusal
 * (too many rows, a bad filter) comes back as an envelope instead of a file: its message is shown and nothing is
 * saved.
 */
export async function downloadExport(
  url: string,
  params: Record<string, unknown>,
  fileName: string,
  onProgress?: (received: number) => void,
): Promise<void> {
  const blob = await http.download(url, params, onProgress === undefined ? {} : { onProgress });
  if (blob.type.startsWith('application/json')) {
    unwrap(JSON.parse(await readText(blob)) as Envelope<unknown>);
    return;
  }
  saveBlob(blob, fileName);
}
