// SH-8.11: the prompt shown when an action needs the enterprise advanced authentication the company lacks.
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog } from './app-dialog.tsx';

export const AUTH_PATH = '/auth';

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
          暂不认证
        </Button>,
        <Button
          key="auth"
          type="primary"
          onClick={() => {
            onClose();
            void navigate(AUTH_PATH);
          }}
        >
          去认证
        </Button>,
      ]}
    >
      <p>{MSG.advancedAuthMissing}</p>
    </AppDialog>
  );
}
