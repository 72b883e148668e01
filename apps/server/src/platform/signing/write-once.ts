// Files that must come into being exactly once, even when several processes start together (the certificate
// authority's root, the key-encryption secret). The content is written to a temp file and linked into place:
// link fails when the name exists, where rename would silently replace what another process has just made and
// is already using. The process that loses the race reads the winner's file instead of its own.
import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';

function hasCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}

/** The text of `path`, or undefined when there is no such file. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * The content of `path`; when it does not exist, `create()` makes it and it is published atomically with
 * `mode`. Whoever publishes first wins; everyone answers the published content.
 */
export async function readOrCreateFile(
  path: string,
  create: () => string | Promise<string>,
  mode: number,
): Promise<string> {
  const existing = await readTextIfExists(path);
  if (existing !== undefined) return existing;
  const content = await create();
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode, flag: 'wx' });
  try {
    await link(temp, path);
    return content;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return readFile(path, 'utf8');
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
