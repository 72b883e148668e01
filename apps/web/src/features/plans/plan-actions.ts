// The two confirmed actions on a plan, shared by the list and the plan's page: 删除 and 转为项目. Each asks first,
// then calls the server (which shows its own message); 转为项目 opens the new draft project's form.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { projectEditPath } from '../projects/index.ts';
import { deletePlan, planToProject } from './api.ts';
import type { Versioned } from './api.ts';

export function usePlanActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<{ id: number; action: 'delete' | 'toProject' } | null>(null);

  const run = async (
    plan: Versioned,
    action: 'delete' | 'toProject',
    confirm: { title: string; content: string; okText: string },
    work: () => Promise<void>,
  ): Promise<void> => {
    if (!(await notify.confirm({ ...confirm, cancelText: '取消' }))) return;
    setBusy({ id: plan.id, action });
    try {
      await work();
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const remove = (plan: Versioned): Promise<void> =>
    run(
      plan,
      'delete',
      { title: MSG.planDeleteTitle, content: MSG.planDeleteConfirm, okText: '删除' },
      async () => {
        await deletePlan(plan);
        onDeleted?.();
      },
    );

  const toProject = (plan: Versioned): Promise<void> =>
    run(
      plan,
      'toProject',
      { title: MSG.planToProjectTitle, content: MSG.planToProjectConfirm, okText: '转为项目' },
      async () => {
        const project = await planToProject(plan);
        void queryClient.invalidateQueries({ queryKey: ['projects'] });
        void navigate(projectEditPath(project));
      },
    );

  const isBusy = (id: number, action: 'delete' | 'toProject'): boolean =>
    busy?.id === id && busy.action === action;

  return { remove, toProject, isBusy };
}
