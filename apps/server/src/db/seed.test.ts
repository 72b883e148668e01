import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { selectRows } from './client.ts';
import { isCreditCode } from '@cqjy/domain';
import { seedDatabase, seedDemo } from './seed.ts';

describe('seed', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes the demo data once, with valid distinct credit codes and mobiles', async () => {
    t = await createTestApp({ isSeeded: false });
    expect(await seedDemo(t.db, t.config)).toEqual({ isSeeded: true, users: 17 });
    expect(await seedDemo(t.db, t.config)).toEqual({ isSeeded: false, users: 0 });
    const companies = await selectRows<{ credit_code: string }>(t.db, sql`select credit_code from companies`);
    expect(companies).toHaveLength(17);
    expect(companies.every((c) => isCreditCode(c.credit_code))).toBe(true);
    const mobiles = await selectRows<{ mobile: string }>(t.db, sql`select mobile from users`);
    expect(new Set(mobiles.map((m) => m.mobile)).size).toBe(17);
    expect(mobiles.every((m) => /^1\d{10}$/.test(m.mobile))).toBe(true);
  });

  it('in production creates only the administrator, and needs ADMIN_PASSWORD for it', async () => {
    t = await createTestApp({ isSeeded: false });
    await expect(
      seedDatabase(t.db, { isProduction: true, demoPassword: 'x', adminPassword: undefined }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
    const outcome = await seedDatabase(t.db, {
      isProduction: true,
      demoPassword: 'x',
      adminPassword: 'Admin@20260101',
    });
    expect(outcome).toEqual({ isSeeded: true, users: 1 });
    const users = await selectRows<{ username: string; identity_type: number }>(
      t.db,
      sql`select u.username, c.identity_type from users u join operators o on o.user_id = u.id join companies c on c.id = o.company_id`,
    );
    expect(users).toEqual([{ username: 'admin', identity_type: 999 }]);
  });
});
