// GET /api/health of the real server next to a bare Fastify hello-world, in the same run: the ratio shows what
// the portal's plugins, security headers, logging and database ping cost per request.
import Fastify from 'fastify';
import { load, printTable, startServer } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const bare = Fastify();
bare.get('/hello', () => ({ hello: 'world' }));
await bare.listen({ port: 8291, host: '127.0.0.1' });

const server = await startServer(8290, { NODE_ENV: 'production', ADMIN_PASSWORD: 'Bench@2026!x' });
try {
  // Warm both up so that JIT and the database connection are settled before measuring.
  await load('warm-up', { url: `${server.url}/api/health`, duration: 2 });
  await load('warm-up', { url: 'http://127.0.0.1:8291/hello', duration: 2 });
  const health = await load('/api/health (portal)', { url: `${server.url}/api/health`, duration });
  const hello = await load('hello world (bare Fastify)', { url: 'http://127.0.0.1:8291/hello', duration });
  printTable([health, hello]);
  console.log(`ratio portal/bare (req/s): ${(health.rps / hello.rps).toFixed(3)}`);
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
} finally {
  await server.stop();
  await bare.close();
}
