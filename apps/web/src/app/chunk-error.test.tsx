import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { ChunkErrorBanner, listenForPreloadErrors, resetChunkErrors } from './chunk-error.tsx';
import type * as ChunkError from './chunk-error.tsx';
import { RouteError } from './route-error.tsx';

const reload = vi.hoisted(() => vi.fn());
vi.mock('./chunk-error.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof ChunkError>()),
  reloadPage: reload,
}));

let stopListening: () => void = () => {};

beforeEach(() => {
  resetChunkErrors();
  reload.mockClear();
  stopListening = listenForPreloadErrors(window);
});

afterEach(() => {
  stopListening();
});

function renderBrokenPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [
          {
            path: 'broken',
            lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          },
        ],
      },
    ],
    { initialEntries: ['/broken'] },
  );
  return render(
    <>
      <RouterProvider router={router} />
      <ChunkErrorBanner />
    </>,
  );
}

describe('a page chunk that fails to load (SH-8.12)', () => {
  it('shows 页面加载失败 with 重新加载 instead of a blank page, and the button reloads', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBrokenPage();
    expect(await screen.findByText(MSG.pageLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it("surfaces Vite's vite:preloadError with the same notice and a reload", () => {
    render(<ChunkErrorBanner />);
    expect(screen.queryByText(MSG.pageLoadFailed)).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    });
    expect(screen.getByRole('alert').textContent).toContain(MSG.pageLoadFailed);
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('does not prevent the failure: the event stays uncancelled so the import still rejects', () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('shows the notice once when a route already shows the failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBrokenPage();
    act(() => {
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    });
    await waitFor(() => expect(document.querySelector('.notice')).not.toBeNull());
    await waitFor(() => expect(screen.getAllByText(MSG.pageLoadFailed)).toHaveLength(1));
    expect(document.querySelector('.chunk-error-banner')).toBeNull();
    consoleError.mockRestore();
  });
});
