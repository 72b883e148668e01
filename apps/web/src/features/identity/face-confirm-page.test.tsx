import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FaceConfirmView } from '@cqjy/domain/identity-auth';
import { MSG } from '@cqjy/domain/messages';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests } from '../../test/portal.tsx';

const notifier = setUpPageTests();

function setUp(initial: number, decision: { status: number; msg: string; data: unknown }) {
  let view: FaceConfirmView = {
    realName: '张*',
    idCard: '110***********1234',
    status: initial,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
  return servePortal(makeUser(1), (call) => {
    if (call.url === '/api/face/confirm/secret-1' && call.method === 'GET')
      return jsonResponse(envelope(view));
    if (call.url === '/api/face/confirm/secret-1' && call.method === 'POST') {
      if (decision.status !== 0) view = { ...view, status: 1 };
      return jsonResponse(decision);
    }
    return undefined;
  });
}

describe('the public /faceConfirm page', () => {
  it('shows the masked person and the consent, without sign-in; 确认是本人 decides and shows the done state', async () => {
    const { calls } = setUp(0, {
      status: 0,
      msg: MSG.faceConfirmedOk,
      data: { status: 1, statusLabel: '核验通过' },
    });
    renderPortal('/faceConfirm?token=secret-1');
    expect(await screen.findByText('张*')).toBeTruthy();
    expect(screen.getByText('110***********1234')).toBeTruthy();
    expect(screen.getByText(MSG.faceConsent)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认是本人' }));
    expect(await screen.findByText('核验完成')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/face/confirm/secret-1');
    expect(JSON.parse(String(post?.body))).toEqual({ agree: true });
    expect(notifier.success).toHaveBeenCalledWith(MSG.faceConfirmedOk);
  });

  it('不是本人 sends agree false', async () => {
    const { calls } = setUp(0, {
      status: 0,
      msg: MSG.faceDeclinedOk,
      data: { status: 2, statusLabel: '核验未通过' },
    });
    renderPortal('/faceConfirm?token=secret-1');
    fireEvent.click(await screen.findByRole('button', { name: '不是本人' }));
    expect(await screen.findByText('已拒绝本次核验')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ agree: false });
  });

  it('a decision made elsewhere meanwhile (409) shows the message and the decided state', async () => {
    setUp(0, { status: 409, msg: MSG.faceAlreadyDecided, data: null });
    renderPortal('/faceConfirm?token=secret-1');
    fireEvent.click(await screen.findByRole('button', { name: '确认是本人' }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.faceAlreadyDecided));
    expect(await screen.findByText('核验完成')).toBeTruthy();
  });

  it('an expired code says so, without buttons', async () => {
    setUp(3, { status: 1, msg: MSG.faceQrExpired, data: null });
    renderPortal('/faceConfirm?token=secret-1');
    expect(await screen.findByText(MSG.faceQrExpired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认是本人' })).toBeNull();
  });
});
