// Applies the committed drizzle-kit migrations (apps/server/drizzle) with the migrator of the open driver.
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');

const STARTUP_LOCK = 0x7374_7274; // 'strt'

/**
 * Runs `work` (migrations, first data) while holding a PostgreSQL advisory lock, so that nodes starting at the
 * same moment take turns instead of racing to create the same tables and rows. The lock lives on a connection of
 * its own and ends with it. PGlite has a single process: nothing to wait for.
 */
export async function withStartupLock<T>(
  config: Pick<Config, 'databaseUrl'>,
  work: () => Promise<T>,
): Promise<T> {
  if (config.databaseUrl === undefined) return work();
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

export async function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'driver'>): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  }
}
