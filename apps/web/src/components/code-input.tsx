// The six-digit verification code input with resend (spec 000 sections 2 and 9): one box per digit that moves on
// as digits are typed, back on Backspace, and takes a pasted code whole; and the 获取验证码 button, which needs an
// 11-digit mobile first (SH-5.3) and, after a successful send, waits out the resend countdown (SH-4.16). Plain
// elements: the sign-in page uses it without antd.
import { useEffect, useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { OTP_LENGTH, RESEND_COUNTDOWN_S } from '@cqjy/domain/otp';
import { validateMobileForCode } from '@cqjy/domain/validation/mobile';
import { notify } from '../lib/notify.ts';
import './code-input.css';

export type CodeInputProps = {
  /** the digits typed so far; an empty box inside the code is a space */
  value: string;
  onChange: (code: string) => void;
  /** the mobile the code goes to; sending needs 11 digits */
  mobile: string;
  /** sends the code; resolves when the server accepted it, rejects (having said why) when not */
  onSend: (mobile: string) => Promise<unknown>;
  length?: number;
  countdownSeconds?: number;
  isDisabled?: boolean;
  /** the accessible name of the group of boxes */
  label?: string;
};

function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The countdown after a send: seconds left, and a start that restarts it. */
function useCountdown(seconds: number): { remaining: number; start: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    // Measured against the clock rather than counted ticks: a background tab's timers may run late.
    const tick = (): void => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return {
    remaining,
    start: () => {
      setRemaining(seconds);
      setDeadline(Date.now() + seconds * 1000);
    },
  };
}

export function CodeInput({
  value,
  onChange,
  mobile,
  onSend,
  length = OTP_LENGTH,
  countdownSeconds = RESEND_COUNTDOWN_S,
  isDisabled = false,
  label = '短信验证码',
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [isSending, setIsSending] = useState(false);
  const countdown = useCountdown(countdownSeconds);
  const chars = Array.from({ length }, (_, index) => {
    const char = value[index] ?? '';
    return /\d/.test(char) ? char : '';
  });

  const emit = (next: string[]): void => {
    onChange(
      next
        .map((char) => char || ' ')
        .join('')
        .trimEnd(),
    );
  };

  const focusBox = (index: number): void => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from box `from` on; returns the box after the last one written. */
  const fill = (from: number, digits: string): number => {
    const next = [...chars];
    let index = from;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    emit(next);
    return index;
  };

  const onBoxChange = (index: number, text: string): void => {
    const digits = onlyDigits(text);
    if (digits === '') {
      const next = [...chars];
      next[index] = '';
      emit(next);
      return;
    }
    // A digit typed next to the one already there replaces it; several new digits (autofill) flow into the boxes
    // after this one.
    const old = chars[index] ?? '';
    let incoming = digits;
    if (old !== '' && digits.length === 2)
      incoming = digits.startsWith(old) ? digits.slice(1) : digits.slice(0, 1);
    focusBox(fill(index, incoming));
  };

  const onBoxKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...chars];
      if (next[index] !== '') {
        next[index] = '';
        emit(next);
      } else if (index > 0) {
        next[index - 1] = '';
        emit(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onBoxPaste = (index: number, event: ClipboardEvent<HTMLInputElement>): void => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits === '') return;
    // A whole code goes in from the first box wherever it was pasted.
    const from = digits.length >= length ? 0 : index;
    focusBox(fill(from, digits.slice(0, length)));
  };

  const onSendClick = (): void => {
    const problem = validateMobileForCode(mobile);
    if (problem !== null) {
      notify.warning(problem);
      return;
    }
    setIsSending(true);
    onSend(mobile)
      .then(() => {
        countdown.start();
        focusBox(0);
      })
      .catch(() => {
        // The sender has told the user what failed; the button stays available for another try.
      })
      .finally(() => setIsSending(false));
  };

  const isCounting = countdown.remaining > 0;
  let sendLabel = '获取验证码';
  if (isSending) sendLabel = '发送中…';
  else if (isCounting) sendLabel = `${countdown.remaining}秒后重新获取`;

  return (
    <div className="code-input">
      <div role="group" aria-label={label} className="code-input-boxes">
        {chars.map((char, index) => (
          <input
            // The boxes never reorder: their position is their identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="code-input-box"
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`${label}第${index + 1}位`}
            value={char}
            disabled={isDisabled}
            onChange={(event) => onBoxChange(index, event.target.value)}
            onKeyDown={(event) => onBoxKeyDown(index, event)}
            onPaste={(event) => onBoxPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <button
        type="button"
        className="code-input-send"
        disabled={isDisabled || isSending || isCounting}
        onClick={onSendClick}
      >
        {sendLabel}
      </button>
    </div>
  );
}
