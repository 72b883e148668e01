// Username, password and captcha. The captcha call hands out the anonymous session id the login call must carry,
// so the picture and the id are always refreshed together. The captcha's answer is checked as the field is left.
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { LoginBody } from '@cqjy/domain/contracts/auth';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { checkCaptcha, useCaptchaImage, useSignIn } from '../../api/auth.ts';
import { LoginField } from './login-field.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

type Errors = Partial<Record<keyof LoginBody, string>>;

export function validateLoginForm(form: LoginBody): Errors {
  const errors: Errors = {};
  if (form.username.trim() === '') errors.username = SHELL_MSG.usernameRequired;
  if (form.password === '') errors.password = SHELL_MSG.passwordRequired;
  if (form.captcha.trim() === '') errors.captcha = SHELL_MSG.captchaRequired;
  return errors;
}

export function PasswordLoginForm() {
  const [form, setForm] = useState<LoginBody>({ username: '', password: '', captcha: '' });
  // the captcha answer as typed now, for a check's verdict that arrives after more typing
  const typed = useRef('');
  typed.current = form.captcha;
  const [errors, setErrors] = useState<Errors>({});
  const [isAwaitingCaptcha, setIsAwaitingCaptcha] = useState(false);
  const captcha = useCaptchaImage();
  const signIn = useSignIn();
  const finishSignIn = useFinishSignIn();

  const update = (field: keyof LoginBody, value: string): void => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = validateLoginForm(form);
    setErrors(found);
    if (Object.values(found).some(Boolean) || signIn.isPending || isAwaitingCaptcha) return;
    // The login call must carry the session id the captcha call hands out: a form filled faster than the picture
    // arrived waits for it rather than failing.
    setIsAwaitingCaptcha(true);
    void captcha.whenSettled().then(() => {
      setIsAwaitingCaptcha(false);
      signIn.mutate(
        { username: form.username.trim(), password: form.password, captcha: form.captcha.trim() },
        {
          onSuccess: finishSignIn,
          onError: () => {
            // Whatever failed, the captcha was used up by this attempt: a wrong one (status 1) or wrong credentials
            // (HTTP 401, already reported by the client) both need a fresh picture.
            update('captcha', '');
            captcha.refresh();
          },
        },
      );
    });
  };

  // the answer checked as the person leaves the field (POST /api/captcha/{id}), so a typo is told before the form
  // is sent and spends the picture; the verdict belongs to the answer it was asked for
  const onCaptchaBlur = (): void => {
    const answer = form.captcha.trim();
    if (answer === '') return;
    void captcha.whenSettled().then(async () => {
      if ((await checkCaptcha(answer)) !== 'wrong' || typed.current.trim() !== answer) return;
      setErrors((shown) => ({ ...shown, captcha: SHELL_MSG.captchaWrong }));
    });
  };

  const fieldProps = (field: keyof LoginBody) => ({
    id: field,
    value: form[field],
    placeholder: { username: '用户名', password: '密码', captcha: '验证码' }[field],
    className: 'login-input',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `${field}-error`,
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
  });

  return (
    <form onSubmit={onSubmit} noValidate autoComplete="off">
      <LoginField id="username" label="用户名" error={errors.username ?? null}>
        <input {...fieldProps('username')} type="text" autoComplete="username" />
      </LoginField>
      <LoginField id="password" label="密码" error={errors.password ?? null}>
        <input {...fieldProps('password')} type="password" autoComplete="current-password" />
      </LoginField>
      <LoginField id="captcha" label="验证码" error={errors.captcha ?? null}>
        <div className="login-row">
          <input {...fieldProps('captcha')} type="text" maxLength={8} onBlur={onCaptchaBlur} />
          <button
            type="button"
            onClick={captcha.refresh}
            title="看不清？点击刷新"
            aria-label="刷新验证码"
            className="login-captcha"
          >
            {captcha.src ? (
              <img src={captcha.src} alt="验证码" data-testid="captcha-image" />
            ) : (
              <span className="login-captcha-hint">{captcha.isLoading ? '加载中…' : '点击获取'}</span>
            )}
          </button>
        </div>
      </LoginField>
      <button
        type="submit"
        className="login-submit"
        disabled={signIn.isPending || isAwaitingCaptcha}
        aria-busy={signIn.isPending || isAwaitingCaptcha}
      >
        登录
      </button>
    </form>
  );
}
