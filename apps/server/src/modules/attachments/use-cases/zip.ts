import { fileExtension, MSG } from '@cqjy/domain';
import yazl from 'yazl';
import { notFound } from '../../../platform/errors.ts';
import { isVisibleTo } from '../access.ts';
import type { AttachmentsDeps, Viewer, ZipDownload } from '../deps.ts';
import * as repo from '../repo.ts';

const DEFAULT_ZIP_NAME = `${MSG.attachmentZipName}.zip`;
/** Already compressed formats are stored in the zip as they are; deflating them again costs CPU for nothing. */
const COMPRESSED_TYPES: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'zip', 'rar', 'docx', 'xlsx']);

/** Names inside one zip must differ: the second 合同.pdf becomes 合同(1).pdf. */
export function dedupeNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const ext = fileExtension(name);
    const base = ext === '' ? name : name.slice(0, -(ext.length + 1));
    for (let n = 1; used.has(candidate.toLowerCase()); n += 1) {
      candidate = ext === '' ? `${base}(${n})` : `${base}(${n}).${ext}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The zip's own name: no path, no control characters, at most 100 characters, ending in .zip. */
export function normalizeZipName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '')
    .trim()
    .slice(0, 100);
  if (cleaned === '' || cleaned === '.zip') return DEFAULT_ZIP_NAME;
  return cleaned.toLowerCase().endsWith('.zip') ? cleaned : `${cleaned}.zip`;
}

/**
 * Several files as one zip, streamed as it is built: each file is opened only when the zip reaches it.
 * Every id must be visible, or nothing is answered.
 */
export async function openZip(
  deps: AttachmentsDeps,
  viewer: Viewer,
  ids: readonly string[],
  name: string | undefined,
): Promise<ZipDownload> {
  const { db, storage } = deps;
  const unique = [...new Set(ids)];
  const rows = await repo.listLiveByIds(db, unique);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered: repo.AttachmentRow[] = [];
  for (const id of unique) {
    const row = byId.get(id);
    if (row === undefined || !(await isVisibleTo(deps, viewer, row))) throw notFound();
    ordered.push(row);
  }
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
  // A file that cannot be read ends the answer with an error instead of an unhandled 'error' event: the
  // client sees a broken download, the process stays up.
  const fail = (error: unknown): void => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  const names = dedupeNames(ordered.map((row) => row.fileName));
  ordered.forEach((row, i) => {
    zip.addReadStreamLazy(
      names[i] ?? row.fileName,
      { size: row.size, mtime: row.createdAt, compress: !COMPRESSED_TYPES.has(row.ext) },
      (callback) => {
        storage.get(row.storageKey).then(
          (stream) => {
            stream.once('error', fail);
            callback(null, stream);
          },
          (error: unknown) => {
            fail(error);
          },
        );
      },
    );
  });
  zip.end();
  return { fileName: normalizeZipName(name), stream: zip.outputStream };
}
