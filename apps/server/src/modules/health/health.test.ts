import { MSG } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
});
