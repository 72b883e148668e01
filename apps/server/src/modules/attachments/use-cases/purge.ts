import { UNREFERENCED_GRACE_MS, type AttachmentsDeps, type FilesPurgeReport } from '../deps.ts';
import * as repo from '../repo.ts';

const UNREFERENCED_BATCH = 1000;

/**
 * Removes stored bytes that no row refers to (a deleted file's row still does) and that are older than
 * UNREFERENCED_GRACE_MS, and the temp files of uploads that stopped as long ago. Each object is checked again
 * just before it goes, so content an upload reused meanwhile stays.
 */
export async function purgeUnreferenced({ db, storage, clock }: AttachmentsDeps): Promise<FilesPurgeReport> {
  const before = new Date(clock.now().getTime() - UNREFERENCED_GRACE_MS);
  let storedObjects = 0;
  let candidates: string[] = [];
  const removeUnreferenced = async (): Promise<void> => {
    const referenced = await repo.listReferencedKeys(db, candidates);
    for (const key of candidates) {
      if (!referenced.has(key) && (await storage.deleteIfOlder(key, before))) storedObjects += 1;
    }
    candidates = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() >= before.getTime()) continue;
    candidates.push(object.key);
    if (candidates.length >= UNREFERENCED_BATCH) await removeUnreferenced();
  }
  await removeUnreferenced();
  const tempFiles = await storage.removeStaleTemp(before);
  return { storedObjects, tempFiles };
}
