import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../lib/notify.ts';
import { getSession, setSession } from '../lib/session-store.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { CloseButton, resolveCloseTarget } from './close-button.tsx';
import type { CloseButtonProps } from './close-button.tsx';

let notifier: FakeNotifier;

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => {
  setNotifier(null);
  setSession({ tabs: [] });
  vi.restoreAllMocks();
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string, props: CloseButtonProps) {
  return render(
    <MemoryRouter initialEntries={['/index/home', path]} initialIndex={1}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <CloseButton {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const closeButton = () => screen.getByRole('button', { name: /关\s*闭/ });

describe('CloseButton (SH-8.10)', () => {
  it('asks before closing a form with unsaved input and stays when declined', async () => {
    notifier.confirm.mockResolvedValue(false);
    renderAt('/index/bulkAbortAon', { isDirty: true, to: '/index/project' });
    fireEvent.click(closeButton());
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(notifier.confirm.mock.calls[0]?.[0].content).toBe('您输入的内容可能未保存，确定关闭吗？');
    expect(MSG.unsavedCloseConfirm).toBe('您输入的内容可能未保存，确定关闭吗？');
    expect(where()).toBe('/index/bulkAbortAon');
  });

  it('closes after the user confirms, going to the route with its query', async () => {
    renderAt('/index/bulkAbortAon', { isDirty: true, to: '/index/project', query: { tab: 2 } });
    fireEvent.click(closeButton());
    await waitFor(() => expect(where()).toBe('/index/project?tab=2'));
  });

  it('closes at once without unsaved input and drops the current tab', async () => {
    setSession({
      tabs: [
        { name: 'home', path: '/index/home', title: '首页' },
        { name: 'bulkAbortAon', path: '/index/bulkAbortAon', title: '项目中止申请' },
        { name: 'project', path: '/index/project', title: '项目管理' },
      ],
      currentTabPath: '/index/bulkAbortAon',
    });
    renderAt('/index/bulkAbortAon', {});
    fireEvent.click(closeButton());
    await waitFor(() => expect(where()).toBe('/index/project'));
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(getSession().tabs.map((tab) => tab.path)).toEqual(['/index/home', '/index/project']);
  });

  it('goes back when the page is not an open tab', async () => {
    renderAt('/index/bulkShowProject', {});
    fireEvent.click(closeButton());
    await waitFor(() => expect(where()).toBe('/index/home'));
  });

  it('throws when given a query but no route', () => {
    expect(() => resolveCloseTarget(undefined, { id: 1 })).toThrow(Error);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderAt('/index/bulkAbortAon', { query: { id: 1 } })).toThrow(/query/);
  });
});
