// 首页 against a fake server: the month's calendar asked for the month shown, its days off marked 休, an event
// named with its kind and opening its project; a bar for each status the caller has projects in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { CalendarMonth } from '@cqjy/domain/statistics';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

function monthOf(month: string): CalendarMonth {
  return {
    month,
    days: Array.from({ length: 28 }, (_, index) => {
      const date = `${month}-${String(index + 1).padStart(2, '0')}`;
      return {
        date,
        isWorkday: index !== 5,
        events:
          index === 9
            ? [
                {
                  kind: 'disclosureEnd',
                  date,
                  title: '示范设备一批（GR2026BJ1000123）',
                  link: '/index/bulkShowProject?id=7',
                },
              ]
            : [],
      };
    }),
  };
}

describe('首页', () => {
  it('shows the calendar of the month with its deadlines and the projects by status', async () => {
    const user = makeUser(IDENTITY.transferor);
    signInAs(user);
    const { calls } = servePortal(user, (call) => {
      if (pathOf(call) === '/api/homepage/calendar/reminder') {
        return jsonResponse(envelope(monthOf((bodyOf(call) as { month: string }).month)));
      }
      if (pathOf(call) === '/api/project/searchs/statusCategory') {
        return jsonResponse(
          envelope([
            { value: 'disclosing', label: '披露中', count: 3 },
            { value: 'closed', label: '已结束', count: 0 },
          ]),
        );
      }
      return undefined;
    });
    renderPortal('/index/home');
    await screen.findByText('披露截止：示范设备一批（GR2026BJ1000123）');
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(
      calls.filter((call) => pathOf(call) === '/api/homepage/calendar/reminder').map(bodyOf),
    ).toContainEqual({
      month,
    });
    expect(screen.getAllByText('休').length).toBeGreaterThan(0);
    const bar = await screen.findByRole('meter', { name: '披露中3个' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(screen.queryByLabelText('已结束0个')).toBeNull();

    // the month's buttons ask for the next and the previous month (a year turned where December is passed)
    const shift = (by: number) => {
      const first = new Date(now.getFullYear(), now.getMonth() + by, 1);
      return `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
    };
    fireEvent.click(screen.getByRole('button', { name: '下一月' }));
    expect(await screen.findByText(`${shift(1).slice(0, 4)}年${Number(shift(1).slice(5))}月`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一月' }));
    fireEvent.click(screen.getByRole('button', { name: '上一月' }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/homepage/calendar/reminder').map(bodyOf)).toEqual(
        expect.arrayContaining([{ month: shift(1) }, { month: shift(-1) }]),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /本\s*月/ }));
    expect(await screen.findByText(`${now.getFullYear()}年${now.getMonth() + 1}月`)).toBeTruthy();
    const event = await screen.findByText('披露截止：示范设备一批（GR2026BJ1000123）');
    fireEvent.click(event);
    await waitFor(() => expect(screen.queryByTestId('home-calendar')).toBeNull());
  });

  const EVENT_TEXT = '披露截止：示范设备一批（GR2026BJ1000123）';

  async function renderCalendar(): Promise<HTMLElement> {
    const user = makeUser(IDENTITY.transferor);
    signInAs(user);
    servePortal(user, (call) =>
      pathOf(call) === '/api/homepage/calendar/reminder'
        ? jsonResponse(envelope(monthOf((bodyOf(call) as { month: string }).month)))
        : undefined,
    );
    renderPortal('/index/home');
    const event = await screen.findByText(EVENT_TEXT);
    expect(screen.queryByRole('tooltip')).toBeNull();
    return event;
  }

  it('shows an event’s whole title on hover, and opens it as a link the keyboard reaches', async () => {
    const event = await renderCalendar();
    expect(event.tagName).toBe('A');
    expect(event.getAttribute('href')).toContain('/index/bulkShowProject?id=7');
    fireEvent.mouseEnter(event);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(EVENT_TEXT));
  });

  it('shows an event’s whole title on keyboard focus', async () => {
    const event = await renderCalendar();
    act(() => event.focus());
    expect(document.activeElement).toBe(event);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(EVENT_TEXT));
  });
});

describe('首页 of the exchange', () => {
  const taskRow = (id: number, actionTitle: string) => ({ id, actionTitle });
  const WEEK = {
    from: '2026-03-16',
    to: '2026-03-22',
    events: [
      {
        kind: 'disclosureEnd',
        date: '2026-03-18',
        title: '示范设备一批（GR2026BJ1000123）',
        link: '/index/bulkShowProject?id=7',
      },
      { kind: 'disclosureEnd', date: '2026-03-20', title: '华北股权（GR2026BJ1000200）', link: null },
    ],
  };

  function serveExchange(identityType: number) {
    const user = makeUser(identityType);
    signInAs(user);
    return servePortal(user, (call) => {
      if (pathOf(call) === '/api/task/list/todo') {
        return jsonResponse(
          envelope({
            list: [taskRow(1, '信息披露申请'), taskRow(2, '开户审核'), taskRow(3, '信息披露申请')],
            total: 3,
          }),
        );
      }
      if (pathOf(call) === '/api/homepage/closing') return jsonResponse(envelope(WEEK));
      return undefined;
    });
  }

  it('shows what waits for the exchange, by kind, and what closes this week, with links', async () => {
    const { calls } = serveExchange(IDENTITY.admin);
    const { router } = renderPortal('/index/home');
    const waiting = await screen.findByTestId('home-waiting');
    // the to-do count is the home page's figure; the kinds group the to-do list
    await waitFor(() => expect(within(waiting).getByText('待办任务')).toBeTruthy());
    await waitFor(() =>
      expect(within(waiting).getByRole('list', { name: '待处理事项按类型' }).textContent).toBe(
        '信息披露申请2开户审核1',
      ),
    );
    expect(calls.filter((call) => pathOf(call) === '/api/task/list/todo').map(bodyOf)).toEqual([
      { page: 1, size: 100 },
    ]);
    const closing = await screen.findByTestId('home-closing');
    expect(within(closing).getByText('本周披露截止（3月16日 周一 — 3月22日 周日）')).toBeTruthy();
    expect(within(closing).getByText('3月18日 周三')).toBeTruthy();
    expect(within(closing).getByText('华北股权（GR2026BJ1000200）').tagName).not.toBe('A');
    // its lists under their management titles
    expect(within(screen.getByTestId('home-count-projects')).getByText('项目管理')).toBeTruthy();

    fireEvent.click(within(closing).getByRole('link', { name: '示范设备一批（GR2026BJ1000123）' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkShowProject'));
  });

  it('opens the to-do list from a kind', async () => {
    serveExchange(IDENTITY.admin);
    const { router } = renderPortal('/index/home');
    fireEvent.click(await screen.findByRole('link', { name: '开户审核' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/todo'));
  });

  it('leaves the waiting decisions out for an operations admin, who has no tasks', async () => {
    const { calls } = serveExchange(IDENTITY.opsAdmin);
    renderPortal('/index/home');
    expect(await screen.findByTestId('home-closing')).toBeTruthy();
    expect(screen.queryByTestId('home-waiting')).toBeNull();
    expect(calls.some((call) => pathOf(call) === '/api/task/list/todo')).toBe(false);
  });

  it('is not drawn for a company', async () => {
    const { calls } = serveExchange(IDENTITY.transferor);
    renderPortal('/index/home');
    await screen.findByTestId('home-calendar');
    expect(screen.queryByTestId('home-waiting')).toBeNull();
    expect(screen.queryByTestId('home-closing')).toBeNull();
    expect(calls.some((call) => pathOf(call) === '/api/homepage/closing')).toBe(false);
  });
});
