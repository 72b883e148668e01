// One Drizzle database type over two drivers: the embedded PGlite (default, data directory on disk) and a real
// PostgreSQL server through node-postgres when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';

/**
 * Both drivers' databases and their transactions are PgDatabase, so repos accept either. It carries no schema:
 * the repos query their module's tables by import (select/insert/update), never through the relational
 * `db.query.x` API, so db/ needs no list of every module's tables above it.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbDriver = 'pglite' | 'pg';

export type DatabaseHandle = {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
};

export function wrapPglite(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite({ client }),
    driver: 'pglite',
    close: () => client.close(),
  };
}

export function wrapPgPool(pool: pg.Pool): DatabaseHandle {
  return {
    db: drizzlePg({ client: pool }),
    driver: 'pg',
    close: () => pool.end(),
  };
}

export function createPgPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (in a transaction, between two queries) when the server goes away or restarts:
  // node-postgres would raise an unhandled 'error' event. Its pending and next queries fail instead, and the pool
  // discards it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) {
    return wrapPgPool(createPgPool(config.databaseUrl));
  }
  const dir = join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  return wrapPglite(client);
}

/** Rows of a raw query, whichever driver answered it (both answer an object with `rows`). */
export async function selectRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
