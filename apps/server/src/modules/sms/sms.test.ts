import { MSG, type PageResult, type SmsOutboxItem } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import { createAuditService } from '../audit/service.ts';
import {
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type TestApp,
} from '../../test/harness.ts';
import { createSmsService } from './service.ts';

describe('SMS management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smsProvider: createCapturingSmsProvider() });
    for (const mobile of ['13900000021', '13900000022', '13900000023']) {
      t.clock.advance(1000);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/app/send/otp/register',
        payload: { mobile },
      });
      expect(readJson(response).status).toBe(0);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (username: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/list',
      headers: bearer(await loginAs(t.app, username)),
      ...(payload === undefined ? {} : { payload }),
    });

  it('answers HTTP 403 to a caller without GJS_SYSTEM_SMS_ADMIN, whatever the body', async () => {
    for (const payload of [undefined, {}, { pageSize: 'many' }]) {
      const response = await list('transferor', payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 403, msg: MSG.forbidden, data: null });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/sms/list' })).statusCode).toBe(401);
  });

  it('lists the outbox newest first with the full text, for the admin and the operations admin', async () => {
    for (const username of ['admin', 'opsadmin']) {
      const response = await list(username);
      expect(response.statusCode).toBe(200);
      const page = readJson<PageResult<SmsOutboxItem>>(response).data;
      expect(page.total).toBe(3);
      expect(page.list.map((row) => row.mobile)).toEqual(['13900000023', '13900000022', '13900000021']);
      expect(page.list[0]).toMatchObject({
        purpose: 'register',
        template: 'otp',
        status: 'sent',
        provider: 'test',
        error: null,
      });
      expect(page.list[0]?.content).toMatch(/^【产权交易所】您的验证码为\d{6}，5分钟内有效，请勿泄露。$/);
      expect(new Date(page.list[0]?.createdAt ?? '').getTime()).toBe(t.clock.now().getTime());
      expect(page.list[0]?.sentAt).toBe(page.list[0]?.createdAt);
    }
  });

  it('pages and filters by mobile digits', async () => {
    const second = readJson<PageResult<SmsOutboxItem>>(await list('admin', { pageNum: 2, pageSize: 2 })).data;
    expect(second.total).toBe(3);
    expect(second.list.map((row) => row.mobile)).toEqual(['13900000021']);
    const filtered = readJson<PageResult<SmsOutboxItem>>(await list('admin', { mobile: '0022' })).data;
    expect(filtered).toMatchObject({ total: 1, list: [{ mobile: '13900000022' }] });
    const bad = await list('admin', { mobile: '13%' });
    expect(bad.json()).toEqual({ status: 1, msg: MSG.mobileInvalid, data: null });
    const tooBig = await list('admin', { pageSize: 1000 });
    expect(readJson(tooBig).status).toBe(1);
  });
});

describe('SMS delivery failures', () => {
  let t: TestApp;
  const failing: SmsProvider = {
    name: 'broken',
    send: () => Promise.reject(new Error('运营商拒绝：余额不足')),
  };
  beforeAll(async () => {
    t = await createTestApp({ smsProvider: failing });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the message as failed with the reason, and tells the sender', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/general',
      payload: { mobile: '13900000031' },
    });
    expect(response.json()).toEqual({ status: 1, msg: MSG.smsSendFailed, data: null });
    // a sign-in code answers the same either way: the answer must not tell whether the mobile has an account
    const login = await t.app.inject({ method: 'POST', url: '/api/app/login/otp/13800000001' });
    expect(login.json()).toEqual({ status: 0, msg: MSG.otpSent, data: null });
    const rows = await selectRows<{ mobile: string; status: string; provider: string; error: string }>(
      t.db,
      sql`select mobile, status, provider, error from sms_outbox order by id`,
    );
    expect(rows).toEqual([
      { mobile: '13900000031', status: 'failed', provider: 'broken', error: '运营商拒绝：余额不足' },
      { mobile: '13800000001', status: 'failed', provider: 'broken', error: '运营商拒绝：余额不足' },
    ]);
  });

  it('sends nothing when the transaction that wrote the message rolls back', async () => {
    const phone = createCapturingSmsProvider();
    const sms = createSmsService({
      db: t.db,
      clock: t.clock,
      audit: createAuditService({ clock: t.clock }),
      provider: phone,
      log: t.app.log,
    });
    const count = async (table: 'sms_outbox' | 'audit_log') =>
      (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
        ?.n;
    const [outboxBefore, auditBefore] = [await count('sms_outbox'), await count('audit_log')];
    const message = { mobile: '13900000032', purpose: 'general', template: 'otp' as const, content: '测试' };
    await expect(
      t.db.transaction(async (tx) => {
        await sms.enqueue(tx, message, { ip: null, userAgent: null });
        throw new Error('业务失败');
      }),
    ).rejects.toThrow('业务失败');
    expect([await count('sms_outbox'), await count('audit_log')]).toEqual([outboxBefore, auditBefore]);

    const id = await t.db.transaction((tx) => sms.enqueue(tx, message, { ip: null, userAgent: null }));
    expect(phone.sent).toEqual([]);
    expect(await sms.deliver(id)).toBe(true);
    expect(phone.sent).toEqual([{ id, mobile: '13900000032', purpose: 'general', content: '测试' }]);
    // a delivered message is not sent twice
    expect(await sms.deliver(id)).toBe(true);
    expect(phone.sent).toHaveLength(1);
  });
});
