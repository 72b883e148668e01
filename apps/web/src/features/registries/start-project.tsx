// What registry rows start (RegistryDef.start): 发起项目 asks which family when the rows may start several (a
// holding: 产权转让 or 非国有产权转让), says what will happen (the count, the status the rows take), starts the draft
// and opens its form to be completed; 转为计划 turns a lead into a plan and opens it. The land identity works
// outside the portal until it enters it: opening the project's form enters the portal, as 进入门户 does.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Modal, Radio, Space, Typography } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { identityName } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { canStartPlan, startFamilies } from '@cqjy/domain/registries/starts';
import { projectEditPath } from '@cqjy/domain/routes';
import { FAMILY_TITLES } from '@cqjy/domain/workflow/families';
import { setSession, useSession } from '../../lib/session-store.ts';
import { startRegistryPlan, startRegistryProject } from './api.ts';

/** The families every row may start, in the definition's order. */
export function commonFamilies(def: RegistryDef, rows: readonly RegistryRow[]): ProjectFamily[] {
  if (rows.length === 0) return [];
  return (def.start?.families ?? []).filter((family) =>
    rows.every((row) => startFamilies(def, row.values).includes(family)),
  );
}

export function StartProjectButton({
  def,
  rows,
  isPrimary = false,
  onStarted,
}: {
  def: RegistryDef;
  rows: readonly RegistryRow[];
  isPrimary?: boolean;
  onStarted?: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLand = useSession((session) => identityName(session.identityType) === 'land');
  const families = commonFamilies(def, rows);
  const [isOpen, setIsOpen] = useState(false);
  const [family, setFamily] = useState<ProjectFamily | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const chosen = family ?? families[0];
  const status = def.start?.status?.value ?? '';

  const onConfirm = async (): Promise<void> => {
    if (chosen === undefined) return;
    setIsBusy(true);
    try {
      const started = await startRegistryProject(def, chosen, rows);
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
      setIsOpen(false);
      onStarted?.();
      if (isLand) setSession({ isLandSession: true });
      void navigate(projectEditPath(started));
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsBusy(false);
    }
  };

  const label = rows.length > 1 ? `发起项目（已选${rows.length}项）` : '发起项目';
  return (
    <>
      <Button
        type={isPrimary ? 'primary' : 'default'}
        disabled={families.length === 0}
        onClick={() => setIsOpen(true)}
      >
        {label}
      </Button>
      <Modal
        title="发起项目"
        open={isOpen}
        width={500}
        okText="发起"
        cancelText="取消"
        confirmLoading={isBusy}
        onOk={() => void onConfirm()}
        onCancel={() => setIsOpen(false)}
        destroyOnHidden
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {families.length > 1 && (
            <Radio.Group
              value={chosen}
              onChange={(event) => setFamily(event.target.value as ProjectFamily)}
              options={families.map((value) => ({ value, label: FAMILY_TITLES[value] }))}
            />
          )}
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {formatMessage(MSG.registriesStartConfirm, {
              count: rows.length,
              item: def.itemName,
              family: chosen === undefined ? '' : FAMILY_TITLES[chosen],
              status: status === '' ? '不变' : status,
            })}
          </Typography.Paragraph>
        </Space>
      </Modal>
    </>
  );
}

export function StartPlanButton({ def, row }: { def: RegistryDef; row: RegistryRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  if (!canStartPlan(def, row.values)) return null;
  const onClick = async (): Promise<void> => {
    setIsBusy(true);
    try {
      const plan = await startRegistryPlan(def, row);
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
      void navigate(`/index/planShow?id=${plan.id}`);
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button loading={isBusy} onClick={() => void onClick()}>
      转为计划
    </Button>
  );
}

/** Where a row's start leads: the project (by its code) or the plan it became; nothing before it starts. */
export function StartedLink({ row }: { row: RegistryRow }) {
  const navigate = useNavigate();
  const { projectId, projectCode, planId, planCode } = row.values;
  if (projectId !== undefined) {
    return (
      <Typography.Link onClick={() => void navigate(`/index/showproject?id=${String(projectId)}`)}>
        {String(projectCode ?? projectId)}
      </Typography.Link>
    );
  }
  if (planId !== undefined) {
    return (
      <Typography.Link onClick={() => void navigate(`/index/planShow?id=${String(planId)}`)}>
        {`计划 ${String(planCode ?? planId)}`}
      </Typography.Link>
    );
  }
  return <Typography.Text type="secondary">—</Typography.Text>;
}
