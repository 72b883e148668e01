import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { makeApplication } from './test-data.ts';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function signInApplicant(examineStatus: number, examineReason: string | null = null): { user: UserInfo } {
  const user = makeUser(1, { examineStatus });
  servePortal(user, (call) => {
    if (call.url === '/api/register/company') {
      return jsonResponse(envelope(makeApplication({ examineStatus, examineReason })));
    }
    return undefined;
  });
  signInAs(user);
  return { user };
}

describe('/transferorOpenTip', () => {
  it('explains account opening to a visitor, with 开始开户 and 返回登录', async () => {
    servePortal(makeUser(1));
    const { router } = renderPortal('/transferorOpenTip');
    expect(await screen.findByText(/营业执照扫描件/, undefined, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /开始开户/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferorOpen'));
  });

  it('SH-4.5 holds a signed-in draft applicant: 待提交 with a way on to step 2 and 退出登录', async () => {
    signInApplicant(0);
    const { router } = renderPortal('/transferorOpenTip');
    expect(await screen.findByText('待提交', undefined, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /继续填写/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferorOpen'));
  });

  it('shows 待审核 while the application is under review', async () => {
    signInApplicant(1);
    renderPortal('/transferorOpenTip');
    expect(await screen.findByText('待审核')).toBeTruthy();
    expect(screen.getByText(/请耐心等待/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  it('shows the return reason prominently with 修改并重新提交', async () => {
    signInApplicant(2, '营业执照不清晰，请重新上传');
    const { router } = renderPortal('/transferorOpenTip');
    expect(await screen.findByText('已退回')).toBeTruthy();
    expect(screen.getByText('营业执照不清晰，请重新上传')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /修改并重新提交/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferorOpen'));
  });

  it('lets an approved applicant into the portal after reloading the user', async () => {
    signInApplicant(3);
    const { router } = renderPortal('/transferorOpenTip');
    expect(await screen.findByText('审核通过')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /进入系统/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
  });

  it('lets a company without an application enter the portal', async () => {
    const user = makeUser(2, { examineStatus: null });
    servePortal(user, (call) =>
      call.url === '/api/register/company'
        ? jsonResponse(envelope(null, 404, MSG.applicationNotFound))
        : undefined,
    );
    signInAs(user);
    renderPortal('/transferorOpenTip');
    expect(await screen.findByText(MSG.applicationNotFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: /进入系统/ })).toBeTruthy();
  });
});
