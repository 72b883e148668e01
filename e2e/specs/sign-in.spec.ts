import { expect, test } from '@playwright/test';
import { expectLoginPage, keepScreenshot, signIn } from './helpers.ts';

test('transferor signs in through the login page and sees 首页', async ({ page }) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await expect(page.getByText('首页').first()).toBeVisible();
  await keepScreenshot(page, 'transferor-home');
});

test('a wrong password shows 用户名或密码错误！ and stays on the login page', async ({ page }) => {
  await signIn(page, 'transferor', 'Wrong@2026');
  await expect(page.getByText('用户名或密码错误！')).toBeVisible();
  await expectLoginPage(page);
  await keepScreenshot(page, 'login-wrong-password');
});

test('the session survives a reload (hash deep link) and logout returns to /login', async ({ page }) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.reload();
  await expect(page).toHaveURL(/#\/index\/home/);
  await expect(page.getByText('首页').first()).toBeVisible();
  await page.getByRole('button', { name: /退出/ }).click();
  await expectLoginPage(page);
  await page.goto('/#/index/home');
  await expectLoginPage(page);
});
