// Upload rules (SH-5.7, SH-5.8, SH-5.9, SH-8.9) and how a stored file is shown (SH-9.4). The upload control
// checks a file before sending it and the server checks it again on arrival, with the same function.
import { MSG } from './messages.ts';
import { formatMessage } from './format.ts';
import { validateFileName } from './validation/filename.ts';

export const UPLOAD_TYPES = [
  'txt',
  'doc',
  'docx',
  'xlsx',
  'xls',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'zip',
  'rar',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const UPLOAD_MAX_MB = 50;
/** The longest name a file on a user's disk can have (Windows and macOS allow 255 characters). */
export const FILE_NAME_MAX = 255;
export const UPLOAD_DRAG_MAX_MB = 30;
const BYTES_PER_MB = 1024 * 1024;

/** SH-9.4: shown inside the page. */
export const PREVIEW_TYPES = ['png', 'jpg', 'jpeg', 'pdf'] as const;
/** SH-9.4: offered for download only. */
export const DOWNLOAD_ONLY_TYPES = ['txt', 'zip', 'xls', 'xlsx', 'doc', 'docx', 'rar'] as const;

/** The extension in lower case without the dot ('合同.PDF' -> 'pdf'); '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Spec 001 section 3, labelName: the name without its extension ('合同.final.pdf' -> '合同.final'). */
export function labelName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/** SH-9.4: png, jpg, jpeg and pdf open in the page; every other file is downloaded. */
export function previewMode(fileName: string): 'preview' | 'download' {
  return (PREVIEW_TYPES as readonly string[]).includes(fileExtension(fileName)) ? 'preview' : 'download';
}

export type UploadCandidate = { name: string; size: number };

export type UploadOptions = {
  /** the control's own limit in MB; wins over the drag-mode and default limits */
  maxMb?: number;
  /** drag-and-drop mode: 30 MB unless the control gives its own limit */
  isDrag?: boolean;
  /** the control's accepted types, as extensions or an accept string ('.pdf,.png'); defaults to UPLOAD_TYPES */
  accept?: readonly string[] | string;
};

function normalizeAccept(accept: readonly string[] | string | undefined): readonly string[] {
  if (accept === undefined) return UPLOAD_TYPES;
  const list = typeof accept === 'string' ? accept.split(',') : accept;
  const types = list
    .map((type) => type.trim().replace(/^\./, '').toLowerCase())
    .filter((type) => type !== '');
  return types.length === 0 ? UPLOAD_TYPES : types;
}

/** The maximum in MB the options give: the control's own size, else 30 in drag mode, else 50. */
export function uploadLimitMb(options: UploadOptions = {}): number {
  return options.maxMb ?? (options.isDrag === true ? UPLOAD_DRAG_MAX_MB : UPLOAD_MAX_MB);
}

/**
 * The message that refuses a file, or null to let it through. Checked in the order a user can act on: the type
 * (listing what is allowed), the name (SH-5.1, and its length), an empty file, then the size.
 */
export function checkUpload(file: UploadCandidate, options: UploadOptions = {}): string | null {
  const accepted = normalizeAccept(options.accept);
  if (!accepted.includes(fileExtension(file.name))) {
    return formatMessage(MSG.uploadTypeNotAllowed, { types: accepted.join('、') });
  }
  const nameMessage = validateFileName(file.name);
  if (nameMessage !== null) return nameMessage;
  if ([...file.name].length > FILE_NAME_MAX)
    return formatMessage(MSG.fileNameTooLong, { max: FILE_NAME_MAX });
  if (file.size <= 0) return MSG.uploadEmpty;
  const maxMb = uploadLimitMb(options);
  if (file.size > maxMb * BYTES_PER_MB) return formatMessage(MSG.uploadTooLarge, { max: maxMb });
  return null;
}

/**
 * SH-5.9: `limit` files at most; `current` are already in the list and `adding` are being picked. The message
 * names the total the user would have ("currently selected X" = current + adding), which is what exceeds.
 */
export function checkUploadCount(limit: number, current: number, adding: number): string | null {
  const count = current + adding;
  return count > limit ? formatMessage(MSG.uploadTooMany, { limit, count }) : null;
}
