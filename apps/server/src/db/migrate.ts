// Applies the committed drizzle-kit migrations (apps/server/drizzle) with the migrator of the open driver.
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Schema } from './client.ts';

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');

export async function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'driver'>): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  }
}
