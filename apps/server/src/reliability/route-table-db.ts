// What the generated checks need of the database and of the demo accounts: a fingerprint of every business table
// (to prove that refused calls changed nothing), the codes each demo identity's role holds as the seed stored
// them, and signing in without spending the callers' rate-limit allowance.
import type { LoginResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows, type Db } from '../db/client.ts';
import { attemptLogin, readJson } from '../test/harness.ts';

/**
 * Tables a refused call may legitimately write, left out of the fingerprint. Each one is named with the reason;
 * every other table of the public schema counts.
 */
export const VOLATILE_TABLES: Readonly<Record<string, string>> = {
  // BLUEPRINT section 3: every mutating call writes the audit log, refusals included (result 'fail'); the log is
  // append-only and hash-chained, checked by its own tests.
  audit_log: 'refusals are recorded there on purpose',
};

export type Fingerprint = Record<string, string>;

/** One md5 per table over its rows in a stable order (the text form of each row, sorted). */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Fingerprint = {};
  for (const { name } of tables) {
    if (name in VOLATILE_TABLES) continue;
    const rows = await selectRows<{ digest: string | null; n: number }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest, count(*)::int as n
          from ${sql.identifier(name)} t`,
    );
    out[name] = `${rows[0]?.n ?? 0}:${rows[0]?.digest ?? ''}`;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * The codes of a demo user's default identity, as its seeded role grants them. (Secondary codes only take effect
 * within the company's built-in role, which is the role the demo operators hold, so they add nothing here.)
 */
export async function codesOf(db: Db, username: string): Promise<string[]> {
  const rows = await selectRows<{ codes: string[] | null }>(
    db,
    sql`select r.codes as codes
        from users u join operators o on o.user_id = u.id and o.is_default
        left join roles r on r.id = o.role_id where u.username = ${username}`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no default identity for ${username}`);
  return row.codes ?? [];
}

/** The company of a demo user's default identity. */
export async function companyOf(db: Db, username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select o.company_id as id from users u join operators o on o.user_id = u.id and o.is_default
        where u.username = ${username}`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no company for ${username}`);
  return id;
}

let signIns = 0;

/**
 * Signs a demo user in from an address of its own (192.168.x.y), so that the login and captcha rate limits,
 * counted per address, are not shared with the generated calls.
 */
export async function signIn(app: FastifyInstance, username: string): Promise<string> {
  signIns += 1;
  const response = await attemptLogin(app, {
    username,
    remoteAddress: `192.168.${(signIns >> 8) & 255}.${signIns & 255}`,
  });
  const body = readJson<LoginResult>(response);
  if (body.status !== 0) throw new Error(`${username} could not sign in: ${body.msg}`);
  return body.data.access_token;
}
