import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { systemClock } from '../../platform/clock.ts';
import { attemptLogin, bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { createAuditService, verifyAuditChain } from './service.ts';

type Row = { id: string | number; action: string; result: string; user_id: number | null; detail: unknown };

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a row for login success, login failure and logout, and the chain verifies', async () => {
    const token = await loginAs(t.app, 'transferor');
    await attemptLogin(t.app, { username: 'transferor', password: 'Wrong@2026' });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });

    const rows = await selectRows<Row>(
      t.db,
      sql`select id, action, result, user_id, detail from audit_log order by id`,
    );
    expect(rows.map((r) => [r.action, r.result])).toEqual([
      ['login', 'ok'],
      ['login', 'fail'],
      ['logout', 'ok'],
    ]);
    expect(rows.every((r) => r.user_id !== null)).toBe(true);
    expect(rows[1]?.detail).toMatchObject({ reason: 'credentials' });
    expect(await verifyAuditChain(t.db)).toEqual({ isValid: true, count: 3 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    await expect(
      t.db.execute(sql`update audit_log set result = 'ok' where action = 'login'`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await verifyAuditChain(t.db)).toMatchObject({ isValid: true });
  });

  it('keeps one chain under concurrent appends', async () => {
    const audit = createAuditService({ clock: systemClock });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        audit.append(t.db, { action: 'test', result: 'ok', target: String(i) }),
      ),
    );
    const outcome = await verifyAuditChain(t.db);
    expect(outcome.isValid).toBe(true);
    expect(outcome.count).toBeGreaterThanOrEqual(23);
  });

  it('reports the first tampered row', async () => {
    const rows = await selectRows<{ id: string | number }>(t.db, sql`select id from audit_log order by id`);
    const victim = Number(rows[1]?.id);
    // Tampering needs the trigger out of the way, as someone with direct database access could do.
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await t.db.execute(sql`update audit_log set result = 'ok' where id = ${victim}`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    expect(await verifyAuditChain(t.db)).toEqual({ isValid: false, count: 1, brokenId: victim });
  });
});

describe('audit rows of the shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_FIXED: '135790' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('records SMS sends, SMS-code sign-in, identity switch, secondary role and the welcome prompt in one chain', async () => {
    await t.app.inject({ method: 'POST', url: '/api/app/login/otp/13800000002' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { mobile: '13800000002', otp: '135790' },
    });
    const token = readJson<{ access_token: string }>(login).data.access_token;
    const info = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
    const identities = readJson<{ identities: { id: number }[] }>(info).data.identities;
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/app/switch/${identities[1]?.id ?? 0}`,
      headers: bearer(token),
    });
    const next = readJson<{ access_token: string }>(switched).data.access_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/app/user/sec/role',
      headers: bearer(next),
      payload: { codes: ['GJS_INDEX'] },
    });
    await t.app.inject({ method: 'POST', url: '/api/operator/cancel/prompt', headers: bearer(next) });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(next) });

    const rows = await selectRows<{ action: string; result: string; target: string | null }>(
      t.db,
      sql`select action, result, target from audit_log order by id`,
    );
    expect(rows.map((r) => [r.action, r.result, r.target])).toEqual([
      ['sms.send', 'ok', '138****0002'],
      ['login', 'ok', '138****0002'],
      ['switch', 'ok', String(identities[1]?.id)],
      ['role.secondary', 'ok', String(identities[1]?.id)],
      ['prompt.cancel', 'ok', String(identities[1]?.id)],
      ['logout', 'ok', null],
    ]);
    expect(await verifyAuditChain(t.db)).toEqual({ isValid: true, count: 6 });
  });
});
