// The periodic password change (PASSWORD_MAX_AGE_DAYS): while the session user's password is older than the rule
// allows, the signed-in layout asks to change it. 去修改 opens the personal centre's password tab; 稍后 keeps the
// dialog away for the rest of this browser session (sessionStorage, cleared with the portal's keys at logout).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { useSession } from '../../lib/session-store.ts';
// The dialog's own module: the layout shows this prompt on every page, and the widget barrel would bring every
// widget into each page's first load.
import { AppDialog } from '../../components/app-dialog.tsx';

export const PASSWORD_PROMPT_KEY = 'cqjy.passwordPromptDismissed';

function isDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(PASSWORD_PROMPT_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.sessionStorage.setItem(PASSWORD_PROMPT_KEY, '1');
  } catch {
    // Storage disabled: the dialog comes back on the next page load, which is the safe side.
  }
}

export function PasswordExpiredPrompt() {
  const navigate = useNavigate();
  const isExpired = useSession((session) => session.userInfo?.passwordExpired === true);
  const [isClosed, setIsClosed] = useState(isDismissed);

  const close = (): void => {
    rememberDismissed();
    setIsClosed(true);
  };

  return (
    <AppDialog
      size="sm"
      title={MSG.promptTitle}
      open={isExpired && !isClosed}
      closable={false}
      maskClosable={false}
      onCancel={close}
      footer={[
        <Button key="later" onClick={close}>
          {MSG.passwordExpiredLater}
        </Button>,
        <Button
          key="go"
          type="primary"
          onClick={() => {
            close();
            void navigate('/index/userCenter?tab=password');
          }}
        >
          {MSG.passwordExpiredGo}
        </Button>,
      ]}
    >
      {MSG.passwordExpired}
    </AppDialog>
  );
}
