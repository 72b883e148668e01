// A private PostgreSQL server for the database-restart test, so that stopping it disturbs nobody else: initdb into
// a temp directory, pg_ctl start and stop on a port of its own. PostgreSQL refuses to run as root; as root every
// command runs as the postgres OS user (runuser), who owns the directory.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFreePort, type Requirement } from './multi-node.ts';

const run = promisify(execFile);

const BIN_DIRS = [17, 16, 15, 14, 13].map((v) => `/usr/lib/postgresql/${v}/bin`);
const RUNUSER = '/usr/sbin/runuser';

function findBinDir(): string | undefined {
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const isRoot = process.getuid?.() === 0;

export function requirePostgresBinaries(): Requirement {
  if (findBinDir() === undefined) {
    return { isMet: false, note: ' (skipped: no initdb and pg_ctl in /usr/lib/postgresql/*/bin)' };
  }
  if (isRoot && !existsSync(RUNUSER)) {
    return { isMet: false, note: ` (skipped: running as root without ${RUNUSER})` };
  }
  return { isMet: true, note: '' };
}

export type PrivatePostgres = {
  readonly url: string;
  readonly port: number;
  /** pg_ctl start, waiting until it accepts connections (crash recovery included) */
  start(): Promise<void>;
  /** pg_ctl stop: fast (sessions ended, clean checkpoint) or immediate (a crash: recovery at the next start) */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** stops it (when running) and removes its directory */
  destroy(): Promise<void>;
};

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findBinDir();
  if (bin === undefined) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-private-pg-'));
  if (isRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const as = (command: string, args: string[]) =>
    isRoot
      ? run(RUNUSER, ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await findFreePort();
  let isRunning = false;
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=50`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await as('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'postgres.log'),
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      isRunning = true;
    },
    async stop(mode) {
      await as('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      isRunning = false;
    },
    async destroy() {
      if (isRunning) {
        try {
          await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
