// The floor under the small-lot ledger's list (台账 · 小宗实物): a bare Fastify server (no portal code: no
// authentication logic, guards, security headers, validation or logging) that answers POST /list with the statements
// the portal runs for the agent's first page of its ledger — the signed-in session, the company's small-lot project
// permission (SH-4.14), the page of rows with the company's name and the count capped at 1,001 — written out as the registries
// repository builds them, prepared, through pg. ledger.ts starts it as a child process and loads it like the portal.
//
//   FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_COMPANY (the agent's company id), FLOOR_TOKEN_HASH (a session's hash)
import Fastify from 'fastify';
import pg from 'pg';
import { SESSION } from './floor-session.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const company = Number(env('FLOOR_COMPANY'));
const tokenHash = env('FLOOR_TOKEN_HASH');
// The pool of apps/server/src/db/client.ts.
const pool = new pg.Pool({ connectionString: env('FLOOR_DATABASE_URL'), max: 10 });

const PERMISSION = `select project_permissions from companies where id = $1 limit 1`;
const PAGE = `select r.*, c.name from registry_rows r inner join companies c on c.id = r.company_id
  where r.registry = 'ledgerSmall' and r.company_id = $1 order by r.id desc limit $2 offset $3`;
const COUNT = `select count(*) from (select 1 from registry_rows where registry = 'ledgerSmall' and company_id = $1
  limit 1001) counted`;

const app = Fastify();
app.post('/list', async () => {
  const session = await pool.query({ name: 'floor_session', text: SESSION, values: [tokenHash] });
  if (session.rows.length === 0) throw new Error('no such session');
  await pool.query({ name: 'floor_permission', text: PERMISSION, values: [company] });
  const [page, counted] = await Promise.all([
    pool.query({ name: 'floor_page', text: PAGE, values: [company, 10, 0] }),
    pool.query({ name: 'floor_count', text: COUNT, values: [company] }),
  ]);
  return { status: 0, msg: '', data: { list: page.rows, total: Number(counted.rows[0]?.count) } };
});
await app.listen({ port: Number(env('FLOOR_PORT')), host: '127.0.0.1' });
