// The 温馨提示 warning dialog of the sign-off panel (BF-2.6, BF-4.3, BF-4.8): the server's message with 确定 and,
// when the caller allows it, 取消. Status -1 opens it fixed (only 确定 leaves it); a 409 of the right, bulk, coll
// and small flows opens it closable. 确定 is the parent's cue to call back (reload, close the screen).
import { Button } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog } from '../app-dialog.tsx';

export type WarmReminderDialogProps = {
  open: boolean;
  message: string;
  /** the corner ✕, Esc and the mask close it; 取消 is shown too */
  isClosable?: boolean;
  /** shows 取消 even when the dialog is not closable otherwise */
  hasCancel?: boolean;
  onOk: () => void;
  onCancel: () => void;
};

export function WarmReminderDialog({
  open,
  message,
  isClosable = false,
  hasCancel = isClosable,
  onOk,
  onCancel,
}: WarmReminderDialogProps) {
  return (
    <AppDialog
      size="sm"
      title={MSG.warmReminderTitle}
      open={open}
      closable={isClosable}
      maskClosable={isClosable}
      keyboard={isClosable}
      onCancel={onCancel}
      footer={[
        hasCancel ? (
          <Button key="cancel" onClick={onCancel}>
            {MSG.cancel}
          </Button>
        ) : null,
        <Button key="ok" type="primary" onClick={onOk}>
          {MSG.confirmOk}
        </Button>,
      ]}
    >
      <p>{message}</p>
    </AppDialog>
  );
}
