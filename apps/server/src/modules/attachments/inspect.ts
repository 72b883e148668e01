// What is inside an uploaded file, checked against what its extension claims. Nothing here trusts the client:
// not its file name, not its Content-Type. Archives are judged by their central directory alone, before any
// byte of them is inflated. Images, PDFs and texts must not also be a web page or carry a script (polyglots).
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { MSG, type UploadType } from '@cqjy/domain';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';

export type Inspection = { isAccepted: true; contentType: string } | { isAccepted: false; message: string };

/** Limits of an archive, read from its central directory (a zip bomb declares what it would unpack to). */
export const ARCHIVE_LIMITS = {
  maxEntries: 10_000,
  maxUnpackedBytes: 500 * 1024 * 1024,
  maxRatio: 200,
  /**
   * Entries smaller than this are not held to the ratio: a few kilobytes of repeated XML legitimately compress
   * more than 200 times, and a small entry cannot exhaust anything.
   */
  ratioFloorBytes: 1024 * 1024,
} as const;

const ZIP_CONTAINERS: ReadonlySet<UploadType> = new Set(['docx', 'xlsx', 'zip']);
const IMAGE_TYPES: ReadonlySet<UploadType> = new Set(['png', 'jpg', 'jpeg']);

/** file-type's answers each extension accepts (a .zip is accepted before, on its directory alone). */
const ACCEPTED_SNIFFS: Record<Exclude<UploadType, 'txt'>, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  doc: ['cfb'],
  xls: ['cfb'],
  rar: ['rar'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  zip: ['zip'],
};

/** The Content-Type each type is served with; doc and xls sniff only as OLE2, so theirs follow the extension. */
const CONTENT_TYPES: Record<Exclude<UploadType, 'txt'>, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  rar: 'application/vnd.rar',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

const mismatch: Inspection = { isAccepted: false, message: MSG.uploadContentMismatch };
const abnormalArchive: Inspection = { isAccepted: false, message: MSG.uploadArchiveAbnormal };

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A local file header, or the end record of an empty archive. */
function hasZipSignature(head: Buffer): boolean {
  const signature = head.length >= 4 ? head.readUInt32LE(0) : 0;
  return signature === 0x04034b50 || signature === 0x06054b50;
}

function exceedsRatio(entry: yauzl.Entry): boolean {
  if (entry.uncompressedSize < ARCHIVE_LIMITS.ratioFloorBytes) return false;
  return entry.uncompressedSize > ARCHIVE_LIMITS.maxRatio * Math.max(entry.compressedSize, 1);
}

/**
 * Walks the central directory (lazyEntries: one record at a time, nothing inflated) and answers whether the
 * archive stays within ARCHIVE_LIMITS. An unreadable directory counts as abnormal.
 */
export async function isArchiveWithinLimits(path: string): Promise<boolean> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true });
  } catch {
    return false;
  }
  if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
    zip.close();
    return false;
  }
  return new Promise<boolean>((resolve) => {
    let unpacked = 0;
    let count = 0;
    const finish = (isWithin: boolean): void => {
      zip.removeAllListeners();
      // An error after the answer (a close racing the last read) must not become an unhandled 'error' event.
      zip.on('error', () => undefined);
      if (zip.isOpen) zip.close();
      resolve(isWithin);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1;
      unpacked += entry.uncompressedSize;
      if (
        count > ARCHIVE_LIMITS.maxEntries ||
        unpacked > ARCHIVE_LIMITS.maxUnpackedBytes ||
        exceedsRatio(entry)
      ) {
        finish(false);
        return;
      }
      zip.readEntry();
    });
    zip.once('end', () => finish(true));
    zip.once('error', () => finish(false));
    zip.readEntry();
  });
}

const TEXT_SNIFF = /^(text\/|application\/xml$|image\/svg\+xml$)/;

/**
 * Text: no NUL byte anywhere, and the whole file decodes as UTF-8 or, failing that, as GB18030 (the superset of
 * GBK that Chinese Windows editors save). Answers the charset, or null when the file is not text.
 */
export async function detectTextCharset(path: string): Promise<'utf-8' | 'gb18030' | null> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const gb18030 = new TextDecoder('gb18030', { fatal: true });
  let isUtf8 = true;
  let isGb18030 = true;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) return null;
    if (isUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
    if (isGb18030) {
      try {
        gb18030.decode(chunk, { stream: true });
      } catch {
        isGb18030 = false;
      }
    }
    if (!isUtf8 && !isGb18030) return null;
  }
  // The final flush catches a multi-byte sequence cut off at the end of the file.
  const flush = (decoder: InstanceType<typeof TextDecoder>): boolean => {
    try {
      decoder.decode();
      return true;
    } catch {
      return false;
    }
  };
  if (isUtf8 && flush(utf8)) return 'utf-8';
  if (isGb18030 && flush(gb18030)) return 'gb18030';
  return null;
}

/**
 * Markup that makes a browser run something: a page, a script, a frame or plug-in, an event handler, a script URL.
 * The shortest marker is six bytes with a fixed delimiter, so the compressed bytes of a real photo or PDF match
 * one by chance less than once in a hundred thousand files of 10 MB.
 */
const ACTIVE_MARKUP =
  /<(?:script|iframe|object|applet|embed)|<(?:html|body)[\s>]|<!doctype\s+html|javascript:|\bon(?:load|error)\s*=/i;

/** PDF names that run something: a JavaScript action (its type and its script), and the Launch action. */
const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set(['JavaScript', 'JS', 'Launch']);

/** A PDF name: a slash, then regular characters; #xx is a hex-escaped byte (/J#61vaScript is /JavaScript). */
const PDF_NAME = /\/([^\s()<>[\]{}/%]{1,127})/g;

/** The start of a stream's bytes: `stream` and its end of line, right after the stream's dictionary. */
const STREAM_START = /(?<=>>\s*)stream\r?\n/g;
const STREAM_END = 'endstream';

/** Bytes carried from one chunk to the next, so that a marker cut by a chunk boundary is still seen whole. */
const OVERLAP = 64;

function hasActivePdfName(text: string): boolean {
  for (const match of text.matchAll(PDF_NAME)) {
    const raw = match[1] ?? '';
    const name = raw.includes('#')
      ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : raw;
    if (PDF_ACTIVE_NAMES.has(name)) return true;
  }
  return false;
}

/** Whether a file holds active markup anywhere (an image or a text: a polyglot that is also a page). */
async function hasActiveMarkup(path: string): Promise<boolean> {
  let tail = '';
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const text = tail + chunk.toString('latin1');
    if (ACTIVE_MARKUP.test(text)) return true;
    tail = text.slice(-OVERLAP);
  }
  return false;
}

/**
 * Whether a PDF's objects (everything outside the stream bytes) hold active markup or an action that runs
 * something. Stream bytes are skipped: compressed content matches short names by chance. A script hidden in a
 * compressed object stream is not seen; readers of the portal's own previews (pdf.js) do not run PDF scripts.
 */
async function hasActivePdfContent(path: string): Promise<boolean> {
  let pending = '';
  let tail = '';
  let isInStream = false;
  const isActive = (text: string): boolean => ACTIVE_MARKUP.test(text) || hasActivePdfName(text);
  /** Consumes `pending` up to `limit`; answers whether something active was seen. */
  const consume = (limit: number): boolean => {
    let at = 0;
    while (at < limit) {
      if (isInStream) {
        const end = pending.indexOf(STREAM_END, at);
        if (end === -1 || end >= limit) {
          at = limit;
          break;
        }
        isInStream = false;
        tail = '';
        at = end + STREAM_END.length;
        continue;
      }
      STREAM_START.lastIndex = at;
      const start = STREAM_START.exec(pending);
      const stop = start === null || start.index >= limit ? limit : start.index;
      const outside = tail + pending.slice(at, stop);
      if (isActive(outside)) return true;
      tail = outside.slice(-OVERLAP);
      if (stop === limit) {
        // keeps what a `stream` keyword just past the limit needs to be recognised (its dictionary's >>)
        at = Math.max(at, limit - OVERLAP);
        break;
      }
      isInStream = true;
      at = stop + (start?.[0].length ?? 0);
    }
    pending = pending.slice(at);
    return false;
  };
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    pending += chunk.toString('latin1');
    // the last bytes wait for the next chunk: a keyword or a name may continue there
    if (consume(Math.max(0, pending.length - OVERLAP))) return true;
  }
  return consume(pending.length);
}

const activeContent: Inspection = { isAccepted: false, message: MSG.uploadActiveContent };

async function inspectText(path: string): Promise<Inspection> {
  const sniffed = await fileTypeFromFile(path);
  if (sniffed !== undefined && !TEXT_SNIFF.test(sniffed.mime)) return mismatch;
  const charset = await detectTextCharset(path);
  if (charset === null) return mismatch;
  if (await hasActiveMarkup(path)) return activeContent;
  return { isAccepted: true, contentType: `text/plain; charset=${charset}` };
}

/** Checks a complete, non-empty upload against its (allowed) extension; answers how to serve it. */
export async function inspectUpload(path: string, type: UploadType): Promise<Inspection> {
  if (type === 'txt') return inspectText(path);
  if (ZIP_CONTAINERS.has(type)) {
    if (!hasZipSignature(await readHead(path, 4))) return mismatch;
    if (!(await isArchiveWithinLimits(path))) return abnormalArchive;
    // Whatever a readable zip holds (a jar's manifest, an epub's mimetype ...), a .zip it is.
    if (type === 'zip') return { isAccepted: true, contentType: CONTENT_TYPES.zip };
  }
  const sniffed = await fileTypeFromFile(path);
  if (sniffed === undefined || !ACCEPTED_SNIFFS[type].includes(sniffed.ext)) return mismatch;
  // The types shown inside the page (SH-9.4) must not also be a page or carry a script.
  if (
    type === 'pdf' ? await hasActivePdfContent(path) : IMAGE_TYPES.has(type) && (await hasActiveMarkup(path))
  ) {
    return activeContent;
  }
  return { isAccepted: true, contentType: CONTENT_TYPES[type] };
}
