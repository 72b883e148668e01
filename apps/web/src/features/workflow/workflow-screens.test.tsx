import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG, fillIn } from '@cqjy/domain/messages';
import type { AttachmentItem } from '@cqjy/domain/api';
import { findAction } from '@cqjy/domain/workflow/actions';
import type { ActionView } from '@cqjy/domain/workflow/views';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, pathOf, bodyOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { makeProjectView } from '../../test/projects.ts';
import type { Route } from '../../test/portal.tsx';

// pdf.js does not run in jsdom; the letter viewer gets a one-page document.
vi.mock('../../components/pdf-document.ts', () => ({
  openPdf: () =>
    Promise.resolve({ pageCount: 1, renderPage: () => Promise.resolve(), destroy: () => Promise.resolve() }),
}));

const PROJECT = { id: 7, name: '北京示范国有资产经营有限公司废旧设备一批', code: 'GR2026BJ1000123' };

const FILE: AttachmentItem = {
  uuid: 'f-1',
  tag: 'applicationFile',
  name: '中止申请材料.pdf',
  fileName: '中止申请材料.pdf',
  contentType: 'application/pdf',
  size: 100,
  dateCreated: '2026-03-01T02:00:00.000Z',
  labelName: '中止申请材料',
};

function makeView(overrides: Partial<ActionView> = {}): ActionView {
  return {
    id: 41,
    projectId: 7,
    family: 'bulk',
    action: 'abort',
    actionTitle: '项目中止',
    status: 'draft',
    statusLabel: '草稿',
    form: {},
    version: 1,
    attachments: {},
    letter: null,
    signedLetter: null,
    returns: [],
    revisions: [],
    project: { ...PROJECT, status: 'disclosing', statusLabel: '披露中' },
    openTask: null,
    ...overrides,
  };
}

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
  Object.assign(URL, { createObjectURL: () => 'blob:letter', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

function serveAs(identityType: number, extra: Route) {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, extra);
}

describe('Aon screen (from the registry)', () => {
  it('opens an empty form from ?projectId= and creates the application only at its first save', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(makeProjectView()));
      if (path === '/api/project/bulk/abort/create') return jsonResponse(envelope({ id: 41, version: 1 }));
      if (path === '/api/project/bulk/abort/save') return jsonResponse(envelope({ id: 41, version: 2 }));
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(makeView({ version: 2 })));
      return undefined;
    });
    const { router } = renderPortal('/index/bulkAbortAon?projectId=7');
    expect(await screen.findByLabelText('申请原因')).toBeTruthy();
    expect(screen.getByLabelText('备注')).toBeTruthy();
    expect(screen.getByLabelText('预计恢复日期')).toBeTruthy();
    expect(screen.getByText('申请材料')).toBeTruthy();
    expect(screen.getByText(PROJECT.name)).toBeTruthy();
    // nothing exists yet: leaving now leaves no draft, and there is nothing to discard
    expect(callsTo(calls, '/api/project/bulk/abort/create')).toHaveLength(0);
    expect(router.state.location.search).toBe('?projectId=7');
    expect(screen.queryByRole('button', { name: '删除草稿' })).toBeNull();
    fireEvent.change(screen.getByLabelText('申请原因'), { target: { value: '设备需重新评估' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=41'));
    expect(callsTo(calls, '/api/project/bulk/abort/create')).toHaveLength(1);
    // the files picked before the save travel under the draft id the application adopts
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/create')[0])).toEqual({
      projectId: 7,
      createId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/save')[0])).toMatchObject({
      id: 41,
      version: 1,
      form: { reason: '设备需重新评估' },
    });
  });

  it('a saved draft never submitted is discarded (删除草稿) and the screen goes back to the project', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(makeView({ version: 2 })));
      if (path === '/api/project/bulk/abort/termination/terminate')
        return jsonResponse(envelope({ id: 41, version: 2 }, 0, MSG.workflowDraftDiscarded));
      return undefined;
    });
    const { router } = renderPortal('/index/bulkAbortAon?id=41');
    fireEvent.click(await screen.findByRole('button', { name: '删除草稿' }));
    expect(await screen.findByText(MSG.workflowDiscardConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkShowProject'));
    expect(router.state.location.search).toBe('?id=7');
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/termination/terminate')[0])).toEqual({
      id: 41,
      version: 2,
    });
  });

  it('draws the fields each action needs: supplement asks the extension, rediscovery the period', async () => {
    serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/supplement/show/42') {
        return jsonResponse(envelope(makeView({ id: 42, action: 'supplement', actionTitle: '补充披露' })));
      }
      return undefined;
    });
    renderPortal('/index/bulkSupplementAon?id=42');
    expect(await screen.findByLabelText('延长披露天数（工作日）')).toBeTruthy();
    expect(screen.queryByLabelText('预计恢复日期')).toBeNull();
  });

  it('refuses to submit without the reason or without the required file, sending nothing', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      if (pathOf(call) === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(makeView()));
      return undefined;
    });
    renderPortal('/index/bulkAbortAon?id=41');
    const submit = await screen.findByRole('button', { name: /提\s*交/ });
    fireEvent.click(submit);
    expect(await screen.findByText(fillIn('申请原因'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('申请原因'), { target: { value: '设备需重新评估' } });
    fireEvent.click(submit);
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.workflowApplicationFileRequired));
    expect(callsTo(calls, '/api/project/bulk/abort/save')).toHaveLength(0);
    expect(callsTo(calls, '/api/project/bulk/abort/submit')).toHaveLength(0);
  });

  it('录入合同信息: 保存 with the required fields empty marks each, says so, and sends nothing', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      if (pathOf(call) === '/api/project/show/7') {
        return jsonResponse(envelope(makeProjectView({ family: 'stock', businessType: '1' })));
      }
      return undefined;
    });
    renderPortal('/index/rightContractAon?projectId=7&family=stock');
    expect(await screen.findByLabelText('合同编号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.workflowFormInvalid));
    for (const label of ['申请原因', '合同编号', '受让方名称']) {
      expect(await screen.findByText(fillIn(label)), label).toBeTruthy();
    }
    // every required field of the action is marked, the amount and the day with their own messages
    const required = findAction('stock', 'contract')?.fields.filter((field) => field.isRequired) ?? [];
    expect(required.map((field) => field.name)).toEqual(
      expect.arrayContaining(['contractNo', 'transfereeName', 'dealPrice', 'signDate']),
    );
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(required.length),
    );
    expect(callsTo(calls, '/api/project/stock/contract/create')).toHaveLength(0);
    expect(callsTo(calls, '/api/project/stock/contract/save')).toHaveLength(0);
  });

  it('submits: saves the form, submits the saved version, and goes to the e-signature task', async () => {
    let view = makeView({ attachments: { applicationFile: [FILE] } });
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(view));
      if (path === '/api/project/bulk/abort/save')
        return jsonResponse(envelope({ id: 41, version: 2 }, 0, '保存成功'));
      if (path === '/api/project/bulk/abort/submit') {
        view = makeView({
          status: 'letterGenerated',
          statusLabel: '待签章',
          version: 3,
          letter: { uuid: 'l-1', name: '项目中止申请函.pdf' },
          openTask: { id: 9, type: 'EicSre', routeName: 'bulkAbortEicSre' },
        });
        return jsonResponse(envelope({ id: 41, version: 3 }, 0, MSG.workflowSubmitted));
      }
      return undefined;
    });
    const { router } = renderPortal('/index/bulkAbortAon?id=41');
    fireEvent.change(await screen.findByLabelText('申请原因'), { target: { value: '  设备需重新评估 ' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkAbortEicSre'));
    expect(router.state.location.search).toBe('?id=41&taskId=9');
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/save')[0])).toEqual({
      id: 41,
      version: 1,
      form: { reason: '设备需重新评估' },
    });
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/submit')[0])).toEqual({ id: 41, version: 2 });
  });
});

describe('a screen opened without its project (a bookmark, a reload)', () => {
  /** The project filter 我的项目 is linked with, as the address carries it. */
  const filterOf = (search: string) => {
    const params = new URLSearchParams(search);
    return { families: params.getAll('family'), statuses: params.getAll('status') };
  };

  it.each([
    ['rightContractAon', 'contract'],
    ['rightPriceAon', 'price'],
  ] as const)(
    '%s says 请从项目页进入 and links to 我的项目 narrowed to where %s can start',
    async (route, action) => {
      const { calls } = serveAs(IDENTITY.transferor, () => undefined);
      const { router } = renderPortal(`/index/${route}`);
      expect(await screen.findByText(MSG.enterFromProject)).toBeTruthy();
      expect(screen.queryByText(MSG.notOpenYet)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '我的项目' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/index/project'));
      const allowed = new Set([
        ...(findAction('stock', action)?.allowedProjectStatuses ?? []),
        ...(findAction('privateStock', action)?.allowedProjectStatuses ?? []),
      ]);
      const filter = filterOf(router.state.location.search);
      expect(filter.families).toEqual(['stock', 'privateStock']);
      expect(new Set(filter.statuses)).toEqual(allowed);
      // the list asks for those projects only
      await waitFor(() =>
        expect(callsTo(calls, '/api/project/list').map(bodyOf)).toContainEqual({
          page: 1,
          size: 10,
          families: filter.families,
          statuses: filter.statuses,
        }),
      );
    },
  );

  it.each([
    ['bulkAbortAon', 'bulk'],
    ['bulkAbortMfyRrn', 'bulk'],
    ['bulkPriceEicSre', 'bulk'],
    ['collContractAon', 'coll'],
    ['rightShowProject', 'stock'],
    ['capOpenContractAon', 'capOpen'],
  ] as const)('%s without an id does the same, for its family', async (route, family) => {
    serveAs(IDENTITY.transferor, () => undefined);
    const { router } = renderPortal(`/index/${route}`);
    expect(await screen.findByText(MSG.enterFromProject)).toBeTruthy();
    expect(screen.queryByText(MSG.notOpenYet)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '我的项目' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/project'));
    expect(filterOf(router.state.location.search).families).toContain(family);
  });

  it('a rights screen with its project but without ?family= asks for the project too', async () => {
    serveAs(IDENTITY.transferor, () => undefined);
    renderPortal('/index/rightContractAon?id=41');
    expect(await screen.findByText(MSG.enterFromProject)).toBeTruthy();
  });
});

describe('compact actions (one screen for every step)', () => {
  it('the withdrawal letter: its one route opens the empty form from the project, creating nothing', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      if (pathOf(call) === '/api/project/show/7') return jsonResponse(envelope(makeProjectView()));
      return undefined;
    });
    const { router } = renderPortal('/index/bulkWithdrawalEicSre?projectId=7');
    expect(await screen.findByLabelText('披露天数（工作日）')).toBeTruthy();
    expect(screen.getByLabelText('申请原因')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index/bulkWithdrawalEicSre');
    expect(callsTo(calls, '/api/project/bulk/withdrawal/create')).toHaveLength(0);
  });

  it('the same route shows the letter once it is submitted', async () => {
    serveAs(IDENTITY.transferor, (call) => {
      if (pathOf(call) === '/api/attachment/download/l-3')
        return new Response(new Blob(['%PDF']), { status: 200 });
      if (pathOf(call) === '/api/project/bulk/withdrawal/show/43') {
        return jsonResponse(
          envelope(
            makeView({
              id: 43,
              action: 'withdrawal',
              actionTitle: '摘牌重新披露',
              status: 'letterGenerated',
              statusLabel: '待签章',
              letter: { uuid: 'l-3', name: '摘牌重新披露申请函.pdf' },
              openTask: { id: 12, type: 'EicSre', routeName: 'bulkWithdrawalEicSre' },
            }),
          ),
        );
      }
      return undefined;
    });
    renderPortal('/index/bulkWithdrawalEicSre?id=43&taskId=12');
    expect(await screen.findByText('摘牌重新披露电子签章')).toBeTruthy();
    expect(await screen.findByLabelText('摘牌重新披露申请函 第1页')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '电子签章并提交' })).toBeTruthy();
  });

  it('the handover without a letter: the exchange reviews it on its application screen, with no letter', async () => {
    serveAs(IDENTITY.admin, (call) => {
      if (pathOf(call) === '/api/project/bulk/transfer/show/44') {
        return jsonResponse(
          envelope(
            makeView({
              id: 44,
              action: 'transfer',
              actionTitle: '资产交割',
              status: 'underReview',
              statusLabel: '审核中',
              form: { reason: '资产已交割', handoverDate: '2026-12-05' },
              openTask: { id: 13, type: 'Review', routeName: 'bulkTransferAon' },
            }),
          ),
        );
      }
      return undefined;
    });
    renderPortal('/index/bulkTransferAon?id=44&taskId=13');
    expect(await screen.findByText('2026-12-05')).toBeTruthy();
    // headed with the title of its route's tab, as the application itself was
    expect(document.querySelector('.ant-card-head-title')?.textContent).toMatch(/^资产交割申请/);
    expect(within(screen.getByTestId('tab-strip')).getByRole('tab', { name: '资产交割申请' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '审核通过' })).toBeTruthy();
    expect(screen.queryByText('已签章申请书')).toBeNull();
  });
});

describe('EicSre screen', () => {
  const signing = makeView({
    status: 'letterGenerated',
    statusLabel: '待签章',
    form: { reason: '设备需重新评估' },
    letter: { uuid: 'l-1', name: '项目中止申请函.pdf' },
    openTask: { id: 9, type: 'EicSre', routeName: 'bulkAbortEicSre' },
  });

  it('BF-3.1 the applicant sees the letter and e-signs through {base}/signature', async () => {
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(signing));
      if (path === '/api/attachment/download/l-1') return new Response(new Blob(['%PDF']), { status: 200 });
      if (path === '/api/workflow/sign/otp/check') return jsonResponse(envelope(null));
      if (path === '/api/project/bulk/abort/signature') {
        return jsonResponse(envelope({ id: 41, version: 4 }, 0, MSG.workflowSigned));
      }
      return undefined;
    });
    const { router } = renderPortal('/index/bulkAbortEicSre?id=41&taskId=9');
    expect(await screen.findByText('项目中止申请函.pdf')).toBeTruthy();
    expect(await screen.findByLabelText('项目中止申请函 第1页')).toBeTruthy();
    const boxes = within(screen.getByRole('group', { name: '短信验证码' })).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
    // the result page: what happened, once, what comes next, and the ways back
    expect(await screen.findByText(MSG.workflowSigned)).toBeTruthy();
    expect(screen.getByText(MSG.workflowNextAfterSign)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.workflowBackToProject }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/index\/\w*[sS]howProject$/));
    expect(bodyOf(callsTo(calls, '/api/workflow/sign/otp/check')[0])).toEqual({
      mobile: '13800000001',
      otp: '123456',
      dataId: 41,
    });
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/signature')[0])).toMatchObject({
      dataId: 41,
      otp: '123456',
      category: 'bulk',
      task: { type: 'EicSre', id: 9, actionId: 41 },
      transferees: [{ taskId: 9 }],
      reason: '',
    });
    expect(notifier.success).not.toHaveBeenCalled();
  });

  const reviewing = makeView({
    status: 'underReview',
    statusLabel: '审核中',
    form: { reason: '设备需重新评估', expectedResumeDate: '2026-04-01' },
    attachments: { applicationFile: [FILE] },
    letter: { uuid: 'l-1', name: '项目中止申请函.pdf' },
    signedLetter: { uuid: 's-1', name: '项目中止申请函（已签章）.pdf' },
    openTask: { id: 12, type: 'Review', routeName: 'bulkAbortEicSre' },
  });

  // the project under review: its price and appraisal, changed since the first submission
  const reviewedProject = makeProjectView({
    details: {
      form: {
        name: PROJECT.name,
        assetCategory: 'machinery',
        listingPrice: 180_000_000,
        appraisalPrice: 192_000_000,
      },
    },
  });

  function serveReview(answer: () => Response, view: ActionView = reviewing) {
    return serveAs(IDENTITY.admin, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(view));
      if (path === '/api/project/show/7') return jsonResponse(envelope(reviewedProject));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/bulk/asset/list') {
        return jsonResponse(
          envelope({
            list: [
              {
                id: 1,
                category: 'machinery',
                values: { name: '数控机床', storage: '北京市大兴区仓库' },
                createdAt: '2026-02-01T02:00:00.000Z',
              },
            ],
            total: 1,
            counts: { machinery: 1 },
          }),
        );
      }
      if (path.startsWith('/api/attachment/download/'))
        return new Response(new Blob(['%PDF']), { status: 200 });
      if (path === '/api/task/signoff/bulk') return answer();
      return undefined;
    });
  }

  it('review mode: the exchange sees the application and the signed letter and passes it', async () => {
    const { calls } = serveReview(() =>
      jsonResponse(envelope({ id: 41, version: 5 }, 0, MSG.workflowPassed)),
    );
    const { router } = renderPortal('/index/bulkAbortEicSre?id=41&taskId=12');
    // The page is headed with its tab's title: one route, one name, in review mode too.
    await waitFor(() =>
      expect(document.querySelector('.ant-card-head-title')?.textContent).toMatch(/^项目中止电子签章/),
    );
    expect(
      within(screen.getByTestId('tab-strip')).getByRole('tab', { name: '项目中止电子签章' }),
    ).toBeTruthy();
    expect(screen.queryByText('项目中止审核')).toBeNull();
    expect(screen.getAllByText('设备需重新评估').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-04-01')).toBeTruthy();
    expect(screen.getAllByText('项目中止申请函（已签章）.pdf').length).toBeGreaterThan(0);
    expect(screen.queryByRole('group', { name: '短信验证码' })).toBeNull();
    // the project's facts the decision rests on: its price and appraisal, and the way to its page
    expect(await screen.findByText('1,800,000.00')).toBeTruthy();
    expect(screen.getByText('1,920,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看项目' })).toBeTruthy();
    expect(await screen.findByText('数控机床')).toBeTruthy();
    expect(screen.getByText('北京市大兴区仓库')).toBeTruthy();
    // approval is confirmed, with an optional opinion
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.change(within(confirm).getByRole('textbox'), { target: { value: '材料齐全，同意中止' } });
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(MSG.workflowPassed)).toBeTruthy();
    expect(screen.getByText(MSG.workflowNextAfterPass)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.workflowBackToTasks }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/todo'));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toMatchObject({
      dataId: 41,
      result: 'pass',
      reason: '材料齐全，同意中止',
      task: { type: 'Review', id: 12, actionId: 41 },
      transferees: [{ taskId: 12 }],
    });
  });

  it('review mode: 退回 asks the reason first and sends it with result back', async () => {
    const { calls } = serveReview(() =>
      jsonResponse(envelope({ id: 41, version: 5 }, 0, MSG.workflowReturned)),
    );
    const { router } = renderPortal('/index/bulkAbortEicSre?id=41&taskId=12');
    fireEvent.click(await screen.findByRole('button', { name: /^退\s*回$/ }));
    fireEvent.change(await screen.findByLabelText(MSG.reviewOpinionLabel), {
      target: { value: '请补充评估报告' },
    });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(MSG.workflowNextAfterBack)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.workflowBackToTasks }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/todo'));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toMatchObject({
      result: 'back',
      reason: '请补充评估报告',
    });
    expect(notifier.success).toHaveBeenCalledWith(MSG.workflowReturned);
  });

  it('BF-4.3 review mode: a task handled meanwhile (409) opens 温馨提示', async () => {
    serveReview(() => jsonResponse(envelope(null, 409, '该任务已处理，请刷新')));
    renderPortal('/index/bulkAbortEicSre?id=41&taskId=12');
    fireEvent.click(await screen.findByRole('button', { name: '审核通过' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定|OK/ }));
    const dialog = await screen.findByRole('dialog', { name: '温馨提示' });
    expect(within(dialog).getByText('该任务已处理，请刷新')).toBeTruthy();
  });
});

describe('the review of a resubmission', () => {
  it('marks what changed since the submission before: the project facts and the application', async () => {
    const resubmitted = makeView({
      status: 'underReview',
      statusLabel: '审核中',
      form: { reason: '设备需重新评估' },
      attachments: { applicationFile: [FILE] },
      signedLetter: { uuid: 's-1', name: '项目中止申请函（已签章）.pdf' },
      openTask: { id: 12, type: 'Review', routeName: 'bulkAbortEicSre' },
      revisions: [
        {
          no: 1,
          form: { reason: '设备需评估' },
          projectForm: { name: PROJECT.name, assetCategory: 'machinery', listingPrice: 150_000_000 },
          submittedAt: '2026-02-28T02:00:00.000Z',
        },
        {
          no: 2,
          form: { reason: '设备需重新评估' },
          projectForm: { name: PROJECT.name, assetCategory: 'machinery', listingPrice: 180_000_000 },
          submittedAt: '2026-03-01T06:00:00.000Z',
        },
      ],
    });
    serveAs(IDENTITY.admin, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(resubmitted));
      if (path === '/api/project/show/7') {
        return jsonResponse(
          envelope(
            makeProjectView({
              details: {
                form: {
                  name: PROJECT.name,
                  assetCategory: 'machinery',
                  listingPrice: 180_000_000,
                  appraisalPrice: 192_000_000,
                },
              },
            }),
          ),
        );
      }
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path.startsWith('/api/attachment/download/'))
        return new Response(new Blob(['%PDF']), { status: 200 });
      return undefined;
    });
    renderPortal('/index/bulkAbortEicSre?id=41&taskId=12');
    // the summary names each changed fact; the appraisal, added since, counts as changed too
    expect(await screen.findByText(/与上次提交相比，修改了2项：挂牌价（元）、评估值（元）/)).toBeTruthy();
    // the earlier values are shown struck through under the new ones
    expect(screen.getByText('1,500,000.00').closest('del')).not.toBeNull();
    expect(screen.getAllByText('修改').length).toBe(3); // two project facts and the application's reason
    expect(screen.getByText('设备需评估').closest('del')).not.toBeNull();
  });
});

describe('MfyRrn screen', () => {
  it('shows the return reason, the history of returns and what changed, then updates and submits', async () => {
    let view = makeView({
      status: 'returned',
      statusLabel: '已退回',
      version: 5,
      form: { reason: '设备需重新评估' },
      attachments: { applicationFile: [FILE] },
      returns: [
        { reason: '请说明中止期限', by: '李审核', at: '2026-03-01T02:00:00.000Z' },
        { reason: '请补充评估报告', by: '王审核', at: '2026-03-02T02:00:00.000Z' },
      ],
      revisions: [
        { no: 1, form: { reason: '设备需评估' }, projectForm: null, submittedAt: '2026-02-28T02:00:00.000Z' },
        {
          no: 2,
          form: { reason: '设备需重新评估' },
          projectForm: null,
          submittedAt: '2026-03-01T06:00:00.000Z',
        },
      ],
      openTask: { id: 15, type: 'MfyRrn', routeName: 'bulkAbortMfyRrn' },
    });
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/bulk/abort/show/41') return jsonResponse(envelope(view));
      if (path === '/api/project/bulk/abort/update/41') return jsonResponse(envelope({ id: 41, version: 6 }));
      if (path === '/api/project/bulk/abort/submit') {
        view = {
          ...view,
          status: 'letterGenerated',
          openTask: { id: 16, type: 'EicSre', routeName: 'bulkAbortEicSre' },
        };
        return jsonResponse(envelope({ id: 41, version: 7 }));
      }
      return undefined;
    });
    const { router } = renderPortal('/index/bulkAbortMfyRrn?id=41&taskId=15');
    expect(await screen.findByText('请补充评估报告')).toBeTruthy();
    expect(screen.getByText(/请说明中止期限/)).toBeTruthy();
    // revision 2 against revision 1
    expect(screen.getByText('设备需评估')).toBeTruthy();
    expect(screen.getByText(MSG.workflowNoChanges)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('申请原因'), { target: { value: '设备需重新评估，预计一个月' } });
    expect(await screen.findByRole('cell', { name: '设备需重新评估，预计一个月' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=41&taskId=16'));
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/update/41')[0])).toEqual({
      version: 5,
      form: { reason: '设备需重新评估，预计一个月' },
    });
    expect(bodyOf(callsTo(calls, '/api/project/bulk/abort/submit')[0])).toEqual({ id: 41, version: 6 });
  });
});
