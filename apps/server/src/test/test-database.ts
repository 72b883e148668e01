// How the test run's template database is shared between vitest's global setup and the test files.
import pg from 'pg';

export type TestDatabaseTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'pg'; adminUrl: string; template: string };

declare module 'vitest' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement (CREATE or DROP DATABASE) on a connection of its own to the server of `adminUrl`. */
export async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
