import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { DEMO_PASSWORD, E2E_CAPTCHA } from '../env.ts';

export { DEMO_PASSWORD };
const artifacts = join(import.meta.dirname, '..', 'artifacts');

/** Signs in through the real login page, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Keeps a screenshot as a (git-ignored) artifact. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByPlaceholder('用户名')).toBeVisible();
}
