import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteDef } from '@cqjy/domain/routes';
import type { PageHandle } from '../../lib/route-handle.ts';
import { clearSession, setSession } from '../../lib/session-store.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';

/** A page with state of its own: a counter the user raises. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

const def = (name: string, keepAlive: boolean): PageHandle => {
  const route: RouteDef = { name, path: `/index/${name}`, title: name, hidden: false, keepAlive };
  return { route };
};

/** The open tabs of the strip, which decide what stays kept. */
function openTabs(names: string[]): void {
  act(() => setSession({ tabs: names.map((name) => ({ name, path: `/index/${name}`, title: name })) }));
}

function renderShell() {
  function Layout() {
    return <KeepAliveOutlet />;
  }
  const router = createMemoryRouter(
    [
      {
        path: '/index',
        Component: Layout,
        children: [
          { path: 'assets', handle: def('assets', true), element: <Counter label="assets" /> },
          { path: 'plan', handle: def('plan', false), element: <Counter label="plan" /> },
        ],
      },
    ],
    { initialEntries: ['/index/assets'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function clickTimes(name: RegExp, times: number): void {
  for (let i = 0; i < times; i += 1) fireEvent.click(screen.getByRole('button', { name }));
}

beforeEach(() => {
  clearSession();
});

describe('KeepAliveOutlet (SH-2.15)', () => {
  it('keeps a keepAlive page mounted and hidden behind another tab, so its state survives', async () => {
    openTabs(['assets', 'plan']);
    const router = renderShell();
    clickTimes(/^assets/, 3);
    expect(screen.getByRole('button', { name: 'assets 3' })).toBeTruthy();

    await act(() => router.navigate('/index/plan'));
    // Still in the document, hidden: no accessible button, but the element with its state is there.
    expect(screen.queryByRole('button', { name: /^assets/ })).toBeNull();
    expect(screen.getByText('assets 3', { selector: 'button' }).closest('[hidden]')).not.toBeNull();
    clickTimes(/^plan/, 2);
    expect(screen.getByRole('button', { name: 'plan 2' })).toBeTruthy();

    await act(() => router.navigate('/index/assets'));
    expect(screen.getByRole('button', { name: 'assets 3' })).toBeTruthy();
  });

  it('unmounts an ordinary page when another tab is shown: its state starts over', async () => {
    openTabs(['assets', 'plan']);
    const router = renderShell();
    await act(() => router.navigate('/index/plan'));
    clickTimes(/^plan/, 2);
    await act(() => router.navigate('/index/assets'));
    expect(screen.queryByText(/^plan/)).toBeNull();
    await act(() => router.navigate('/index/plan'));
    expect(screen.getByRole('button', { name: 'plan 0' })).toBeTruthy();
  });

  it('lets a kept page go once its tab is closed', async () => {
    openTabs(['assets', 'plan']);
    const router = renderShell();
    clickTimes(/^assets/, 2);
    // Closing the current tab drops it from the strip, then moves to the next tab.
    openTabs(['plan']);
    await act(() => router.navigate('/index/plan'));
    expect(screen.queryByText(/^assets/)).toBeNull();
    openTabs(['plan', 'assets']);
    await act(() => router.navigate('/index/assets'));
    expect(screen.getByRole('button', { name: 'assets 0' })).toBeTruthy();
  });
});
