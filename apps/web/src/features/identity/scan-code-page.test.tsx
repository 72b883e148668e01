import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FaceAuthLink, FaceAuthResult } from '@cqjy/domain/identity-auth';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { svgDataUrl } from './scan-code-page.tsx';

const REQUEST_ID = '6f1c2a8e-0000-4000-8000-000000000001';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  // Only the poll and the countdown run on fake time; the client's time-outs and the router stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

function setUp(options: { expiresInMs?: number; results?: FaceAuthResult[] } = {}) {
  const results = [...(options.results ?? [])];
  let links = 0;
  // gate 5 holds a user whose authentication is in progress on the /auth pages, /scanCode included
  const user = makeUser(1, { authStatus: 2 });
  const served = servePortal(user, (call) => {
    if (call.url === '/api/operator/face') {
      links += 1;
      const link: FaceAuthLink = {
        confirmUrl: `https://portal.example.cn/#/faceConfirm?token=t${links}`,
        qrSvg: SVG,
        expiresAt: new Date(Date.now() + (options.expiresInMs ?? 600_000)).toISOString(),
        realNameMasked: '张*',
      };
      return jsonResponse(envelope(link));
    }
    if (call.url === '/api/operator/result') {
      return jsonResponse(envelope(results.shift() ?? { status: 0, statusLabel: '等待核验' }));
    }
    return undefined;
  });
  signInAs(user);
  return served;
}

describe('the /scanCode page', () => {
  it('shows the QR code as an image of a data: URL, never as inserted markup, and the masked name', async () => {
    setUp();
    renderPortal(`/scanCode?requestId=${REQUEST_ID}`);
    const image = await screen.findByAltText('人脸核验二维码');
    expect(image.getAttribute('src')).toBe(svgDataUrl(SVG));
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('张*')).toBeTruthy();
    const open = screen.getByRole('link', { name: '在本浏览器中打开' });
    expect(open.getAttribute('href')).toBe('https://portal.example.cn/#/faceConfirm?token=t1');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('face-countdown').textContent).toMatch(/10:00|9:59/);
  });

  it('polls the result every 2 s and moves to /scanCodeWin once decided', async () => {
    const { calls } = setUp({
      results: [
        { status: 0, statusLabel: '等待核验' },
        { status: 1, statusLabel: '核验通过' },
      ],
    });
    const { router } = renderPortal(`/scanCode?requestId=${REQUEST_ID}`);
    await screen.findByAltText('人脸核验二维码');
    const polls = () => calls.filter((call) => call.url === '/api/operator/result').length;
    expect(polls()).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(polls()).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await waitFor(() => expect(polls()).toBe(1));
    expect(router.state.location.pathname).toBe('/scanCode');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scanCodeWin'));
    expect(router.state.location.search).toBe(`?requestId=${REQUEST_ID}`);
    expect(JSON.parse(String(calls.find((call) => call.url === '/api/operator/result')?.body))).toEqual({
      requestId: REQUEST_ID,
    });
  });

  it('says the code expired when the countdown ends, and 刷新二维码 asks for a new one', async () => {
    const { calls } = setUp({ expiresInMs: 1500 });
    renderPortal(`/scanCode?requestId=${REQUEST_ID}`);
    await screen.findByAltText('人脸核验二维码');
    expect(screen.queryByText('二维码已过期')).toBeNull();
    const later = Date.now() + 2000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await screen.findByText('二维码已过期')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/operator/face')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '在本浏览器中打开' }).getAttribute('href')).toMatch(
        /token=t2$/,
      ),
    );
  });

  it('without a request id sends the user back to /auth', async () => {
    setUp();
    const { router } = renderPortal('/scanCode');
    fireEvent.click(await screen.findByRole('button', { name: '返回开户信息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
