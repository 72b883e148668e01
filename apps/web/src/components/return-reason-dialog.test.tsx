import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../lib/http.ts';
import { ReturnReasonDialog } from './return-reason-dialog.tsx';

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const okButton = () => screen.getByRole('button', { name: /确\s*定|OK/ });
const reasonBox = () => screen.getByLabelText<HTMLTextAreaElement>('退回原因');

function renderDialog(props: Partial<Parameters<typeof ReturnReasonDialog>[0]> = {}) {
  const onOk = vi.fn<(reason: string) => unknown>(() =>
    Promise.resolve({ status: 0, msg: '退回成功', data: null }),
  );
  const onWarning = vi.fn();
  render(<ReturnReasonDialog open onOk={onOk} onCancel={() => {}} onWarning={onWarning} {...props} />);
  return { onOk: props.onOk ?? onOk, onWarning };
}

describe('ReturnReasonDialog (SH-5.6, SH-8.8)', () => {
  it('is 500 px wide', () => {
    render(<ReturnReasonDialog open onOk={() => {}} onCancel={() => {}} />);
    const dialog = document.querySelector<HTMLElement>('.ant-modal');
    expect(dialog?.style.width).toBe('500px');
  });

  it('requires a reason: 请填写退回原因', async () => {
    const { onOk } = renderDialog();
    fireEvent.click(okButton());
    expect(await screen.findByText('请填写退回原因')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('refuses more than 500 characters and accepts 500', async () => {
    const { onOk } = renderDialog();
    fireEvent.change(reasonBox(), { target: { value: '退'.repeat(501) } });
    fireEvent.click(okButton());
    expect(await screen.findByText('退回原因不能超过500个字符')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.change(reasonBox(), { target: { value: '退'.repeat(500) } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('退'.repeat(500)));
  });

  it('takes a larger limit from its caller', async () => {
    const { onOk } = renderDialog({ maxLength: 1000 });
    fireEvent.change(reasonBox(), { target: { value: 'a'.repeat(800) } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('hands status -1 back to the caller with the response', async () => {
    const warning = { status: -1, msg: '该任务已被退回', data: { taskId: 7 } };
    const { onWarning } = renderDialog({ onOk: () => Promise.resolve(warning) });
    fireEvent.change(reasonBox(), { target: { value: '材料不全' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onWarning).toHaveBeenCalledWith(warning));
  });

  it('hands a thrown status -1 back as well, and nothing for other failures', async () => {
    const onOk = vi
      .fn<(reason: string) => unknown>()
      .mockRejectedValueOnce(new ApiError({ status: 1, msg: '无权退回', data: null }))
      .mockRejectedValueOnce(new ApiError({ status: -1, msg: '请先处理', data: null }));
    const { onWarning } = renderDialog({ onOk });
    fireEvent.change(reasonBox(), { target: { value: '材料不全' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
    expect(onWarning).not.toHaveBeenCalled();
    fireEvent.click(okButton());
    await waitFor(() => expect(onWarning).toHaveBeenCalledWith({ status: -1, msg: '请先处理', data: null }));
  });
});
