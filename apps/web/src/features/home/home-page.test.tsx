// 首页 against a fake server: the month's calendar asked for the month shown, its days off marked 休, an event
// named with its kind and opening its project; a bar for each status the caller has projects in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
});
