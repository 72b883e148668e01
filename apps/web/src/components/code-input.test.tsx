import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MSG } from '@cqjy/domain/messages';
import { RESEND_COUNTDOWN_S } from '@cqjy/domain/otp';
import { setNotifier } from '../lib/notify.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { CodeInput } from './code-input.tsx';

let notifier: FakeNotifier;

function Harness({ mobile, onSend }: { mobile: string; onSend: (mobile: string) => Promise<unknown> }) {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeInput value={code} onChange={setCode} mobile={mobile} onSend={onSend} />
      <output data-testid="code">{code}</output>
    </>
  );
}

function box(position: number): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>(`短信验证码第${position}位`);
}

function code(): string {
  return screen.getByTestId('code').textContent ?? '';
}

function sendButton(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: /获取|发送中/ });
}

/** Lets the send promise settle under fake timers. */
async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => {
  vi.useRealTimers();
  setNotifier(null);
});

describe('CodeInput: the six boxes', () => {
  it('renders six single-digit boxes and moves on as digits are typed', () => {
    render(<Harness mobile="" onSend={() => Promise.resolve()} />);
    expect(screen.getAllByLabelText(/短信验证码第\d位/)).toHaveLength(6);
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    fireEvent.change(box(3), { target: { value: 'a' } });
    expect(code()).toBe('12');
    expect(box(3).value).toBe('');
    expect(document.activeElement).toBe(box(3));
  });

  it('replaces a filled box with the digit typed into it', () => {
    render(<Harness mobile="" onSend={() => Promise.resolve()} />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(1), { target: { value: '17' } });
    expect(code()).toBe('7');
  });

  it('on Backspace clears the box, or the one before it when empty, and goes back', () => {
    render(<Harness mobile="" onSend={() => Promise.resolve()} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123' } });
    expect(code()).toBe('123');
    expect(document.activeElement).toBe(box(4));
    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(code()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(code()).toBe('1');
    expect(document.activeElement).toBe(box(2));
    // A filled box is cleared where it is; the ones after it keep their digits.
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123456' } });
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect([1, 2, 3, 4, 5, 6].map((position) => box(position).value)).toEqual(['1', '2', '', '4', '5', '6']);
    expect(code()).toBe('12 456');
    expect(document.activeElement).toBe(box(6));
  });

  it('takes a pasted code of six digits whole, from the first box, ignoring other characters', () => {
    render(<Harness mobile="" onSend={() => Promise.resolve()} />);
    fireEvent.paste(box(4), { clipboardData: { getData: () => ' 654-321 ' } });
    expect(code()).toBe('654321');
    expect([1, 2, 3, 4, 5, 6].map((position) => box(position).value).join('')).toBe('654321');
    expect(document.activeElement).toBe(box(6));
  });

  it('moves with the arrow keys', () => {
    render(<Harness mobile="" onSend={() => Promise.resolve()} />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
  });
});

describe('CodeInput: 获取验证码 (SH-5.3, SH-4.16)', () => {
  it('needs an 11-digit mobile: otherwise warns 手机号码不能为空 and sends nothing', () => {
    const onSend = vi.fn(() => Promise.resolve());
    const { rerender } = render(<Harness mobile="1380000" onSend={onSend} />);
    fireEvent.click(sendButton());
    expect(notifier.warning).toHaveBeenCalledWith(MSG.mobileEmptyForCode);
    expect(onSend).not.toHaveBeenCalled();

    rerender(<Harness mobile="" onSend={onSend} />);
    fireEvent.click(sendButton());
    expect(notifier.warning).toHaveBeenLastCalledWith(MSG.mobileEmptyForCode);

    // 11 characters that are no mobile number get the invalid-number message.
    rerender(<Harness mobile="23800000001" onSend={onSend} />);
    fireEvent.click(sendButton());
    expect(notifier.warning).toHaveBeenLastCalledWith(MSG.mobileInvalid);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('after a successful send counts down from 120 s, disabled, and is enabled again at 0', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn((_mobile: string) => Promise.resolve());
    render(<Harness mobile="13800000001" onSend={onSend} />);
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('13800000001');
    await flush();
    expect(sendButton().textContent).toBe(`${RESEND_COUNTDOWN_S}秒后重新获取`);
    expect(sendButton().disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('119秒后重新获取');
    act(() => {
      vi.advanceTimersByTime(118_000);
    });
    expect(sendButton().textContent).toBe('1秒后重新获取');
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('stays available when the send fails, with no countdown', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn(() => Promise.reject(new Error('refused')));
    render(<Harness mobile="13800000001" onSend={onSend} />);
    fireEvent.click(sendButton());
    expect(sendButton().textContent).toBe('发送中…');
    expect(sendButton().disabled).toBe(true);
    await flush();
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton().disabled).toBe(false);
  });
});
