// /login: sign in with username, password and captcha, or with a mobile and an SMS code (spec 000 section 7,
// Auth). Both end the same way: the token and the user are stored and the identity's first tab opens.
//
// This page and the root it needs carry no antd (plain elements and login-page.css): it is the first thing every
// user loads, and antd would more than double its JavaScript.
import { useState } from 'react';
import { Link } from 'react-router';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import './login-page.css';

type LoginMode = 'password' | 'sms';

const MODES: readonly { mode: LoginMode; label: string }[] = [
  { mode: 'password', label: '密码登录' },
  { mode: 'sms', label: '短信登录' },
];

export function LoginPage() {
  const [mode, setMode] = useState<LoginMode>('password');

  return (
    <main className="login-page">
      <section aria-labelledby="login-title" className="login-panel">
        <h1 id="login-title" className="login-title">
          {SHELL_MSG.portalName}
        </h1>
        <div role="tablist" aria-label="登录方式" className="login-modes">
          {MODES.map((entry) => (
            <button
              key={entry.mode}
              type="button"
              role="tab"
              id={`login-mode-${entry.mode}`}
              aria-selected={mode === entry.mode}
              aria-controls="login-mode-panel"
              tabIndex={mode === entry.mode ? 0 : -1}
              className="login-mode"
              onClick={() => setMode(entry.mode)}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div id="login-mode-panel" role="tabpanel" aria-labelledby={`login-mode-${mode}`}>
          {mode === 'password' ? <PasswordLoginForm /> : <SmsLoginForm />}
        </div>
        <nav aria-label="账号帮助" className="login-links">
          <Link to="/retrieve">忘记密码</Link>
          <span aria-hidden="true">·</span>
          <Link to="/retrieveUserName">找回用户名</Link>
          <span aria-hidden="true">·</span>
          <Link to="/transferorOpenTip">项目方开户</Link>
        </nav>
      </section>
    </main>
  );
}
