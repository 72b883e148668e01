// Health: 200 with the database's driver while it answers; HTTP 503 with the envelope while it does not (a
// PostgreSQL server nobody listens for), which is what load balancers and orchestrators take out of service. That
// it answers 200 again once a restarted database is back is the reliability suite's pg-restart row.
import { MSG } from '@cqjy/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgPool, wrapPgPool } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { healthRoutes } from './routes.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ isSeeded: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pings the database without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 0,
      msg: MSG.healthOk,
      data: { db: 'ok', driver: inject('testDatabase').kind },
    });
  });

  it('answers 503 while the database does not answer', async () => {
    // port 1 on this machine: nothing listens, the connection is refused at once
    const unreachable = wrapPgPool(createPgPool('postgres://postgres@127.0.0.1:1/none'));
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { db: unreachable.db, driver: unreachable.driver });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 503, msg: MSG.healthDatabaseDown, data: null });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
