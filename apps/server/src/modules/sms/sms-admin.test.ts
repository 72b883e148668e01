// 短信管理 against a real HTTP SMS gateway (a local server the test turns up and down): the filters of the
// outbox list, resending a failed message (only a failed one, only the newest row of a message, at most
// SMS_RESEND_MAX times), the templates the contents are built from, and the channel's state, without secrets.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatMessage,
  MSG,
  OTP_PURPOSES,
  OTP_TTL_S,
  renderSmsTemplate,
  SMS_RESEND_MAX,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
  type PageResult,
  type SmsTemplateCode,
  type SmsListItem,
  type SmsProviderState,
  type SmsTemplateItem,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { selectRows } from '../../db/client.ts';
import { HttpSmsProvider } from '../../platform/sms.ts';
import {
  bearer,
  createTestApp,
  createTestClock,
  loginAs,
  readJson,
  type TestApp,
} from '../../test/harness.ts';

type Received = { authorization: string | undefined; body: { id: number; mobile: string; content: string } };

/** A gateway that accepts (200) or refuses (503) every message, as the test sets it, and keeps what it got. */
async function startGateway(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  setUp(isUp: boolean): void;
}> {
  const received: Received[] = [];
  let isUp = true;
  const readBody = async (request: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      received.push({
        authorization: request.headers.authorization,
        body: JSON.parse(text) as Received['body'],
      });
      response.writeHead(isUp ? 200 : 503, { 'content-type': 'application/json' });
      // a gateway may echo the message: the portal must not store or log this
      response.end(JSON.stringify({ echo: text }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    received,
    setUp: (value) => {
      isUp = value;
    },
  };
}

const GATEWAY_TOKEN = 'gw-secret-token';
const GATEWAY_KEY = 'account-key-42';

describe('短信管理 with an HTTP gateway', () => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  // 2026-03-10 10:00 in +08:00
  const clock = createTestClock(new Date('2026-03-10T02:00:00.000Z'));

  beforeAll(async () => {
    gateway = await startGateway();
    t = await createTestApp({
      clock,
      env: {
        SMS_HTTP_URL: `${gateway.url}/sms/send?key=${GATEWAY_KEY}`,
        SMS_HTTP_TOKEN: GATEWAY_TOKEN,
        LOGIN_RATE_MAX: '1000',
        OTP_RATE_MAX: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => gateway.server.close(resolve));
  });

  const sendCode = async (purpose: string, mobile: string) =>
    readJson(
      await t.app.inject({ method: 'POST', url: `/api/app/send/otp/${purpose}`, payload: { mobile } }),
    );

  // a fresh sign-in per call: the test moves the clock by days, further than a session lives
  const call = async (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await loginAs(t.app, username)),
      ...(payload === undefined ? {} : { payload }),
    });
  const list = async (payload: object) =>
    readJson<PageResult<SmsListItem>>(await call('admin', 'POST', '/api/sms/list', payload));
  const resend = async (id: number | string, username = 'admin') =>
    readJson<SmsListItem>(await call(username, 'POST', `/api/sms/resend/${id}`));
  const outboxCount = async () =>
    (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from sms_outbox`))[0]?.n;

  let sentId = 0;
  let failedId = 0;

  it('hands messages to the gateway with its token, and keeps a refusal as failed with the status only', async () => {
    expect(await sendCode('register', '13900000101')).toMatchObject({ status: 0 });
    const delivered = gateway.received.at(-1);
    expect(delivered?.authorization).toBe(`Bearer ${GATEWAY_TOKEN}`);
    expect(delivered?.body).toMatchObject({ mobile: '13900000101', purpose: 'register' });
    // the content is the template of the domain, filled in
    const code = /验证码为(\d{6})/.exec(delivered?.body.content ?? '')?.[1] ?? '';
    expect(delivered?.body.content).toBe(renderSmsTemplate('otp', { code, minutes: OTP_TTL_S / 60 }));
    sentId = delivered?.body.id ?? 0;

    gateway.setUp(false);
    clock.advance(60_000);
    expect(await sendCode('general', '13900000102')).toEqual({
      status: 1,
      msg: MSG.smsSendFailed,
      data: null,
    });
    gateway.setUp(true);
    const rows = await selectRows<{ id: number; status: string; provider: string; error: string }>(
      t.db,
      sql`select id, status, provider, error from sms_outbox order by id`,
    );
    expect(rows).toEqual([
      { id: sentId, status: 'sent', provider: 'http', error: null },
      { id: expect.any(Number), status: 'failed', provider: 'http', error: '短信网关拒绝发送（HTTP 503）' },
    ]);
    failedId = rows[1]?.id ?? 0;
  });

  it('filters by status, purpose, template, mobile and +08:00 days, and links nothing yet', async () => {
    // the next day, one minute before midnight in +08:00
    clock.set(new Date('2026-03-11T15:59:00.000Z'));
    expect(await sendCode('retrieve', '13900000103')).toMatchObject({ status: 0 });

    const all = await list({});
    expect(all.data.list.map((row) => row.mobile)).toEqual(['13900000103', '13900000102', '13900000101']);
    expect(all.data.list[1]).toMatchObject({
      id: failedId,
      status: 'failed',
      resentFromId: null,
      resentAsId: null,
      resendCount: 0,
      canResend: true,
    });
    expect(all.data.list[0]).toMatchObject({ status: 'sent', canResend: false });

    const ids = async (payload: object) => (await list(payload)).data.list.map((row) => row.mobile);
    expect(await ids({ status: 'failed' })).toEqual(['13900000102']);
    expect(await ids({ status: 'sent', purpose: 'register' })).toEqual(['13900000101']);
    expect(await ids({ template: 'otp', mobile: '0103' })).toEqual(['13900000103']);
    expect(await ids({ dateFrom: '2026-03-11', dateTo: '2026-03-11' })).toEqual(['13900000103']);
    expect(await ids({ dateTo: '2026-03-10' })).toEqual(['13900000102', '13900000101']);
    expect(await ids({ dateFrom: '2026-03-12' })).toEqual([]);
    // what an empty search form sends
    expect(
      await ids({ status: '', purpose: '', template: '', mobile: '', dateFrom: '', dateTo: '' }),
    ).toHaveLength(3);
  });

  it('refuses bad filters in Chinese', async () => {
    const refusals: [object, string][] = [
      [{ status: 'lost' }, MSG.smsStatusInvalid],
      [{ purpose: 'spam' }, MSG.smsPurposeInvalid],
      [{ template: 'promo' }, MSG.smsTemplateInvalid],
      [{ dateFrom: '2026-02-30' }, MSG.smsDateInvalid],
      [{ dateTo: '2026/03/01' }, MSG.smsDateInvalid],
      [{ dateFrom: 20260301 }, MSG.smsDateInvalid],
      [{ dateFrom: '2026-03-11', dateTo: '2026-03-10' }, MSG.smsDateOrder],
      [{ mobile: '138-0000' }, MSG.mobileInvalid],
      [{ pageSize: 101 }, MSG.badRequest],
    ];
    for (const [payload, msg] of refusals) {
      expect(await list(payload), JSON.stringify(payload)).toEqual({ status: 1, msg, data: null });
    }
  });

  it('refuses to resend a message that did not fail, and unknown ids answer 404; nothing changes', async () => {
    const before = await outboxCount();
    expect(await resend(sentId)).toEqual({ status: 1, msg: MSG.smsResendNotFailed, data: null });
    for (const id of ['987654321', '0', 'abc', '-1', '1.5']) {
      expect(await resend(id), id).toEqual({ status: 404, msg: MSG.notFound, data: null });
    }
    expect(await outboxCount()).toBe(before);
    expect(gateway.received.filter((r) => r.body.mobile === '13900000101')).toHaveLength(1);
  });

  it('resends a failed message as a new delivered row with the same content, linked and audited', async () => {
    clock.advance(60_000);
    const answer = await resend(failedId);
    expect(answer.status, answer.msg).toBe(0);
    expect(answer.msg).toBe(MSG.smsResent);
    const [original] = (await list({ mobile: '13900000102', status: 'failed' })).data.list;
    expect(answer.data).toMatchObject({
      mobile: '13900000102',
      purpose: 'general',
      template: 'otp',
      content: original?.content,
      status: 'sent',
      provider: 'http',
      error: null,
      resentFromId: failedId,
      resentAsId: null,
      resendCount: 1,
      canResend: false,
    });
    expect(answer.data.id).toBeGreaterThan(failedId);
    expect(gateway.received.at(-1)?.body).toEqual({
      id: answer.data.id,
      mobile: '13900000102',
      purpose: 'general',
      content: original?.content,
    });
    // the original stays failed, now pointing at its resend, and cannot be resent again
    expect(original).toMatchObject({ id: failedId, resentAsId: answer.data.id, canResend: false });
    const again = await resend(failedId);
    expect(again).toEqual({ status: 1, msg: MSG.smsResendAlready, data: null });

    const audit = await selectRows<{ action: string; target: string; detail: unknown; operator_id: number }>(
      t.db,
      sql`select action, target, detail, operator_id from audit_log where action like 'sms.%' order by id desc limit 2`,
    );
    expect(audit).toEqual([
      {
        action: 'sms.resend',
        target: '139****0102',
        detail: { smsId: failedId, resendId: answer.data.id, originId: failedId, attempt: 1 },
        operator_id: expect.any(Number),
      },
      {
        action: 'sms.send',
        target: '139****0102',
        detail: { smsId: answer.data.id, purpose: 'general', template: 'otp' },
        operator_id: expect.any(Number),
      },
    ]);
  });

  it(`resends the newest row of a message at most ${SMS_RESEND_MAX} times while the gateway stays down`, async () => {
    gateway.setUp(false);
    clock.advance(60_000);
    expect(await sendCode('sign', '13900000104')).toMatchObject({ status: 1 });
    const [first] = (await list({ mobile: '13900000104' })).data.list;
    let newest = first?.id ?? 0;
    for (let attempt = 1; attempt <= SMS_RESEND_MAX; attempt += 1) {
      const answer = await resend(newest);
      expect(answer).toEqual({
        status: 1,
        msg: formatMessage(MSG.smsResendFailed, { reason: '短信网关拒绝发送（HTTP 503）' }),
        data: null,
      });
      const [row] = (await list({ mobile: '13900000104' })).data.list;
      expect(row).toMatchObject({ status: 'failed', resentFromId: newest, resendCount: attempt });
      newest = row?.id ?? 0;
    }
    const [last] = (await list({ mobile: '13900000104' })).data.list;
    expect(last?.canResend).toBe(false);
    gateway.setUp(true);
    const before = await outboxCount();
    expect(await resend(newest)).toEqual({
      status: 1,
      msg: formatMessage(MSG.smsResendTooMany, { max: SMS_RESEND_MAX }),
      data: null,
    });
    expect(await outboxCount()).toBe(before);
    const chain = await selectRows<{ detail: { originId: number; attempt: number } }>(
      t.db,
      sql`select detail from audit_log where action = 'sms.resend' and detail->>'originId' = ${String(first?.id)} order by id`,
    );
    expect(chain.map((row) => row.detail.attempt)).toEqual([1, 2, 3]);
  });

  it('lists the templates the portal sends', async () => {
    const answer = readJson<SmsTemplateItem[]>(await call('opsadmin', 'GET', '/api/sms/templates'));
    expect(answer.status).toBe(0);
    expect(answer.data.map((template) => template.code)).toEqual(SMS_TEMPLATE_CODES);
    for (const template of answer.data) {
      expect(template.text, template.code).toBe(SMS_TEMPLATES[template.code as SmsTemplateCode].text);
      expect(
        template.purposes.every((purpose) => purpose.label !== ''),
        template.code,
      ).toBe(true);
    }
    expect(answer.data.filter((template) => template.code === 'otp')).toEqual([
      {
        code: 'otp',
        name: '短信验证码',
        text: '【产权交易所】您的验证码为{code}，{minutes}分钟内有效，请勿泄露。',
        params: [
          { name: 'code', label: '6位数字验证码', example: '123456' },
          { name: 'minutes', label: '有效时间（分钟）', example: '5' },
        ],
        purposes: Object.entries(OTP_PURPOSES).map(([code, label]) => ({ code, label })),
        example: '【产权交易所】您的验证码为123456，5分钟内有效，请勿泄露。',
      },
    ]);
  });

  it("answers the channel's state: configured, counts of the last 24 h, the last failure, and no secret", async () => {
    const response = await call('admin', 'GET', '/api/sms/provider');
    expect(response.body).not.toContain(GATEWAY_TOKEN);
    expect(response.body).not.toContain(GATEWAY_KEY);
    const state = readJson<SmsProviderState>(response).data;
    const [lastFailed] = (await list({ status: 'failed' })).data.list;
    expect(state).toEqual({
      name: 'http',
      isConfigured: true,
      endpoint: gateway.url,
      windowHours: 24,
      // since 2026-03-10 23:59 +08:00: the code of 13900000103, the resend of 13900000102, and 13900000104's four
      counts: { queued: 0, sent: 2, failed: 4 },
      lastError: { smsId: lastFailed?.id, error: '短信网关拒绝发送（HTTP 503）', at: lastFailed?.createdAt },
      checkedAt: clock.now().toISOString(),
    });
    clock.advance(25 * 60 * 60 * 1000);
    const later = readJson<SmsProviderState>(await call('admin', 'GET', '/api/sms/provider')).data;
    expect(later.counts).toEqual({ queued: 0, sent: 0, failed: 0 });
    expect(later.lastError?.smsId).toBe(lastFailed?.id);
  });

  it('resends a message once when two administrators resend it at the same time', async () => {
    gateway.setUp(false);
    clock.advance(60_000);
    expect(await sendCode('general', '13900000105')).toMatchObject({ status: 1 });
    gateway.setUp(true);
    const [failed] = (await list({ mobile: '13900000105' })).data.list;
    const answers = await Promise.all([resend(failed?.id ?? 0), resend(failed?.id ?? 0, 'opsadmin')]);
    expect(answers.map((answer) => answer.msg).sort()).toEqual([MSG.smsResendAlready, MSG.smsResent].sort());
    const rows = (await list({ mobile: '13900000105' })).data.list;
    expect(rows.map((row) => [row.status, row.resentFromId])).toEqual([
      ['sent', failed?.id],
      ['failed', null],
    ]);
  });

  it('answers HTTP 403 on every call to a transferor, HTTP 401 anonymous, and resends nothing', async () => {
    const before = await outboxCount();
    const calls: ['GET' | 'POST', string, object?][] = [
      ['POST', '/api/sms/list', { status: 'lost' }],
      ['POST', `/api/sms/resend/${failedId}`],
      ['POST', '/api/sms/resend/abc'],
      ['GET', '/api/sms/templates'],
      ['GET', '/api/sms/provider'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call('transferor', method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ status: 403, msg: MSG.forbidden, data: null });
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    expect(await outboxCount()).toBe(before);
  });
});

describe('SMS channels', () => {
  it('the log channel is the default: not configured, no endpoint', async () => {
    const t = await createTestApp();
    try {
      const token = await loginAs(t.app, 'opsadmin');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/sms/provider',
        headers: bearer(token),
      });
      expect(readJson<SmsProviderState>(response).data).toMatchObject({
        name: 'log',
        isConfigured: false,
        endpoint: null,
        counts: { queued: 0, sent: 0, failed: 0 },
        lastError: null,
      });
    } finally {
      await t.close();
    }
  });

  it('a gateway nobody answers at fails with a reason the administrator can read', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const provider = new HttpSmsProvider({ url: `http://127.0.0.1:${port}/send`, token: undefined });
    await expect(
      provider.send({ id: 1, mobile: '13900000001', purpose: 'general', content: '测试' }),
    ).rejects.toThrow('短信网关无法连接（ECONNREFUSED）');
    expect(provider.endpoint).toBe(`http://127.0.0.1:${port}`);
  });

  it('SMS_HTTP_URL must be an http(s) URL', () => {
    expect(loadConfig({}).smsHttp).toBeUndefined();
    expect(loadConfig({ SMS_HTTP_URL: 'https://sms.example.cn/api', SMS_HTTP_TOKEN: 't' }).smsHttp).toEqual({
      url: 'https://sms.example.cn/api',
      token: 't',
    });
    expect(() => loadConfig({ SMS_HTTP_URL: 'sms.example.cn' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ SMS_HTTP_URL: 'ftp://sms.example.cn' })).toThrow(/SMS_HTTP_URL/);
  });
});
