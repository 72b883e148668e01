import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import type { SignatureInfo } from '@cqjy/domain/signatures';

const CREDENTIALS: SignatureInfo['credentials'] = [
  {
    id: 11,
    kind: 'company',
    subject: 'CN=示例国有资产经营有限公司, O=示例国有资产经营有限公司, C=CN',
    serialNumber: '0A1B2C3D4E5F60718293A4B5C6D7E8F9',
    issuer: '产权交易所电子签章根证书',
    notBefore: '2026-01-01T00:00:00.000Z',
    notAfter: '2027-12-31T00:00:00.000Z',
  },
  {
    id: 12,
    kind: 'operator',
    subject: 'CN=张三, O=示例国有资产经营有限公司, C=CN',
    serialNumber: '1122334455667788990011223344556F',
    issuer: '产权交易所电子签章根证书',
    notBefore: '2026-01-01T00:00:00.000Z',
    notAfter: '2027-12-31T00:00:00.000Z',
  },
];

function makeInfo(overrides: Partial<SignatureInfo> = {}): SignatureInfo {
  return {
    company: { name: '示例国有资产经营有限公司', creditCode: '91110105MA01234567' },
    operator: { realName: '张三', mobileMasked: '138****0001' },
    mainOperatorAuth: false,
    authStatus: 1,
    companyAuthStatus: 1,
    credentials: [],
    ...overrides,
  };
}

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  let next = 0;
  Object.assign(URL, {
    createObjectURL: () => {
      next += 1;
      return `blob:seal-${next}`;
    },
    revokeObjectURL: () => {},
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

/** A transferor held at gate 7; the server enrols on POST /api/signature/enrol with code 123456. */
function setUp(initial: SignatureInfo = makeInfo(), identityType = 1, overrides: Partial<UserInfo> = {}) {
  let user: UserInfo = makeUser(identityType, { mainOperatorAuth: initial.mainOperatorAuth, ...overrides });
  let info = initial;
  const served = servePortal(user, (call) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === '/api/signature/info') return jsonResponse(envelope(info));
    if (path === '/api/app/send/otp/sign') return jsonResponse(envelope(null, 0, MSG.otpSent));
    if (path === '/api/signature/enrol') {
      const body = JSON.parse(String(call.body)) as { otp: string };
      if (body.otp !== '123456') return jsonResponse(envelope(null, 1, MSG.otpWrong));
      info = { ...info, mainOperatorAuth: true, credentials: CREDENTIALS };
      user = { ...user, mainOperatorAuth: true };
      return jsonResponse(envelope(info, 0, MSG.signatureEnrolled));
    }
    if (path.startsWith('/api/signature/seal/')) {
      return new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
    }
    if (path.startsWith('/api/signature/certificate/') || path === '/api/signature/ca') {
      return new Response('-----BEGIN CERTIFICATE-----', { status: 200 });
    }
    if (path === '/api/app/userinfo') {
      const { permission: _p, permissionProject: _pp, ...sessionUser } = user;
      return jsonResponse(envelope(sessionUser));
    }
    return undefined;
  });
  signInAs(user);
  return served;
}

function codeBox(position: number): HTMLElement {
  return screen.getByLabelText(`短信验证码第${position}位`);
}

describe('the e-signature page (gate 7, SH-4.11)', () => {
  it('shows the facts and, before enrolment, the code and 申请电子签章 (disabled until six digits)', async () => {
    setUp();
    renderPortal('/signature');
    expect(await screen.findByText('示例国有资产经营有限公司')).toBeTruthy();
    expect(screen.getByText('91110105MA01234567')).toBeTruthy();
    expect(screen.getByText('未开通')).toBeTruthy();
    const apply = screen.getByRole('button', { name: '申请电子签章' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.paste(codeBox(1), { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  it('sends the sign code to the own mobile, enrols, reloads the user and shows both seals', async () => {
    const { calls } = setUp();
    const { router } = renderPortal('/signature');
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/app/send/otp/sign')).toBe(true));
    const send = calls.find((call) => call.url === '/api/app/send/otp/sign');
    expect(send?.method).toBe('POST');
    expect(send?.body).toBeUndefined();

    fireEvent.paste(codeBox(1), { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '申请电子签章' }));

    const companySeal = await screen.findByAltText('机构电子印章');
    expect(companySeal.getAttribute('src')).toMatch(/^blob:seal-/);
    expect((await screen.findByAltText('个人签名章')).getAttribute('src')).toMatch(/^blob:seal-/);
    const enrol = calls.find((call) => call.url === '/api/signature/enrol');
    expect(JSON.parse(String(enrol?.body))).toEqual({ otp: '123456' });
    expect(calls.some((call) => call.url === '/api/signature/seal/11')).toBe(true);
    expect(calls.some((call) => call.url === '/api/signature/seal/12')).toBe(true);
    expect(screen.getByText('0A1B2C3D4E5F60718293A4B5C6D7E8F9')).toBeTruthy();
    expect(screen.getAllByText('产权交易所电子签章根证书')).toHaveLength(2);
    await waitFor(() => expect(getSession().userInfo?.mainOperatorAuth).toBe(true));
    // still on the page until the user moves on
    expect(router.state.location.pathname).toBe('/signature');

    fireEvent.click(screen.getByRole('button', { name: '进入首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
  });

  it('keeps the user on the page when the code is wrong', async () => {
    const { calls } = setUp();
    renderPortal('/signature');
    await screen.findByRole('button', { name: '申请电子签章' });
    fireEvent.paste(codeBox(1), { clipboardData: { getData: () => '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '申请电子签章' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/signature/enrol')).toBe(true));
    expect(screen.getByText('未开通')).toBeTruthy();
    expect(screen.queryByAltText('机构电子印章')).toBeNull();
    expect(getSession().userInfo?.mainOperatorAuth).toBe(false);
  });

  it('says what is missing and leads to /auth when real-name authentication is not done', async () => {
    // a transferor without it is held at /auth by the earlier gates; a member may open this page
    setUp(makeInfo({ authStatus: 0 }), 2, { authStatus: 0 });
    const { router } = renderPortal('/signature');
    expect(await screen.findByText(MSG.signatureNeedsRealName)).toBeTruthy();
    expect(screen.getByRole('button', { name: '申请电子签章' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '前往认证' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('downloads the certificates and the root of an enrolled user', async () => {
    // a member (no gate 7) may stay on the page once enrolled; a transferor is sent home by the guard
    const { calls } = setUp(makeInfo({ mainOperatorAuth: true, credentials: CREDENTIALS }), 2);
    const anchorClicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPortal('/signature');
    const [companyDownload] = await screen.findAllByRole('button', { name: '下载证书' });
    fireEvent.click(companyDownload as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '下载根证书' }));
    await waitFor(() => expect(anchorClicks).toHaveBeenCalledTimes(2));
    expect(calls.some((call) => call.url === '/api/signature/certificate/11')).toBe(true);
    expect(calls.some((call) => call.url === '/api/signature/ca')).toBe(true);
    anchorClicks.mockRestore();
  });
});
