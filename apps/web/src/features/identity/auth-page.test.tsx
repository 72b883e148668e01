import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';
import { computeIdCardCheck } from '@cqjy/domain/validation/id-card';
import type { AuthStatusResult, UserAuthentication } from '@cqjy/domain/identity-auth';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const ID_CARD = '11010519850615123' + computeIdCardCheck('11010519850615123');
const CREDIT_CODE = composeCreditCode('110105', '20000001');

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

/** A new project owner held by gate 2 (no real-name authentication yet). */
const newOwner = (): UserInfo =>
  makeUser(1, { idType: null, authStatus: 0, companyAuthStatus: 0, prompt: true, mainOperatorAuth: false });

function makeStatus(overrides: Partial<AuthStatusResult> = {}): AuthStatusResult {
  return {
    identityType: 1,
    authStatus: 0,
    companyAuthStatus: 0,
    idType: null,
    setupPassword: true,
    pendingPhone: null,
    examineStatus: 3,
    companyAuthReason: null,
    companyAuthLevel: 'basic',
    pendingRequestId: null,
    needs: { realName: true, companyAuth: true, password: false, phone: false },
    ...overrides,
  };
}

const AUTHENTICATION: UserAuthentication = {
  realName: null,
  idType: null,
  idCardMasked: null,
  authStatus: 0,
  companyName: '示例国有资产经营有限公司',
  creditCode: CREDIT_CODE,
  legalPerson: null,
  companyAuthStatus: 0,
  companyAuthReason: null,
};

function setUp(
  status: AuthStatusResult,
  user: UserInfo = newOwner(),
  extra?: (call: FetchCall) => Response | undefined,
) {
  let current = user;
  const served = servePortal(current, (call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/app/validate/authstatus') return jsonResponse(envelope(status));
    if (path === '/api/app/user/authentication') return jsonResponse(envelope(AUTHENTICATION));
    if (path === '/api/app/userinfo') {
      const { permission: _p, permissionProject: _pp, ...sessionUser } = current;
      return jsonResponse(envelope(sessionUser));
    }
    return extra?.(call);
  });
  signInAs(current);
  return {
    ...served,
    setUser: (next: UserInfo) => {
      current = next;
    },
  };
}

function bodyOf(call: FetchCall | undefined): unknown {
  return JSON.parse(typeof call?.body === 'string' ? call.body : 'null');
}

describe('the /auth page (gates 2 to 5)', () => {
  it('SH-4.6 offers a transferor only the resident identity card and checks the number before sending', async () => {
    const { calls } = setUp(makeStatus(), newOwner(), (call) =>
      call.url === '/api/operator/idcard'
        ? jsonResponse(envelope({ requestId: '6f1c2a8e-0000-4000-8000-000000000001' }))
        : undefined,
    );
    const { router } = renderPortal('/auth');
    expect(await screen.findByRole('heading', { name: '开户信息' })).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '证件类型' }));
    expect((await screen.findAllByText('居民身份证')).length).toBeGreaterThan(0);
    expect(screen.queryByText('护照')).toBeNull();

    fireEvent.change(screen.getByLabelText('真实姓名'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: '110105198506151230' } });
    fireEvent.click(screen.getByRole('button', { name: '提交并进行人脸核验' }));
    expect(await screen.findByText(MSG.idCardInvalid)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/operator/idcard')).toBe(false);

    fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: ID_CARD } });
    fireEvent.click(screen.getByRole('button', { name: '提交并进行人脸核验' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scanCode'));
    expect(router.state.location.search).toBe('?requestId=6f1c2a8e-0000-4000-8000-000000000001');
    expect(bodyOf(calls.find((call) => call.url === '/api/operator/idcard'))).toEqual({
      realName: '张三',
      idType: 0,
      idCard: ID_CARD,
    });
  });

  it('offers a member the other ID types too', async () => {
    setUp(
      makeStatus({
        identityType: 2,
        companyAuthLevel: null,
        needs: { realName: true, companyAuth: false, password: false, phone: false },
      }),
      makeUser(2, { authStatus: 0 }),
    );
    renderPortal('/auth');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '证件类型' }));
    expect(await screen.findByText('护照')).toBeTruthy();
    // no company authentication asked of a member without the flag
    expect(screen.queryByText('企业认证')).toBeNull();
  });

  it('SH-4.9 认证中 continues the face scan of the pending request', async () => {
    setUp(makeStatus({ authStatus: 2, pendingRequestId: 'req-1' }), newOwner());
    const { router } = renderPortal('/auth');
    expect(await screen.findByText('认证中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续人脸核验' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scanCode'));
    expect(router.state.location.search).toBe('?requestId=req-1');
  });

  it('SH-4.9 认证失败 offers a new attempt', async () => {
    setUp(makeStatus({ authStatus: 3 }), newOwner());
    renderPortal('/auth');
    expect(await screen.findByText('认证失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新认证' })).toBeTruthy();
  });

  it('prefills the company and authenticates it', async () => {
    const { calls } = setUp(
      makeStatus({
        authStatus: 1,
        idType: 0,
        needs: { realName: false, companyAuth: true, password: false, phone: false },
      }),
      newOwner(),
      (call) =>
        call.url === '/api/app/validate/company'
          ? jsonResponse(envelope({ companyAuthStatus: 1 }, 0, MSG.companyAuthOk))
          : undefined,
    );
    renderPortal('/auth');
    expect(await screen.findByDisplayValue('示例国有资产经营有限公司')).toBeTruthy();
    expect(screen.getByDisplayValue(CREDIT_CODE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '企业认证' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/app/validate/company')).toBe(true));
    expect(bodyOf(calls.find((call) => call.url === '/api/app/validate/company'))).toEqual({
      companyName: '示例国有资产经营有限公司',
      creditCode: CREDIT_CODE,
    });
  });

  it('SH-4.9 shows 审核中, and 未通过 with the reason and the form again', async () => {
    setUp(
      makeStatus({ companyAuthStatus: 2, companyAuthLevel: 'advanced', identityType: 3 }),
      makeUser(3, { companyAuthStatus: 2 }),
    );
    renderPortal('/auth');
    expect(await screen.findByText('审核中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交审核' })).toBeNull();
  });

  it('shows the refusal reason with a resubmission form including the licence', async () => {
    setUp(
      makeStatus({
        companyAuthStatus: 3,
        companyAuthReason: '营业执照不清晰',
        companyAuthLevel: 'advanced',
        identityType: 3,
      }),
      makeUser(3, { companyAuthStatus: 3 }),
    );
    renderPortal('/auth');
    expect(await screen.findByText('未通过')).toBeTruthy();
    expect(screen.getByText('退回原因：营业执照不清晰')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传营业执照/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText(MSG.licenceRequired)).toBeTruthy();
  });

  it('SH-4.7 sets the password, refusing a mismatch first', async () => {
    const { calls } = setUp(
      makeStatus({
        authStatus: 1,
        idType: 0,
        companyAuthStatus: 1,
        setupPassword: false,
        needs: { realName: false, companyAuth: false, password: true, phone: false },
      }),
      makeUser(1, { setupPassword: false }),
    );
    renderPortal('/auth');
    fireEvent.change(await screen.findByLabelText('登录密码'), { target: { value: 'Strong#Pass2026' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Strong#Pass2027' } });
    fireEvent.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText(MSG.passwordMismatch)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Strong#Pass2026' } });
    fireEvent.click(screen.getByRole('button', { name: '设置密码' }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === '/api/app/user/setup/password'))).toEqual({
        password: 'Strong#Pass2026',
        password2: 'Strong#Pass2026',
      }),
    );
  });

  it('SH-4.8 confirms the pending phone with a code sent to it', async () => {
    setUp(
      makeStatus({
        authStatus: 1,
        idType: 0,
        companyAuthStatus: 1,
        pendingPhone: '139****0104',
        needs: { realName: false, companyAuth: false, password: false, phone: true },
      }),
      makeUser(1, { pendingPhone: '13900000104' }),
    );
    renderPortal('/auth');
    expect(await screen.findByText('139****0104')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认新手机号' })).toHaveProperty('disabled', true);
  });

  it('下一步 appears once every need is met; it reloads the user and lets the guards choose the next page', async () => {
    const done = makeStatus({
      authStatus: 1,
      idType: 0,
      companyAuthStatus: 1,
      needs: { realName: false, companyAuth: false, password: false, phone: false },
    });
    const { calls, setUser } = setUp(done, newOwner());
    const { router } = renderPortal('/auth');
    const next = await screen.findByRole('button', { name: '下一步' });
    // the server now says gates 2 to 5 are passed; the welcome prompt (gate 6) is next
    setUser(makeUser(1, { prompt: true, mainOperatorAuth: false }));
    const before = calls.filter((call) => call.url === '/api/app/userinfo').length;
    fireEvent.click(next);
    await waitFor(() => expect(getSession().userInfo?.idType).toBe(0));
    expect(calls.filter((call) => call.url === '/api/app/userinfo').length).toBe(before + 1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcomePage'));
  });

  it('always offers 退出登录', async () => {
    setUp(makeStatus());
    renderPortal('/auth');
    expect(await screen.findByRole('button', { name: '退出登录' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下一步' })).toBeNull();
  });
});
