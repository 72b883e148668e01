// SH-6.4, SH-8.11: inside the /index layout, a member, assessment or disassembly user whose company the exchange
// asks for advanced company authentication, not yet done, is told so once per browser session: a banner at the top
// of the content (您尚未完成企业高级认证) with both choices of spec 000 section 8, 去认证 (opens /auth) and a close (暂不认证).
// It never blocks the page under it: the work goes on while it shows. The flag lives in sessionStorage under the
// portal's prefix, so signing out (which clears the portal's keys) brings the banner back with the next sign-in.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from 'antd';
import { ADVANCED_AUTH_IDENTITIES, COMPANY_AUTH_STATUS } from '@cqjy/domain/accounts';
import { MSG } from '@cqjy/domain/messages';
// The prompt widget's own module, not the widget barrel: the layout shows the banner on every page, and the barrel
// would bring every widget (tables, uploads, the sign-off panel) into each page's first load.
import { AUTH_LATER, AUTH_NOW, AUTH_PATH } from '../../components/auth-prompt.tsx';
import type { UserInfo } from '../../lib/session-store.ts';
import { useSession } from '../../lib/session-store.ts';

export const ADVANCED_AUTH_PROMPTED_KEY = 'cqjy.advancedAuthPrompted';

export function needsAdvancedAuthPrompt(user: UserInfo | null): boolean {
  return (
    user !== null &&
    ADVANCED_AUTH_IDENTITIES.includes(user.identityType) &&
    user.advancedAuthFlag &&
    user.companyAuthStatus !== COMPANY_AUTH_STATUS.authenticated
  );
}

function wasPrompted(): boolean {
  try {
    return window.sessionStorage.getItem(ADVANCED_AUTH_PROMPTED_KEY) === '1';
  } catch {
    // Storage disabled: showing the banner on every layout mount is better than never.
    return false;
  }
}

function markPrompted(): void {
  try {
    window.sessionStorage.setItem(ADVANCED_AUTH_PROMPTED_KEY, '1');
  } catch {
    // see wasPrompted
  }
}

export function AdvancedAuthBanner() {
  const navigate = useNavigate();
  const user = useSession((session) => session.userInfo);
  const [isDismissed, setIsDismissed] = useState(wasPrompted);
  if (isDismissed || !needsAdvancedAuthPrompt(user)) return null;
  const dismiss = (): void => {
    markPrompted();
    setIsDismissed(true);
  };
  return (
    <Alert
      type="warning"
      showIcon
      title={MSG.advancedAuthMissing}
      data-testid="advanced-auth-banner"
      action={
        <Button
          size="small"
          type="primary"
          onClick={() => {
            dismiss();
            void navigate(AUTH_PATH);
          }}
        >
          {AUTH_NOW}
        </Button>
      }
      // the close is the spec's "not now", and is named so
      closable={{ 'aria-label': AUTH_LATER }}
      onClose={dismiss}
      style={{ marginBottom: 16 }}
    />
  );
}
