import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Envelope } from '@cqjy/domain/api';
import { MSG, fillIn, pleaseSelect } from '@cqjy/domain/messages';
import { Form, Input, Button } from 'antd';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, stubFetch, bodyOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { AttachmentTable } from './attachment-table.tsx';
import { EditableTable } from './editable-table.tsx';
import type { EditableRow } from './editable-table.tsx';
import { RequiredFormItem } from './required-form-item.tsx';
import { SignOffPanel } from './sign-off-panel.tsx';
import type { SignOffPanelProps } from './sign-off-panel.tsx';
import type { SignOffParameter, SignRequest } from '@cqjy/domain/workflow/sign-off';

const PARAM: SignOffParameter = {
  id: 41,
  projectId: 7,
  category: 'bulk',
  task: { id: 501, actionId: 41, type: 'Review' },
  mobile: '13800000001',
  contacts: '张三',
  idcard: '110105199001011234',
  duanxin: true,
  attachmentsIds: ['u-1', 'u-2'],
};

// 2026-03-02 10:20:30 in +08:00
const NOW = new Date('2026-03-02T02:20:30.000Z');

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNotifier(null);
});

type Answers = {
  check?: Envelope<unknown>;
  signOff?: Envelope<unknown> | 'fail';
};

function serve(answers: Answers = {}) {
  return stubFetch((call: FetchCall) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === '/api/workflow/sign/otp') return jsonResponse(envelope(null, 0, MSG.otpSent));
    if (path === '/api/workflow/sign/otp/check') return jsonResponse(answers.check ?? envelope(null));
    if (path.startsWith('/api/task/signoff/')) {
      if (answers.signOff === 'fail') return new Response('', { status: 500 });
      return jsonResponse(answers.signOff ?? envelope({ status: 'approved' }, 0, '审核通过'));
    }
    if (path === '/api/file/download') return new Response(new Blob(['zip']), { status: 200 });
    return jsonResponse(envelope(null));
  });
}

function renderPanel(props: Partial<SignOffPanelProps> = {}) {
  const handlers = {
    onSuccess: vi.fn(),
    onBack: vi.fn(),
    onCallback: vi.fn(),
    onSign: vi.fn(),
  };
  render(
    <MemoryRouter>
      <SignOffPanel param={PARAM} flow="bulk" mode="review" {...handlers} {...props} />
    </MemoryRouter>,
  );
  return handlers;
}

function typeCode(code: string): void {
  const boxes = within(screen.getByRole('group', { name: '短信验证码' })).getAllByRole('textbox');
  fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } });
}

/** 审核通过, confirmed in the 审核意见 dialog (with `opinion` typed, if given). */
async function pass(opinion?: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
  const dialog = await screen.findByRole('dialog');
  if (opinion !== undefined)
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: opinion } });
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
}

const callsTo = (calls: FetchCall[], prefix: string) => calls.filter((call) => call.url.startsWith(prefix));

describe('SignOffPanel header and signer (BF-2.5)', () => {
  it('BF-2.5 shows 基本信息 by default, the contact, the masked ID number and the masked mobile', () => {
    serve();
    renderPanel();
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('110105********1234')).toBeTruthy();
    expect(screen.getByText('138****0001')).toBeTruthy();
    expect(screen.queryByText('13800000001')).toBeNull();
    expect(screen.queryByRole('button', { name: /一键下载/ })).toBeNull();
  });

  it('shows no row with nothing in it: a signer without an ID number (the signed-in user) has no 身份证号', () => {
    serve();
    renderPanel({ param: { ...PARAM, idcard: '' } });
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('138****0001')).toBeTruthy();
    expect(screen.queryByText('身份证号')).toBeNull();
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map(
      (node) => node.textContent,
    );
    expect(labels).toEqual(['联系人', '手机号码', '短信验证码']);
  });

  it('BF-2.5 takes a header and content above and below', () => {
    serve();
    renderPanel({ title: '审核信息', top: <p>上方内容</p>, bottom: <p>下方内容</p> });
    expect(screen.getByRole('heading', { name: '审核信息' })).toBeTruthy();
    expect(screen.getByText('上方内容')).toBeTruthy();
    expect(screen.getByText('下方内容')).toBeTruthy();
  });

  it('BF-2.5 one-click download zips the attachments as 附件信息 + the name', async () => {
    const { calls } = serve();
    Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} });
    renderPanel({ downloadName: '项目中止' });
    fireEvent.click(screen.getByRole('button', { name: '一键下载附件' }));
    await waitFor(() => expect(callsTo(calls, '/api/file/download')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/file/download')[0])).toEqual({
      ids: ['u-1', 'u-2'],
      name: '附件信息项目中止',
    });
  });

  it('BF-2.5 sends the sign code for the instance and counts down before another send', async () => {
    const { calls } = serve();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(callsTo(calls, '/api/workflow/sign/otp')).toHaveLength(1));
    expect(bodyOf(calls[0])).toEqual({ dataId: 41 });
    expect(await screen.findByRole('button', { name: '120秒后重新获取' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(121_000);
    });
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
  });
});

describe('SignOffPanel e-sign and submit (BF-5.1, BF-3.1, BF-4.1)', () => {
  it('BF-5.1 refuses a code that is not 6 characters before any call', async () => {
    const { calls } = serve();
    renderPanel();
    typeCode('12345');
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(notifier.warning).toHaveBeenCalledWith(MSG.otpFormat));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(MSG.otpFormat).toBe('请填写正确的短信验证码！');
    expect(calls).toHaveLength(0);
  });

  it('BF-5.1 checks the code with mobile and otp first; a refusal shows the server message and stops', async () => {
    const { calls } = serve({ check: envelope(null, 1, MSG.otpWrong) });
    const { onSuccess } = renderPanel();
    typeCode('123456');
    await pass();
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.otpWrong));
    expect(bodyOf(callsTo(calls, '/api/workflow/sign/otp/check')[0])).toEqual({
      mobile: '13800000001',
      otp: '123456',
      dataId: 41,
    });
    expect(callsTo(calls, '/api/task/signoff/')).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('BF-5.1 the electronic-signature type skips the check', async () => {
    const { calls } = serve();
    renderPanel({ signType: 'electronicSignature' });
    typeCode('123456');
    await pass();
    await waitFor(() => expect(callsTo(calls, '/api/task/signoff/')).toHaveLength(1));
    expect(callsTo(calls, '/api/workflow/sign/otp/check')).toHaveLength(0);
  });

  it('BF-3.1 the sign request carries dataId, passDate (now, +08:00), otp, category, task, transferees, reason', async () => {
    const { calls } = serve();
    renderPanel();
    typeCode('123456');
    await pass();
    await waitFor(() => expect(callsTo(calls, '/api/task/signoff/bulk')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toEqual({
      dataId: 41,
      passDate: '2026-03-02 10:20:30',
      otp: '123456',
      category: 'bulk',
      task: { type: 'Review', id: 501, actionId: 41 },
      transferees: [{ taskId: 501 }],
      reason: '',
      result: 'pass',
    });
  });

  it('BF-4.1 the submit button is loading while the sign-off runs', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch((call) => {
      if (call.url.startsWith('/api/task/signoff/'))
        return new Promise<Response>((resolve) => (answer = resolve));
      return jsonResponse(envelope(null));
    });
    const { onSuccess } = renderPanel();
    typeCode('123456');
    const button = screen.getByRole('button', { name: '审核通过' });
    await pass();
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    answer(jsonResponse(envelope({ ok: true }, 0, '审核通过')));
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

describe('SignOffPanel answers (BF-4.2 to BF-4.4, BF-4.8)', () => {
  it('BF-4.2 status 0 of a pass tells the parent success with the result', async () => {
    serve({ signOff: envelope({ status: 'approved' }, 0, '审核通过') });
    const { onSuccess } = renderPanel();
    typeCode('123456');
    await pass();
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith('pass', {
        status: 0,
        msg: '审核通过',
        data: { status: 'approved' },
      }),
    );
  });

  it('BF-4.2 status 0 of an e-signature tells the parent success', async () => {
    const onApply = vi.fn(() => Promise.resolve(envelope({ id: 41 }, 0, '签章成功')));
    const { onSuccess } = renderPanel({ flow: 'application', mode: 'sign', onApply });
    typeCode('123456');
    serve();
    fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('sign', envelope({ id: 41 }, 0, '签章成功')));
  });

  it('BF-4.2 status 0 of a send-back shows the message and returns control', async () => {
    serve({ signOff: envelope(null, 0, '已退回') });
    const { onBack, onSuccess } = renderPanel({ hasSendBack: true });
    fireEvent.click(screen.getByRole('button', { name: /^退\s*回$/ }));
    fireEvent.change(await screen.findByLabelText(MSG.reviewOpinionLabel), { target: { value: '材料不全' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已退回'));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('BF-4.3 status -1 opens 温馨提示 with the server message, not closable; BF-4.8 确定 calls back', async () => {
    serve({ signOff: envelope(null, -1, '该项目存在未完成的中止申请') });
    const { onCallback, onSuccess } = renderPanel();
    typeCode('123456');
    await pass();
    const dialog = await screen.findByRole('dialog', { name: '温馨提示' });
    expect(within(dialog).getByText('该项目存在未完成的中止申请')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(dialog.querySelector('.ant-modal-close')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(onCallback).toHaveBeenCalledTimes(1);
  });

  it('BF-4.3 a 409 of the bulk flow opens 温馨提示 closable', async () => {
    serve({ signOff: envelope(null, 409, '该任务已处理，请刷新') });
    const { onCallback } = renderPanel();
    typeCode('123456');
    await pass();
    const dialog = await screen.findByRole('dialog', { name: '温馨提示' });
    expect(within(dialog).getByText('该任务已处理，请刷新')).toBeTruthy();
    expect(dialog.querySelector('.ant-modal-close')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消|Cancel/ }));
    expect(onCallback).not.toHaveBeenCalled();
  });

  it('BF-4.3 the coll flow signs off through the bulk path and treats 409 the same', async () => {
    const { calls } = serve({ signOff: envelope(null, 409, '该任务已处理，请刷新') });
    renderPanel({ flow: 'coll' });
    typeCode('123456');
    await pass();
    expect(await screen.findByRole('dialog', { name: '温馨提示' })).toBeTruthy();
    expect(callsTo(calls, '/api/task/signoff/bulk')).toHaveLength(1);
  });

  it('BF-4.4 a 409 of the cap flow is an error like any other status, and loading stops', async () => {
    serve({ signOff: envelope(null, 409, '该任务已处理，请刷新') });
    renderPanel({ flow: 'cap' });
    typeCode('123456');
    const button = screen.getByRole('button', { name: '审核通过' });
    await pass();
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('该任务已处理，请刷新'));
    expect(screen.queryByRole('dialog', { name: '温馨提示' })).toBeNull();
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
  });

  it('BF-4.4 status 1 shows the server message as an error and stops loading', async () => {
    serve({ signOff: envelope(null, 1, '申请材料不完整') });
    const { onSuccess } = renderPanel();
    typeCode('123456');
    const button = screen.getByRole('button', { name: '审核通过' });
    await pass();
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('申请材料不完整'));
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('BF-4.4 a failed request stops loading', async () => {
    serve({ signOff: 'fail' });
    const { onSuccess } = renderPanel();
    typeCode('123456');
    const button = screen.getByRole('button', { name: '审核通过' });
    await pass();
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.commError, 5));
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('SignOffPanel send-back, flows and company authentication (BF-4.5 to BF-4.7)', () => {
  it('BF-4.5 with send-back enabled the reason dialog opens first, then the send-back goes with the reason', async () => {
    const { calls } = serve({ signOff: envelope(null, 0, '已退回') });
    renderPanel({ hasSendBack: true });
    fireEvent.click(screen.getByRole('button', { name: /^退\s*回$/ }));
    expect(await screen.findByRole('dialog', { name: '退回' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(MSG.returnReasonRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(MSG.reviewOpinionLabel), { target: { value: '材料不全' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(callsTo(calls, '/api/task/signoff/bulk')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toMatchObject({
      reason: '材料不全',
      result: 'back',
      transferees: [{ taskId: 501 }],
    });
  });

  it('审核通过 is confirmed first: cancelling sends nothing, 确定 sends the optional opinion with result pass', async () => {
    const { calls } = serve();
    const { onSuccess } = renderPanel({ hasSendBack: true });
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.reviewPassPrompt)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/api/task/signoff/')).toHaveLength(0);

    await pass('材料齐全，同意披露');
    await waitFor(() => expect(callsTo(calls, '/api/task/signoff/bulk')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toMatchObject({
      reason: '材料齐全，同意披露',
      result: 'pass',
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  it('an approval without an opinion goes with an empty reason', async () => {
    const { calls } = serve();
    renderPanel();
    typeCode('123456');
    await pass();
    await waitFor(() => expect(callsTo(calls, '/api/task/signoff/bulk')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/task/signoff/bulk')[0])).toMatchObject({ reason: '', result: 'pass' });
  });

  it('BF-4.6 the vehicle flows only emit a sign event with the data', async () => {
    const { calls } = serve();
    const { onSign } = renderPanel({ flow: 'vehicle', signType: 'electronicSignature' });
    typeCode('654321');
    await pass();
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    const request = onSign.mock.calls[0]![0] as SignRequest;
    expect(request).toMatchObject({ dataId: 41, otp: '654321', task: { id: 501 } });
    expect(calls).toHaveLength(0);
  });

  it('BF-4.6 the disposal flow emits the sign event too', async () => {
    const { calls } = serve();
    const { onSign } = renderPanel({ flow: 'disposal', signType: 'electronicSignature' });
    typeCode('654321');
    await pass();
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(0);
  });

  it('BF-4.6 the application flow passes the request up to the parent', async () => {
    const { calls } = serve();
    const onApply = vi.fn(() => Promise.resolve(envelope(null, 0, '签章成功')));
    renderPanel({ flow: 'application', mode: 'sign', onApply });
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    // a signature, not a send-back
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ dataId: 41, otp: '123456', passDate: '2026-03-02 10:20:30' }),
      false,
    );
    expect(callsTo(calls, '/api/task/signoff/')).toHaveLength(0);
  });

  it.each([
    [2, MSG.companyAuthUnderReviewBlock],
    [3, MSG.companyAuthRefusedBlock],
  ])(
    'BF-4.7 company authentication status %i blocks 电子签章并提交 and opens the dialog',
    async (status, text) => {
      const { calls } = serve();
      const onApply = vi.fn();
      renderPanel({ flow: 'application', mode: 'sign', onApply, companyAuthStatus: status });
      typeCode('123456');
      fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
      const dialog = await screen.findByRole('dialog', { name: '企业认证' });
      expect(within(dialog).getByText(text)).toBeTruthy();
      expect(onApply).not.toHaveBeenCalled();
      expect(calls).toHaveLength(0);
    },
  );

  it('BF-4.7 an authenticated company signs', async () => {
    serve();
    const onApply = vi.fn(() => Promise.resolve(envelope(null)));
    renderPanel({ flow: 'application', mode: 'sign', onApply, companyAuthStatus: 1 });
    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: '电子签章并提交' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
  });
});

describe('Attachment table (BF-2.7)', () => {
  const ITEMS = [
    {
      uuid: 'a1',
      name: '中止申请书.pdf',
      fileName: '中止申请书.pdf',
      dateCreated: '2026-03-01T02:00:00.000Z',
      typeLabel: '申请书',
    },
    { uuid: 'a2', name: '说明.docx', fileName: '说明.docx', dateCreated: '2026-03-01T03:00:00.000Z' },
  ];

  it('BF-2.7 shows the file name, the upload time in +08:00, preview for pdf and download for all', () => {
    render(<AttachmentTable items={ITEMS} />);
    expect(screen.getByRole('columnheader', { name: '文件名称' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '上传时间' })).toBeTruthy();
    const pdfRow = screen.getByText('中止申请书.pdf').closest('tr')!;
    expect(within(pdfRow).getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(within(pdfRow).getByRole('button', { name: /预\s*览/ })).toBeTruthy();
    expect(within(pdfRow).getByRole('button', { name: /下\s*载/ })).toBeTruthy();
    const docRow = screen.getByText('说明.docx').closest('tr')!;
    expect(within(docRow).queryByRole('button', { name: /预\s*览/ })).toBeNull();
    expect(within(docRow).getByRole('button', { name: /下\s*载/ })).toBeTruthy();
  });

  it('BF-2.7 shows the file type column when asked', () => {
    render(<AttachmentTable items={ITEMS} firstColumn="type" />);
    expect(screen.getByRole('columnheader', { name: '文件类型' })).toBeTruthy();
    expect(screen.getByText('申请书')).toBeTruthy();
  });

  it('BF-2.7 empty, it says 暂无数据', () => {
    render(<AttachmentTable items={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('Editable table (BF-2.8)', () => {
  type Row = EditableRow & { name: string };

  function Harness({ initial }: { initial: Row[] }) {
    const [rows, setRows] = useRowsState(initial);
    let next = 100;
    return (
      <EditableTable<Row>
        rows={rows}
        columns={[{ title: '名称', dataIndex: 'name', isEditable: true }]}
        onChange={setRows}
        createRow={() => {
          next += 1;
          return { key: `new-${next}`, name: '' };
        }}
      />
    );
  }

  it('BF-2.8 adds rows, deletes chosen rows, and a submitted row cannot be chosen', async () => {
    render(
      <Harness
        initial={[
          { key: 'r1', name: '已提交行', submited: true },
          { key: 'r2', name: '草稿行' },
        ]}
      />,
    );
    const checkboxes = () => screen.getAllByRole('checkbox').slice(1);
    expect((checkboxes()[0] as HTMLInputElement).disabled).toBe(true);
    expect((checkboxes()[1] as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(screen.getAllByLabelText('名称')).toHaveLength(2);

    fireEvent.click(checkboxes()[1]!);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.queryByDisplayValue('草稿行')).toBeNull());
    expect(screen.getByText('已提交行')).toBeTruthy();
  });

  it('BF-2.8 selecting all leaves the submitted rows out', async () => {
    render(
      <Harness
        initial={[
          { key: 'r1', name: '已提交行', submited: true },
          { key: 'r2', name: '草稿行' },
        ]}
      />,
    );
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.queryByDisplayValue('草稿行')).toBeNull());
    expect(screen.getByText('已提交行')).toBeTruthy();
  });
});

describe('Required form item (BF-2.5, BF-5.5)', () => {
  it('BF-5.5 adds 请填写X to an input and 请选择X to a choice', async () => {
    render(
      <Form onFinish={() => {}}>
        <RequiredFormItem label="联系人" name="contact">
          <Input />
        </RequiredFormItem>
        <RequiredFormItem label="结果" name="result" kind="select">
          <Input />
        </RequiredFormItem>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText(fillIn('联系人'))).toBeTruthy();
    expect(await screen.findByText(pleaseSelect('结果'))).toBeTruthy();
  });
});

function useRowsState<T>(initial: T[]): [T[], (rows: T[]) => void] {
  const [rows, setRows] = useState(initial);
  return [rows, setRows];
}
