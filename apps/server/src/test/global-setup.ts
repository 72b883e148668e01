// Creating a PGlite database (initdb) costs 7 to 9 s, so the run migrates ONE template and every test file
// loads a copy: a dumped PGlite data directory, or, when TEST_DATABASE_URL names a PostgreSQL server, a
// template database that CREATE DATABASE ... TEMPLATE copies in milliseconds.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPgPool, wrapPglite, wrapPgPool } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { runAdmin, withDatabase } from './test-database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') {
    const template = `cqjy_tpl_${process.pid}`;
    await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${template}`);
    await runAdmin(adminUrl, `CREATE DATABASE ${template}`);
    const handle = wrapPgPool(createPgPool(withDatabase(adminUrl, template)));
    await migrateDatabase(handle);
    await handle.close();
    project.provide('testDatabase', { kind: 'pg', adminUrl, template });
    return async () => {
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }

  const client = new PGlite('memory://');
  const handle = wrapPglite(client);
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir('none');
  const dumpPath = join(tmpdir(), `cqjy-test-template-${process.pid}.tar`);
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dumpPath, { force: true });
  };
}
