import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { TaskRow } from '@cqjy/domain/workflow/views';
import { envelope, jsonResponse, pathOf, bodyOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

function makeRow(id: number, overrides: Partial<TaskRow> = {}): TaskRow {
  return {
    id,
    type: 'EicSre',
    typeLabel: '电子签章',
    subject: 'action',
    subjectId: 40 + id,
    actionId: 40 + id,
    family: 'bulk',
    action: 'abort',
    actionTitle: '项目中止',
    projectId: 7,
    projectName: `废旧设备一批${id}`,
    projectCode: `GR2026BJ100012${id}`,
    routeName: 'bulkAbortEicSre',
    path: `/index/bulkAbortEicSre?id=${40 + id}&taskId=${id}`,
    status: 'open',
    applicantCompany: '华北示范实业集团有限公司',
    createdAt: '2026-03-02T02:00:00.000Z',
    doneAt: null,
    ...overrides,
  };
}

const notifier = setUpPageTests();

function serveTasks(validate: (id: number) => { status: number; msg: string }, total = 2) {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path.startsWith('/api/task/list/')) {
      const kind = path.slice('/api/task/list/'.length);
      const rows =
        kind === 'done'
          ? [makeRow(5, { status: 'done', doneAt: '2026-03-03T02:00:00.000Z', typeLabel: '审核' })]
          : [makeRow(1), makeRow(2)];
      return jsonResponse(envelope({ list: rows, total }));
    }
    if (path === '/api/task/counts') return jsonResponse(envelope({ todo: 2, done: 1, launch: 4 }));
    if (path.startsWith('/api/task/validate/status/')) {
      const answer = validate(Number(path.split('/').at(-1)));
      return jsonResponse(envelope(null, answer.status, answer.msg));
    }
    if (path === '/api/project/bulk/abort/show/41')
      return jsonResponse(envelope(null, 404, '数据不存在或无权访问'));
    return undefined;
  });
}

describe('Task centre', () => {
  it('lists the todo tasks with the counts in the tab titles', async () => {
    serveTasks(() => ({ status: 0, msg: '' }));
    renderPortal('/index/todo');
    expect(await screen.findByText('废旧设备一批1')).toBeTruthy();
    expect(screen.getByText('废旧设备一批2')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '待办任务（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已办任务（1）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我发起的（4）' })).toBeTruthy();
    expect(screen.getAllByText('2026-03-02 10:00:00')).toHaveLength(2);
  });

  it('searches by keyword and family from page 1, and pages', async () => {
    const { calls } = serveTasks(() => ({ status: 0, msg: '' }), 25);
    renderPortal('/index/todo');
    await screen.findByText('废旧设备一批1');
    fireEvent.change(screen.getByPlaceholderText('项目名称或编号'), { target: { value: ' 废旧设备 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/task/list/todo').map(bodyOf)).toContainEqual({
        page: 1,
        size: 10,
        keyword: '废旧设备',
      }),
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/task/list/todo').map(bodyOf)).toContainEqual({
        page: 2,
        size: 10,
        keyword: '废旧设备',
      }),
    );
  });

  it('BF-7.3 opening an open task checks it first, then goes to its screen with ?id=&taskId=', async () => {
    const { calls } = serveTasks(() => ({ status: 0, msg: '' }));
    const { router } = renderPortal('/index/todo');
    const row = (await screen.findByText('废旧设备一批1')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /办\s*理/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkAbortEicSre'));
    expect(router.state.location.search).toBe('?id=41&taskId=1');
    expect(calls.some((call) => pathOf(call) === '/api/task/validate/status/1')).toBe(true);
  });

  it('BF-7.3 a task handled meanwhile (409) shows the message and reloads the list', async () => {
    const { calls } = serveTasks(() => ({ status: 409, msg: '该任务已处理，请刷新' }));
    const { router } = renderPortal('/index/todo');
    const row = (await screen.findByText('废旧设备一批2')).closest('tr')!;
    const listCalls = () => calls.filter((call) => pathOf(call) === '/api/task/list/todo').length;
    const before = listCalls();
    fireEvent.click(within(row).getByRole('button', { name: /办\s*理/ }));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith('该任务已处理，请刷新'));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe('/index/todo');
  });

  it('the done list shows when each task was done and opens it without the check', async () => {
    const { calls } = serveTasks(() => ({ status: 409, msg: '该任务已处理，请刷新' }));
    const { router } = renderPortal('/index/done');
    const row = (await screen.findByText('废旧设备一批5')).closest('tr')!;
    expect(within(row).getByText('2026-03-03 10:00:00')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkAbortEicSre'));
    expect(calls.some((call) => pathOf(call).startsWith('/api/task/validate/status/'))).toBe(false);
  });
});
