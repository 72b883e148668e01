// Reliability row 5, SMS codes: reuse, expiry, wrong purpose, flooding — single use, 5 minutes, bound to
// purpose, one send per 60 s. End to end through HTTP, on two server nodes sharing one database: a code sent
// through one node is checked on the other, and neither the resend wait nor the per-address limit doubles.
import { MSG, otpResendWait, type LoginResult } from '@cqjy/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturingSmsProvider,
  createSecondNode,
  createTestApp,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
  post,
} from '../test/harness.ts';

const MINUTE_MS = 60_000;
const SENT = { status: 0, msg: MSG.otpSent, data: null };
const OK = { status: 0, msg: MSG.ok, data: null };
const LOGIN_401 = { status: 401, msg: MSG.mobileLoginFailed, data: null };
const TOO_MANY = { status: 429, msg: MSG.tooManyRequests, data: null };
const refusedWith = (msg: string) => ({ status: 1, msg, data: null });

const sendLoginCode = (app: FastifyInstance, mobile: string, remoteAddress?: string) =>
  post(app, {
    url: `/api/app/login/otp/${mobile}`,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

const sendCode = (app: FastifyInstance, purpose: string, mobile: string, remoteAddress?: string) =>
  post(app, {
    url: `/api/app/send/otp/${purpose}`,
    payload: { mobile },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

const validateCode = (app: FastifyInstance, mobile: string, otp: string, purpose: string) =>
  post(app, { url: '/api/app/validate/otp', payload: { mobile, otp, purpose } });

const validateLoginCode = (app: FastifyInstance, mobile: string, otp: string) =>
  post(app, { url: '/api/mobile/validate/otp/login', payload: { mobile, otp } });

const mobileLogin = (app: FastifyInstance, mobile: string, otp: string) =>
  post(app, { url: '/api/mobile/login', payload: { mobile, otp } });

function expectAnswer(response: LightMyRequestResponse, httpStatus: number, body: object): void {
  expect(response.statusCode).toBe(httpStatus);
  expect(response.json()).toEqual(body);
}

/** Two nodes on one database and one phone; `on(i)` alternates between them. */
type Nodes = {
  t: TestApp;
  second: FastifyInstance;
  phone: CapturingSmsProvider;
  on(i: number): FastifyInstance;
};

async function openNodes(env: Record<string, string>): Promise<Nodes> {
  const phone = createCapturingSmsProvider();
  const t = await createTestApp({ env, smsProvider: phone });
  const second = await createSecondNode(t, { smsProvider: phone });
  return { t, second, phone, on: (i) => (i % 2 === 0 ? t.app : second) };
}

async function closeNodes(nodes: Nodes | undefined): Promise<void> {
  await nodes?.second.close();
  await nodes?.t.close();
}

describe('SMS codes: reuse, expiry, wrong purpose, flooding — single use, 5 minutes, bound to purpose, one send per 60 s', () => {
  let nodes: Nodes;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // the per-address limits have a test of their own below
    nodes = await openNodes({ OTP_RATE_MAX: '1000', LOGIN_RATE_MAX: '1000' });
    a = nodes.on(0);
    b = nodes.on(1);
  });
  afterAll(async () => {
    await closeNodes(nodes);
  });

  it('reuse: a code is used once, whichever node checks it', async () => {
    expectAnswer(await sendCode(a, 'retrieve', '13900000101'), 200, SENT);
    const code = nodes.phone.lastCodeTo('13900000101');
    expectAnswer(await validateCode(b, '13900000101', code, 'retrieve'), 200, OK);
    expectAnswer(await validateCode(a, '13900000101', code, 'retrieve'), 200, refusedWith(MSG.otpInvalid));
    expectAnswer(await validateCode(b, '13900000101', code, 'retrieve'), 200, refusedWith(MSG.otpInvalid));

    // a sign-in code signs in once: the second sign-in with it answers the 401 of a wrong code
    expectAnswer(await sendLoginCode(a, '13800000003'), 200, SENT);
    const loginCode = nodes.phone.lastCodeTo('13800000003');
    const first = await mobileLogin(b, '13800000003', loginCode);
    expect(readJson<LoginResult>(first).status).toBe(0);
    expectAnswer(await mobileLogin(a, '13800000003', loginCode), 401, LOGIN_401);
    expectAnswer(await validateLoginCode(b, '13800000003', loginCode), 200, refusedWith(MSG.otpInvalid));
  });

  it('expiry: a code is good for 5 minutes of the server clock and not a second more', async () => {
    expectAnswer(await sendLoginCode(b, '13800000004'), 200, SENT);
    const loginCode = nodes.phone.lastCodeTo('13800000004');
    expectAnswer(await sendCode(a, 'general', '13900000102'), 200, SENT);
    const code = nodes.phone.lastCodeTo('13900000102');
    nodes.t.clock.advance(5 * MINUTE_MS - 1000);
    // checking a sign-in code does not use it up
    expectAnswer(await validateLoginCode(a, '13800000004', loginCode), 200, OK);
    nodes.t.clock.advance(1000);
    expectAnswer(await validateLoginCode(b, '13800000004', loginCode), 200, refusedWith(MSG.otpInvalid));
    expectAnswer(await mobileLogin(a, '13800000004', loginCode), 401, LOGIN_401);
    expectAnswer(await validateCode(b, '13900000102', code, 'general'), 200, refusedWith(MSG.otpInvalid));
  });

  it('wrong purpose: a code is good only for the purpose it was sent for', async () => {
    expectAnswer(await sendCode(a, 'register', '13900000103'), 200, SENT);
    const code = nodes.phone.lastCodeTo('13900000103');
    for (const purpose of ['phone', 'retrieve', 'sign', 'general']) {
      const response = await validateCode(b, '13900000103', code, purpose);
      expectAnswer(response, 200, refusedWith(MSG.otpInvalid));
    }
    expectAnswer(await validateLoginCode(a, '13900000103', code), 200, refusedWith(MSG.otpInvalid));
    expectAnswer(await mobileLogin(b, '13900000103', code), 401, LOGIN_401);
    // the generic calls never take a sign-in code
    expectAnswer(
      await validateCode(a, '13900000103', code, 'login'),
      200,
      refusedWith(MSG.otpPurposeUnknown),
    );
    // the tries on other purposes did not spend it
    expectAnswer(await validateCode(a, '13900000103', code, 'register'), 200, OK);

    // and a sign-in code is no good for a generic purpose, yet still signs in
    expectAnswer(await sendLoginCode(b, '13800000005'), 200, SENT);
    const loginCode = nodes.phone.lastCodeTo('13800000005');
    expectAnswer(
      await validateCode(a, '13800000005', loginCode, 'retrieve'),
      200,
      refusedWith(MSG.otpInvalid),
    );
    expect(readJson<LoginResult>(await mobileLogin(b, '13800000005', loginCode)).status).toBe(0);
  });

  it('flooding: one send to a mobile per 60 s over both nodes, whatever the purpose', async () => {
    const mobile = '13900000104';
    const before = nodes.phone.sent.length;
    expectAnswer(await sendCode(a, 'general', mobile), 200, SENT);
    expectAnswer(await sendCode(b, 'sign', mobile), 200, refusedWith(otpResendWait(60)));
    expectAnswer(await sendLoginCode(b, mobile), 200, refusedWith(otpResendWait(60)));
    nodes.t.clock.advance(59_000);
    expectAnswer(await sendCode(a, 'retrieve', mobile), 200, refusedWith(otpResendWait(1)));
    nodes.t.clock.advance(1000);
    expectAnswer(await sendCode(b, 'general', mobile), 200, SENT);
    expect(nodes.phone.sent.slice(before).map((m) => m.mobile)).toEqual([mobile, mobile]);
  });

  it('flooding: of a burst to one mobile on both nodes at once, one code is sent', async () => {
    const mobile = '13900000105';
    const before = nodes.phone.sent.length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendCode(nodes.on(i), 'general', mobile)),
    );
    const answers = responses.map((response) => response.json<{ status: number; msg: string }>());
    expect(answers.filter((answer) => answer.status === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.msg === otpResendWait(60))).toHaveLength(5);
    expect(nodes.phone.sent.slice(before).map((m) => m.mobile)).toEqual([mobile]);
  });
});

describe('SMS send limit of an address shared by the nodes', () => {
  const OTP_RATE_MAX = 3;
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await openNodes({ OTP_RATE_MAX: String(OTP_RATE_MAX) });
  });
  afterAll(async () => {
    await closeNodes(nodes);
  });

  it('flooding: OTP_RATE_MAX sends of an address a minute over both nodes and both sending calls, not per node', async () => {
    const from = '10.8.0.1';
    const before = nodes.phone.sent.length;
    // distinct mobiles, so that the resend wait of a mobile is not what refuses them
    expectAnswer(await sendCode(nodes.on(0), 'general', '13900000201', from), 200, SENT);
    expectAnswer(await sendLoginCode(nodes.on(1), '13800000001', from), 200, SENT);
    expectAnswer(await sendCode(nodes.on(0), 'register', '13900000202', from), 200, SENT);
    for (let i = 1; i <= 2; i += 1) {
      expectAnswer(await sendCode(nodes.on(i), 'general', `1390000021${i}`, from), 429, TOO_MANY);
      expectAnswer(await sendLoginCode(nodes.on(i), `1380000000${i + 1}`, from), 429, TOO_MANY);
    }
    expect(nodes.phone.sent.length - before).toBe(OTP_RATE_MAX);
    // another address is not limited; this one is again a minute later
    expectAnswer(await sendCode(nodes.on(1), 'general', '13900000221', '10.8.0.2'), 200, SENT);
    nodes.t.clock.advance(MINUTE_MS);
    expectAnswer(await sendCode(nodes.on(1), 'general', '13900000222', from), 200, SENT);
  });
});
