// The floor under the bidding hall's fan-out: a bare node:http server (no portal code: no Fastify, sessions,
// validation, hall reads or logging) that serves the hall's two calls as bidding-load.ts uses them, so that the
// same client, the same bidders' loops and the same 5,000 watchers on two processes show what this machine does
// with the fan-out alone under that request load.
//
// - GET /api/bidding/{id}/events: a stream whose first event is `hall`, then every accepted "bid" as an event of
//   FLOOR_EVENT_BYTES (the size of the portal's bid event in the same run);
// - POST /api/bidding/bid/{id}: one single-row update in a transaction (the judge), which takes the step only when
//   FLOOR_ACCEPT_MS have passed since the last one taken (the portal's rate of accepted bids in the same run);
//   a taken step is written to this process's watchers and sent to the other process by pg_notify.
//
//   FLOOR_PORT, FLOOR_DATABASE_URL, FLOOR_EVENT_BYTES, FLOOR_ACCEPT_MS; the table floor_hall made by the caller
import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const url = env('FLOOR_DATABASE_URL');
const eventBytes = Number(env('FLOOR_EVENT_BYTES'));
const acceptMs = Number(env('FLOOR_ACCEPT_MS'));
const origin = randomBytes(4).toString('hex');
// The pool of apps/server/src/db/client.ts.
const pool = new pg.Pool({ connectionString: url, max: 10 });
const watchers = new Set<ServerResponse>();

/** The event of a version: padded to the portal's size, with the bid count the bench reads. */
function eventOf(name: string, version: number): string {
  const head = `{"version":${version},"bidCount":${version},"pad":"`;
  const pad = 'x'.repeat(Math.max(0, eventBytes - head.length - 2));
  return `event: ${name}\nid: ${version}\ndata: ${head}${pad}"}\n\n`;
}

function broadcast(version: number): void {
  const chunk = eventOf('bid', version);
  for (const watcher of watchers) watcher.write(chunk);
}

const listener = new pg.Client({ connectionString: url });
await listener.connect();
await listener.query('LISTEN floor_hall');
listener.on('notification', (message) => {
  const [from, version] = (message.payload ?? '').split(':');
  if (from !== origin) broadcast(Number(version));
});

const JUDGE = `update floor_hall set version = version + 1, taken_at = clock_timestamp()
  where id = 1 and taken_at < clock_timestamp() - make_interval(secs => $1::float8 / 1000) returning version`;

async function judge(): Promise<number | undefined> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const taken = await client.query<{ version: number }>({ name: 'judge', text: JUDGE, values: [acceptMs] });
    await client.query('commit');
    return taken.rows[0]?.version;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url?.endsWith('/events')) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.write(`retry: 3000\n\n${eventOf('hall', 0)}`);
    watchers.add(response);
    request.on('close', () => watchers.delete(response));
    return;
  }
  request.resume();
  request.on('end', () => {
    judge().then(
      (version) => {
        if (version !== undefined) {
          broadcast(version);
          pool
            .query('select pg_notify($1, $2)', ['floor_hall', `${origin}:${version}`])
            .catch(() => undefined);
        }
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify(
            version === undefined
              ? { status: 1, msg: 'refused', data: null }
              : { status: 0, msg: '', data: { version, nextMinimum: 0 } },
          ),
        );
      },
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
});
server.listen(Number(env('FLOOR_PORT')), '127.0.0.1');
