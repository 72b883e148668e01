// SH-6.4, SH-8.11: inside the /index layout, a member, assessment or disassembly user whose company the exchange
// asks for advanced company authentication, not yet done, is prompted once per browser session (去认证 opens /auth,
// 暂不认证 closes). The flag lives in sessionStorage under the portal's prefix, so signing out (which clears the
// portal's keys) brings the prompt back with the next sign-in.
import { useState } from 'react';
import { ADVANCED_AUTH_IDENTITIES, COMPANY_AUTH_STATUS } from '@cqjy/domain/accounts';
// The prompt's own module, not the widget barrel: the layout shows it on every page, and the barrel would
// bring every widget (tables, uploads, the sign-off panel) into each page's first load.
import { AuthPrompt } from '../../components/auth-prompt.tsx';
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
    // Storage disabled: prompting on every layout mount is better than never.
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

export function AdvancedAuthPrompt() {
  const user = useSession((session) => session.userInfo);
  const [isDismissed, setIsDismissed] = useState(wasPrompted);
  const isOpen = !isDismissed && needsAdvancedAuthPrompt(user);
  return (
    <AuthPrompt
      open={isOpen}
      onClose={() => {
        markPrompted();
        setIsDismissed(true);
      }}
    />
  );
}
