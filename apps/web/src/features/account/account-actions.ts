// The confirmed actions on an account, shared by the list and the account's page: 停用, 启用 and 重置密码. Each asks
// first (naming the account), then calls the server, which says what it did; the lists and pages read again.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { OperatorListRow } from '@cqjy/domain/operators';
import { notify } from '../../lib/notify.ts';
import { changeOperatorState } from './api.ts';
import type { OperatorAction } from './api.ts';

type Target = Pick<OperatorListRow, 'id' | 'version' | 'username' | 'nickname'>;

const CONFIRMS: Record<OperatorAction, { title: string; content: string; okText: string }> = {
  disable: { title: '停用账号', content: MSG.operatorDisableConfirm, okText: '停用' },
  enable: { title: '启用账号', content: MSG.operatorEnableConfirm, okText: '启用' },
  reset: { title: '重置密码', content: MSG.operatorResetConfirm, okText: '重置' },
};

/** Who may be stopped, restarted or reset from this page: neither the main operator nor oneself. */
export function isTouchable(row: Pick<OperatorListRow, 'isMain' | 'isSelf'>): boolean {
  return !row.isMain && !row.isSelf;
}

export function useAccountActions() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<{ id: number; action: OperatorAction } | null>(null);

  const run = async (action: OperatorAction, row: Target): Promise<void> => {
    const confirm = CONFIRMS[action];
    const name = row.nickname === null ? row.username : `${row.nickname}（${row.username}）`;
    const isConfirmed = await notify.confirm({
      title: confirm.title,
      content: formatMessage(confirm.content, { name }),
      okText: confirm.okText,
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setBusy({ id: row.id, action });
    try {
      await changeOperatorState(action, row);
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
      // read again either way: a refusal (someone else changed the account) shows its current state
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
    }
  };

  const isBusy = (id: number, action: OperatorAction): boolean => busy?.id === id && busy.action === action;

  return { run, isBusy };
}
