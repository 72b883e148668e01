// Forgot password from the sign-in page, in Chromium: the code is read from the SMS outbox the way an
// administrator would see it (短信管理), the new password signs in and the old one no longer does. transferor2
// is the demo account no other spec signs in with, so its changed password stays changed.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, E2E_CAPTCHA } from '../env.ts';
import { expectLoginPage, keepScreenshot, signIn } from './helpers.ts';

const USERNAME = 'transferor2';
const MOBILE = '13800000002';
const NEW_PASSWORD = 'Lantern#Cove42';

type Envelope<T> = { status: number; msg: string; data: T };
type SmsRow = { mobile: string; content: string; createdAt: string };

/** Signs in as the exchange administrator through the API and answers the access token. */
async function signInAdmin(request: APIRequestContext): Promise<string> {
  const captcha = await request.get('/api/login/captcha');
  const anonymous = captcha.headers()['session-id'] ?? '';
  const login = await request.post('/api/login', {
    headers: { Authorization: `Bearer ${anonymous}` },
    data: { username: 'admin', password: DEMO_PASSWORD, captcha: E2E_CAPTCHA },
  });
  const body = (await login.json()) as Envelope<{ access_token: string }>;
  expect(body.status, body.msg).toBe(0);
  return body.data.access_token;
}

/** The six digits of the newest message to `mobile` in the outbox (POST /api/sms/list, newest first). */
async function readNewestCode(request: APIRequestContext, token: string, mobile: string): Promise<string> {
  const answer = await request.post('/api/sms/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { pageNum: 1, pageSize: 20, mobile },
  });
  const body = (await answer.json()) as Envelope<{ list: SmsRow[] }>;
  const newest = body.data.list.find((row) => row.mobile === mobile);
  const code = /(\d{6})/.exec(newest?.content ?? '')?.[1];
  if (code === undefined) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

test('SH-2.3 忘记密码: a code from the outbox sets a new password; the old one is refused', async ({
  page,
  request,
}) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/#\/retrieve$/);
  await expect(page.getByRole('heading', { name: '忘记密码' })).toBeVisible();

  await page.getByPlaceholder('请输入用户名').fill(USERNAME);
  await page.getByPlaceholder('请输入账号绑定的手机号码').fill(MOBILE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();

  const adminToken = await signInAdmin(request);
  const code = await readNewestCode(request, adminToken, MOBILE);
  await page.getByLabel('短信验证码第1位').fill(code);
  await keepScreenshot(page, 'retrieve-step-1');
  await page.getByRole('button', { name: /下一步/ }).click();

  await expect(page.getByPlaceholder('请输入新密码')).toBeVisible();
  await page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
  await keepScreenshot(page, 'retrieve-step-2');
  await page.getByRole('button', { name: /确认修改/ }).click();

  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await keepScreenshot(page, 'retrieve-done');
  await page.getByRole('button', { name: '返回登录' }).click();
  await expectLoginPage(page);

  await signIn(page, USERNAME, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.getByRole('button', { name: /退出/ }).click();
  await expectLoginPage(page);

  await signIn(page, USERNAME, DEMO_PASSWORD);
  await expect(page.getByText('用户名或密码错误！')).toBeVisible();
  await expectLoginPage(page);
  await keepScreenshot(page, 'retrieve-old-password-refused');
});

test('找回用户名 lists the usernames of a mobile proven with a code', async ({ page, request }) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: '找回用户名' }).click();
  await expect(page).toHaveURL(/#\/retrieveUserName$/);
  await page.getByPlaceholder('请输入账号绑定的手机号码').fill('13800000006');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  const code = await readNewestCode(request, await signInAdmin(request), '13800000006');
  await page.getByLabel('短信验证码第1位').fill(code);
  await page.getByRole('button', { name: /查询用户名/ }).click();
  await expect(page.getByTestId('username-result').getByText('disassembly')).toBeVisible();
  await keepScreenshot(page, 'retrieve-username');
  await page.getByRole('button', { name: '返回登录' }).click();
  await expectLoginPage(page);
});
