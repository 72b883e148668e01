import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeLogin, makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { CREDIT_CODE, makeApplication } from './test-data.ts';

function bodyOf(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(typeof call?.body === 'string' ? call.body : '{}') as Record<string, unknown>;
}

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function field(label: string): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>(label);
}

async function openStepOne(): Promise<void> {
  await screen.findByRole('form', { name: '账号注册' }, { timeout: 20000 });
}

describe('/transferorOpen step 1 (account registration)', () => {
  it('shows the three steps and refuses an empty form with the 请填写 messages', async () => {
    const { calls } = servePortal(makeUser(1));
    renderPortal('/transferorOpen');
    await openStepOne();
    expect(screen.getByText('账号注册')).toBeTruthy();
    expect(screen.getByText('机构信息')).toBeTruthy();
    expect(screen.getByText('等待审核')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /注册并继续/ }));
    expect(await screen.findByText('请填写企业名称')).toBeTruthy();
    expect(await screen.findByText('请填写统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('请填写联系人')).toBeTruthy();
    expect(await screen.findByText(MSG.mobileRequired)).toBeTruthy();
    expect(await screen.findByText('请填写短信验证码')).toBeTruthy();
    expect(await screen.findByText('请填写用户名')).toBeTruthy();
    expect(await screen.findByText('请填写登录密码')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/register/account')).toBe(false);
  });

  it('checks each field with the domain rule: credit code, username, password and its repeat', async () => {
    servePortal(makeUser(1));
    renderPortal('/transferorOpen');
    await openStepOne();
    fireEvent.change(field('统一社会信用代码'), { target: { value: '91500103ma5u000000' } });
    // the filter uppercases what is typed
    expect(field('统一社会信用代码').value).toBe('91500103MA5U000000');
    fireEvent.change(field('用户名'), { target: { value: '9owner' } });
    fireEvent.change(field('登录密码'), { target: { value: 'abcdefgh12' } });
    fireEvent.change(field('确认密码'), { target: { value: 'abcdefgh13' } });
    fireEvent.click(screen.getByRole('button', { name: /注册并继续/ }));
    expect(await screen.findByText(MSG.creditCodeInvalid)).toBeTruthy();
    expect(await screen.findByText(MSG.usernameRule)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordClasses)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordMismatch)).toBeTruthy();
  });

  it('says a username is taken when the check answers so, and stays quiet when the check is missing', async () => {
    let isCheckBuilt = true;
    servePortal(makeUser(1), (call) => {
      if (call.url.startsWith('/api/operator/retrieve/username/')) {
        return isCheckBuilt ? jsonResponse(envelope({ exists: true })) : new Response('', { status: 404 });
      }
      return undefined;
    });
    renderPortal('/transferorOpen');
    await openStepOne();
    fireEvent.change(field('用户名'), { target: { value: 'transferor' } });
    fireEvent.focusOut(field('用户名'));
    expect(await screen.findByText(MSG.usernameTaken)).toBeTruthy();
    isCheckBuilt = false;
    fireEvent.change(field('用户名'), { target: { value: 'another_owner' } });
    fireEvent.focusOut(field('用户名'));
    await waitFor(() => expect(screen.queryByText(MSG.usernameTaken)).toBeNull());
  });

  it('opens the account, stores the sign-in and continues to step 2 without a reload', async () => {
    const user = makeUser(1, {
      examineStatus: 0,
      idType: null,
      authStatus: 0,
      companyAuthStatus: 0,
      prompt: true,
      mainOperatorAuth: false,
    });
    const { calls } = servePortal(user, (call) => {
      if (call.url === '/api/app/send/otp/register') {
        return jsonResponse(envelope(null, 0, MSG.otpSent), { headers: { 'session-id': 'anonymous-1' } });
      }
      if (call.url === '/api/register/account')
        return jsonResponse(envelope(makeLogin(1, 'access-new'), 0, MSG.registerOk));
      if (call.url === '/api/register/company') return jsonResponse(envelope(makeApplication()));
      return undefined;
    });
    renderPortal('/transferorOpen');
    await openStepOne();
    fireEvent.change(field('企业名称'), { target: { value: '重庆开户测试有限公司' } });
    fireEvent.change(field('统一社会信用代码'), { target: { value: CREDIT_CODE } });
    fireEvent.change(field('联系人'), { target: { value: '李联系' } });
    fireEvent.change(field('手机号码'), { target: { value: '13700000001' } });
    fireEvent.click(screen.getByRole('button', { name: /获取/ }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/app/send/otp/register'));
    fireEvent.change(screen.getByLabelText('短信验证码第1位'), { target: { value: '246810' } });
    fireEvent.change(field('用户名'), { target: { value: 'owner_cq' } });
    fireEvent.change(field('登录密码'), { target: { value: 'Kaihu#2026x' } });
    fireEvent.change(field('确认密码'), { target: { value: 'Kaihu#2026x' } });
    fireEvent.click(screen.getByRole('button', { name: /注册并继续/ }));

    expect(await screen.findByRole('form', { name: '机构信息' })).toBeTruthy();
    const register = calls.find((call) => call.url === '/api/register/account');
    expect(bodyOf(register)).toEqual({
      companyName: '重庆开户测试有限公司',
      creditCode: CREDIT_CODE,
      contactName: '李联系',
      mobile: '13700000001',
      otp: '246810',
      username: 'owner_cq',
      password: 'Kaihu#2026x',
      password2: 'Kaihu#2026x',
    });
    // the anonymous session of the code travels with the registration, and the new token replaces it
    expect(register?.headers.get('Authorization')).toBe('Bearer anonymous-1');
    expect(getSession().token).toBe('access-new');
    expect(getSession().userInfo?.examineStatus).toBe(0);
    expect(field('统一社会信用代码').value).toBe(CREDIT_CODE);
    expect(field('统一社会信用代码').disabled).toBe(true);
  });
});

describe('/transferorOpen step 2 (company information)', () => {
  it('refuses a submission without the required fields and licence, and sends nothing', async () => {
    const user = makeUser(1, { examineStatus: 0 });
    const { calls } = servePortal(user, (call) =>
      call.url === '/api/register/company' ? jsonResponse(envelope(makeApplication())) : undefined,
    );
    signInAs(user);
    renderPortal('/transferorOpen');
    await screen.findByRole('form', { name: '机构信息' }, { timeout: 20000 });
    fireEvent.click(screen.getByRole('button', { name: /提交审核/ }));
    expect(await screen.findByText('请填写法定代表人')).toBeTruthy();
    expect(await screen.findByText('请填写注册地址')).toBeTruthy();
    expect(await screen.findByText(MSG.licenceRequired)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/register/company/submit')).toBe(false);
  });

  it('saves a draft with the version it was loaded with', async () => {
    const user = makeUser(1, { examineStatus: 0 });
    const { calls } = servePortal(user, (call) => {
      if (call.url === '/api/register/company')
        return jsonResponse(envelope(makeApplication({ version: 3 })));
      if (call.url === '/api/register/company/save') {
        return jsonResponse(
          envelope(makeApplication({ version: 4, legalPerson: '王法人' }), 0, MSG.applicationSaved),
        );
      }
      return undefined;
    });
    signInAs(user);
    renderPortal('/transferorOpen');
    await screen.findByRole('form', { name: '机构信息' }, { timeout: 20000 });
    fireEvent.change(field('法定代表人'), { target: { value: '王法人' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/register/company/save')).toBe(true));
    const body = bodyOf(calls.find((call) => call.url === '/api/register/company/save'));
    expect(body).toMatchObject({ name: '重庆开户测试有限公司', legalPerson: '王法人', version: 3 });
  });

  it('shows the return reason above a returned application', async () => {
    const user = makeUser(1, { examineStatus: 2 });
    servePortal(user, (call) =>
      call.url === '/api/register/company'
        ? jsonResponse(envelope(makeApplication({ examineStatus: 2, examineReason: '营业执照不清晰' })))
        : undefined,
    );
    signInAs(user);
    renderPortal('/transferorOpen');
    expect(await screen.findByText('退回原因：营业执照不清晰')).toBeTruthy();
  });
});
