// A mobile and the six-digit code sent to it. Sending stores the call's session-id as the token (SH-7.3), which
// the mobile login must carry; a wrong code answers HTTP 401 and the client says 手机验证码错误！ (SH-8.5).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { isOtpFormat } from '@cqjy/domain/otp';
import { validateMobile } from '@cqjy/domain/validation/mobile';
import { sendLoginOtp, useSignInWithOtp } from '../../api/auth.ts';
import { CodeInput } from '../../components/code-input.tsx';
import { LoginField } from './login-field.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

type Errors = { mobile?: string; otp?: string };

export function validateSmsLogin(mobile: string, otp: string): Errors {
  const errors: Errors = {};
  const mobileProblem = validateMobile(mobile);
  if (mobileProblem !== null) errors.mobile = mobileProblem;
  if (otp.trim() === '') errors.otp = SHELL_MSG.otpRequired;
  else if (!isOtpFormat(otp)) errors.otp = SHELL_MSG.otpFormat;
  return errors;
}

export function SmsLoginForm() {
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useSignInWithOtp();
  const finishSignIn = useFinishSignIn();

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = validateSmsLogin(mobile, otp);
    setErrors(found);
    if (found.mobile || found.otp || signIn.isPending) return;
    signIn.mutate(
      { mobile, otp },
      {
        onSuccess: finishSignIn,
        // A wrong code is spent: the boxes empty for the next try.
        onError: () => setOtp(''),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate autoComplete="off">
      <LoginField id="mobile" label="手机号" error={errors.mobile ?? null}>
        <input
          id="mobile"
          className="login-input"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="手机号"
          autoComplete="tel"
          value={mobile}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby="mobile-error"
          onChange={(event) => {
            setMobile(event.target.value.replace(/\D/g, ''));
            if (errors.mobile) setErrors((current) => ({ ...current, mobile: undefined }));
          }}
        />
      </LoginField>
      <LoginField id="otp" label="短信验证码" error={errors.otp ?? null}>
        <CodeInput
          value={otp}
          onChange={(code) => {
            setOtp(code);
            if (errors.otp) setErrors((current) => ({ ...current, otp: undefined }));
          }}
          mobile={mobile}
          onSend={sendLoginOtp}
        />
      </LoginField>
      <button type="submit" className="login-submit" disabled={signIn.isPending} aria-busy={signIn.isPending}>
        登录
      </button>
    </form>
  );
}
