// 消息提醒 against a fake server that keeps the read state: the rows (title, body, time, read state), the unread
// count on the 未读 tab and on the header's bell, a click marking a row read and opening its link, the 未读 tab
// asking for the unread ones, paging, 全部标为已读; the bell is left out for a role without GJS_MESSAGE.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { NotificationRow } from '@cqjy/domain/notifications';
import { envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

function makeRow(id: number, overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id,
    kind: 'workflow.pass',
    kindLabel: '审核通过',
    title: `信息披露申请已审核通过${id}`,
    body: `您提交的项目“废旧设备一批${id}”信息披露申请已审核通过。审核意见：同意`,
    link: `/index/bulkShowProject?id=${id}`,
    isRead: false,
    readAt: null,
    // 2026-03-02 10:00:00 in +08:00, one minute apart
    createdAt: new Date(Date.UTC(2026, 2, 2, 2, id)).toISOString(),
    ...overrides,
  };
}

const notifier = setUpPageTests();

const query = (call: FetchCall): URLSearchParams => new URLSearchParams(call.url.split('?')[1] ?? '');

/** A server holding `rows` (newest first) that marks them read as asked. */
function serveNotifications(rows: NotificationRow[], identityType: number = IDENTITY.transferor) {
  const user = makeUser(identityType);
  signInAs(user);
  const unread = () => rows.filter((row) => !row.isRead);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/message/unread/count') return jsonResponse(envelope({ count: unread().length }));
    if (path === '/api/message/list') {
      const params = query(call);
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      const matching = params.get('unread') === '1' ? unread() : rows;
      return jsonResponse(
        envelope({ list: matching.slice((page - 1) * size, page * size), total: matching.length }),
      );
    }
    if (path === '/api/message/read/all') {
      const count = unread().length;
      for (const row of unread()) Object.assign(row, { isRead: true, readAt: new Date().toISOString() });
      return jsonResponse(envelope({ count }, 0, MSG.notificationsAllRead));
    }
    const marked = rows.find((row) => path === `/api/message/read/${row.id}`);
    if (marked !== undefined) {
      Object.assign(marked, { isRead: true, readAt: marked.readAt ?? new Date().toISOString() });
      return jsonResponse(envelope({ id: marked.id }));
    }
    if (path.startsWith('/api/project/')) return jsonResponse(envelope(null, 404, MSG.notFound));
    return undefined;
  });
}

function rowOf(title: string): HTMLElement {
  const row = screen.getByText(title).closest('tr');
  if (row === null) throw new Error(`no row ${title}`);
  return row;
}

describe('消息提醒', () => {
  it('lists title, body, time and read state, and counts the unread ones on the tab and the bell', async () => {
    serveNotifications([
      makeRow(2),
      makeRow(1, {
        isRead: true,
        readAt: '2026-03-02T03:00:00.000Z',
        kind: 'workflow.back',
        kindLabel: '审核退回',
      }),
    ]);
    renderPortal('/index/reminder');
    await screen.findByText('信息披露申请已审核通过2');
    const fresh = rowOf('信息披露申请已审核通过2');
    expect(within(fresh).getByText('未读')).toBeTruthy();
    expect(within(fresh).getByText('审核通过')).toBeTruthy();
    expect(
      within(fresh).getByText('您提交的项目“废旧设备一批2”信息披露申请已审核通过。审核意见：同意'),
    ).toBeTruthy();
    expect(within(fresh).getByText('2026-03-02 10:02:00')).toBeTruthy();
    const old = rowOf('信息披露申请已审核通过1');
    expect(within(old).getByText('已读')).toBeTruthy();
    expect(within(old).getByText('审核退回')).toBeTruthy();

    const bell = await screen.findByRole('button', { name: '消息提醒，未读1条' });
    expect(within(bell).getByText('1')).toBeTruthy();
    const unreadTab = screen.getByRole('tab', { name: /未读/ });
    expect(within(unreadTab).getByText('1')).toBeTruthy();
  });

  it('marks a clicked row read and opens its link', async () => {
    const { calls } = serveNotifications([makeRow(3), makeRow(2, { isRead: true })]);
    const { router } = renderPortal('/index/reminder');
    fireEvent.click(
      await screen.findByText('您提交的项目“废旧设备一批3”信息披露申请已审核通过。审核意见：同意'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkShowProject'));
    expect(router.state.location.search).toBe('?id=3');
    await waitFor(() => expect(calls.some((call) => pathOf(call) === '/api/message/read/3')).toBe(true));
    expect(calls.find((call) => pathOf(call) === '/api/message/read/3')?.method).toBe('POST');
    await screen.findByRole('button', { name: '消息提醒，未读0条' });
  });

  it('opens an already read row without marking it again', async () => {
    const { calls } = serveNotifications([makeRow(2, { isRead: true })]);
    const { router } = renderPortal('/index/reminder');
    fireEvent.click(await screen.findByRole('button', { name: '信息披露申请已审核通过2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    expect(calls.some((call) => pathOf(call).startsWith('/api/message/read/'))).toBe(false);
  });

  it('asks for the unread ones under 未读, and pages', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => makeRow(12 - i, { isRead: i % 2 === 1 }));
    const { calls } = serveNotifications(rows);
    renderPortal('/index/reminder');
    await screen.findByText('信息披露申请已审核通过12');
    expect(screen.getByText('共 12 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('信息披露申请已审核通过1');
    const lists = () => calls.filter((call) => pathOf(call) === '/api/message/list').map(query);
    expect(lists().at(-1)?.get('page')).toBe('2');

    fireEvent.click(screen.getByRole('tab', { name: /未读/ }));
    await screen.findByText('共 6 条');
    const last = lists().at(-1);
    expect(last?.get('unread')).toBe('1');
    expect(last?.get('page')).toBe('1');
    expect(screen.queryByText('信息披露申请已审核通过11')).toBeNull();
    expect(screen.getByText('信息披露申请已审核通过12')).toBeTruthy();
  });

  it('全部标为已读 marks every one read and empties 未读', async () => {
    const { calls } = serveNotifications([makeRow(2), makeRow(1)]);
    renderPortal('/index/reminder');
    await screen.findByRole('button', { name: '消息提醒，未读2条' });
    fireEvent.click(screen.getByRole('tab', { name: /未读/ }));
    await screen.findByText('共 2 条');
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.notificationsAllRead));
    expect(calls.filter((call) => pathOf(call) === '/api/message/read/all')).toHaveLength(1);
    expect(await screen.findByText(MSG.notificationsEmptyUnread)).toBeTruthy();
    await screen.findByRole('button', { name: '消息提醒，未读0条' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '全部标为已读' }).disabled).toBe(true);
  });
});

describe('the header bell', () => {
  it('opens 消息提醒', async () => {
    serveNotifications([makeRow(1)]);
    const { router } = renderPortal('/index/home');
    fireEvent.click(await screen.findByRole('button', { name: '消息提醒，未读1条' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/reminder'));
  });

  it('is left out, and the count not asked, for a role without GJS_MESSAGE', async () => {
    const { calls } = serveNotifications([makeRow(1)], IDENTITY.assessment);
    renderPortal('/index/home');
    await screen.findByTestId('header-user');
    await screen.findByTestId('home-welcome');
    expect(screen.queryByTestId('header-bell')).toBeNull();
    expect(calls.some((call) => pathOf(call) === '/api/message/unread/count')).toBe(false);
  });
});
