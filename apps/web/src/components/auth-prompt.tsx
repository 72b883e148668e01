// SH-8.11: the prompt shown when an action needs the enterprise advanced authentication the company lacks.
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog } from './app-dialog.tsx';

export const AUTH_PATH = '/auth';
/** The two choices of spec 000 section 8, which the layout's banner offers too. */
export const AUTH_NOW = '去认证';
export const AUTH_LATER = '暂不认证';

export type AuthPromptProps = {
  open: boolean;
  /** the prompt is done, whichever choice was made */
  onClose: () => void;
};

export function AuthPrompt({ open, onClose }: AuthPromptProps) {
  const navigate = useNavigate();
  return (
    <AppDialog
      size="sm"
      title={MSG.promptTitle}
      open={open}
      onCancel={onClose}
      footer={[
        <Button key="later" onClick={onClose}>
          {AUTH_LATER}
        </Button>,
        <Button
          key="auth"
          type="primary"
          onClick={() => {
            onClose();
            void navigate(AUTH_PATH);
          }}
        >
          {AUTH_NOW}
        </Button>,
      ]}
    >
      <p>{MSG.advancedAuthMissing}</p>
    </AppDialog>
  );
}
