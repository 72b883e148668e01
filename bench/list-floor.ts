// The floor under the project list: a bare Fastify server (no portal code: no authentication logic, security
// headers, validation or logging) that answers POST /list with the same three statements the portal runs for
// the owner's first page — the signed-in session with its operator, the page of projects with their owners'
// names, the capped count — written out here as the portal's repositories build them, prepared, through pg.
// project-list.ts starts it as a child process and loads it like the portal, so the two figures of one run show
// how much of a list request is the database work itself on this machine.
//
//   FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_COMPANY (the owner's company id), FLOOR_TOKEN_HASH (a session's hash)
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

const PAGE = `select p.id, p.company_id, p.family, p.name, p.code, p.status, p.disclosure_end, p.updated_at,
  (p.details #>> '{form,listingPrice}')::bigint, c.name
  from projects p inner join companies c on c.id = p.company_id
  where p.company_id = $1 order by p.id desc limit $2 offset $3`;
const COUNT = `select count(*) from (select 1 from projects where company_id = $1 limit 1001) counted`;

const app = Fastify();
app.post('/list', async () => {
  const session = await pool.query({ name: 'floor_session', text: SESSION, values: [tokenHash] });
  if (session.rows.length === 0) throw new Error('no such session');
  const [page, counted] = await Promise.all([
    pool.query({ name: 'floor_page', text: PAGE, values: [company, 10, 0] }),
    pool.query({ name: 'floor_count', text: COUNT, values: [company] }),
  ]);
  return { status: 0, msg: '', data: { list: page.rows, total: Number(counted.rows[0]?.count) } };
});
await app.listen({ port: Number(env('FLOOR_PORT')), host: '127.0.0.1' });
