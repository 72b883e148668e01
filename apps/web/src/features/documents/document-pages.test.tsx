// 收文管理 and 发文管理 against a fake server: the company's received list shows what was sent to it with its state
// and no 新增; the exchange's shows 收文单位, 新增收文 and 编辑/删除 on its drafts. Opening a received document marks
// it read, and 确认收文 confirms it. The exchange's form picks the company from the server's matches and sends the
// fields with the draft id of its files; an edit sends its version. A company's draft is drawn as a PDF (生成签章件),
// then signed with the SMS code and the version; the exchange confirms a sent document 已收.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentDetail } from '@cqjy/domain/documents';
import { IDENTITY } from '@cqjy/domain/identity';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

function doc(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    id: 7,
    direction: 'received',
    companyId: 10,
    companyName: '示例国有资产经营有限公司',
    title: '关于开展交易资料归档检查的通知',
    docNumber: '示范交〔2026〕21号',
    sender: '示范产权交易所',
    sentOn: '2026-03-02',
    body: '请贵单位于3月底前完成归档。',
    status: 'sent',
    stateLabel: '未读',
    sentAt: '2026-03-02T02:00:00.000Z',
    readAt: null,
    acknowledgedAt: null,
    acknowledgedByName: null,
    exchangeReceivedAt: null,
    exchangeReceivedByName: null,
    letterId: null,
    signedFileId: null,
    signedAt: null,
    version: 3,
    createdAt: '2026-03-01T02:00:00.000Z',
    updatedAt: '2026-03-02T02:00:00.000Z',
    files: [],
    ...overrides,
  };
}

const notifier = setUpPageTests();

function serve(identityType: number, docs: DocumentDetail[]): { calls: FetchCall[] } {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    const list = /^\/api\/file\/(received|sending)\/list$/.exec(path);
    if (list !== null) {
      const rows = docs.filter((row) => row.direction === list[1]);
      return jsonResponse(envelope({ list: rows, total: rows.length }));
    }
    const shown = /^\/api\/file\/(received|sending)\/(\d+)$/.exec(path);
    if (shown !== null && call.method === 'GET') {
      return jsonResponse(envelope(docs.find((row) => row.id === Number(shown[2]))));
    }
    if (path === '/api/file/received/companies') {
      return jsonResponse(
        envelope([
          { id: 10, name: '示例国有资产经营有限公司' },
          { id: 11, name: '示例会员有限公司' },
        ]),
      );
    }
    if (/^\/api\/file\/(received|sending)\/\w+(\/\d+)?$/.test(path)) {
      return jsonResponse(envelope({ id: 7, version: 4 }, 0, '操作成功'));
    }
    return undefined;
  });
}

const callsTo = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map(bodyOf);
/** Calls without a body (read, acknowledge, receive). */
const countCalls = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path).length;

describe('收文管理', () => {
  it('lists a company’s received documents with their state; the exchange gets 新增收文 and its drafts’ actions', async () => {
    const docs = [
      doc(),
      doc({
        id: 8,
        title: '关于报送季度成交情况的通知',
        readAt: '2026-03-03T02:00:00.000Z',
        stateLabel: '已读',
      }),
    ];
    serve(IDENTITY.transferor, docs);
    const view = renderPortal('/index/received');
    const row = (await screen.findByText('关于开展交易资料归档检查的通知')).closest('tr')!;
    expect(within(row).getByText('未读')).toBeTruthy();
    expect(within(row).getByText('示范产权交易所')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增收文' })).toBeNull();
    view.unmount();

    clearSession();
    serve(IDENTITY.admin, [doc({ status: 'draft', stateLabel: '草稿' }), docs[1]!]);
    renderPortal('/index/received');
    const draft = (await screen.findByText('关于开展交易资料归档检查的通知')).closest('tr')!;
    expect(within(draft).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(draft).getByRole('button', { name: '删除' })).toBeTruthy();
    const sent = screen.getByText('关于报送季度成交情况的通知').closest('tr')!;
    expect(within(sent).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '收文单位' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增收文' })).toBeTruthy();
  });

  it('opening a received document marks it read, and 确认收文 confirms it', async () => {
    const { calls } = serve(IDENTITY.transferor, [doc()]);
    renderPortal('/index/receivedShow?id=7');
    expect(await screen.findByText('请贵单位于3月底前完成归档。')).toBeTruthy();
    await waitFor(() => expect(countCalls(calls, '/api/file/received/read/7')).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '确认收文' }));
    await waitFor(() => expect(countCalls(calls, '/api/file/received/acknowledge/7')).toBe(1));
    expect(notifier.confirm).toHaveBeenCalled();
  });

  it('the exchange writes a draft to the company it picks, with the draft id of its files', async () => {
    const { calls } = serve(IDENTITY.admin, []);
    renderPortal('/index/receivedAdd');
    const picker = await screen.findByLabelText('收文单位');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '示例' } });
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="示例国有资产经营有限公司"]');
      if (found === null) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '关于开展交易资料归档检查的通知' } });
    fireEvent.change(screen.getByLabelText('文号'), { target: { value: '示范交〔2026〕21号' } });
    fireEvent.change(screen.getByLabelText('正文'), { target: { value: '请贵单位于3月底前完成归档。' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(callsTo(calls, '/api/file/received/save')).toHaveLength(1));
    const [body] = callsTo(calls, '/api/file/received/save');
    expect(body).toMatchObject({
      companyId: 10,
      title: '关于开展交易资料归档检查的通知',
      docNumber: '示范交〔2026〕21号',
      sender: '',
      body: '请贵单位于3月底前完成归档。',
    });
    expect(body?.sentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body?.createId).toEqual(expect.any(String));
  });

  it('refuses an empty form with the domain’s messages, sending nothing', async () => {
    const { calls } = serve(IDENTITY.admin, []);
    renderPortal('/index/receivedAdd');
    fireEvent.click(await screen.findByRole('button', { name: '保 存' }));
    expect(await screen.findByText('请选择收文单位')).toBeTruthy();
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    expect(await screen.findByText('请填写正文')).toBeTruthy();
    expect(callsTo(calls, '/api/file/received/save')).toHaveLength(0);
  });
});

describe('发文管理', () => {
  const draft = doc({
    id: 9,
    direction: 'sending',
    title: '关于申请延长挂牌期的函',
    sender: '示例国有资产经营有限公司',
    status: 'draft',
    stateLabel: '草稿',
    sentAt: null,
    version: 5,
  });

  it('an edit sends the draft’s version', async () => {
    const { calls } = serve(IDENTITY.transferor, [draft]);
    renderPortal('/index/sendingEdit?id=9');
    const title = await screen.findByLabelText('标题');
    expect((title as HTMLInputElement).value).toBe('关于申请延长挂牌期的函');
    expect(screen.queryByLabelText('收文单位')).toBeNull();
    fireEvent.change(title, { target: { value: '关于申请延长挂牌期的函（修订）' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/file/sending/update/9')).toEqual([
        {
          title: '关于申请延长挂牌期的函（修订）',
          docNumber: '示范交〔2026〕21号',
          sentOn: '2026-03-02',
          body: '请贵单位于3月底前完成归档。',
          version: 5,
        },
      ]),
    );
  });

  it('draws the draft as a PDF, then signs it with the SMS code and the version', async () => {
    const first = serve(IDENTITY.transferor, [draft]);
    const view = renderPortal('/index/sendingShow?id=9');
    fireEvent.click(await screen.findByRole('button', { name: '生成签章件' }));
    await waitFor(() => expect(callsTo(first.calls, '/api/file/sending/letter/9')).toEqual([{ version: 5 }]));
    view.unmount();

    vi.unstubAllGlobals();
    const { calls } = serve(IDENTITY.transferor, [{ ...draft, letterId: 'letter-9', version: 6 }]);
    renderPortal('/index/sendingShow?id=9');
    const boxes = within(await screen.findByRole('group', { name: '短信验证码' })).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '电子签章' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/file/sending/signature/9')).toEqual([{ version: 6, otp: '123456' }]),
    );
    expect(callsTo(calls, '/api/file/sending/sign/otp/check/9')).toEqual([{ otp: '123456' }]);
  });

  it('the exchange lists the sent documents with 所属单位 and confirms one 已收', async () => {
    const sent = { ...draft, status: 'sent' as const, stateLabel: '已发送', signedFileId: 'signed-9' };
    const { calls } = serve(IDENTITY.admin, [sent]);
    const view = renderPortal('/index/sending');
    const row = (await screen.findByText('关于申请延长挂牌期的函')).closest('tr')!;
    expect(within(row).getByText('已签章')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '所属单位' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增发文' })).toBeNull();
    view.unmount();

    renderPortal('/index/sendingShow?id=9');
    fireEvent.click(await screen.findByRole('button', { name: '确认已收' }));
    await waitFor(() => expect(countCalls(calls, '/api/file/sending/receive/9')).toBe(1));
    expect(screen.getByText('电子签章件')).toBeTruthy();
  });
});
