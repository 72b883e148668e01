// The application screen (Aon, and Edit): opened from a project with ?projectId= it creates the draft once and
// moves to ?id= of it (a reload then shows the same draft instead of creating another); opened with ?id= it
// shows that instance. The form itself is the shared editor.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Result, Spin } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { ActionConfig } from '@cqjy/domain/workflow/actions';
import { CloseButton } from '../../components/index.ts';
import { ActionEditor } from './action-editor.tsx';
import { actionQuery, createAction } from './api.ts';
import { stepPath, useStepQuery } from './step-context.ts';

export function AonScreen({ config, routeName }: { config: ActionConfig; routeName: string }) {
  const { id, projectId } = useStepQuery();
  const navigate = useNavigate();
  const ref = { family: config.family, action: config.action };
  const creating = useRef<number | null>(null);
  const view = useQuery({ ...actionQuery(ref, id ?? 0), enabled: id !== null });

  useEffect(() => {
    if (id !== null || projectId === null || creating.current === projectId) return;
    // Once per project: a second effect run (StrictMode, a re-render) must not create a second draft.
    creating.current = projectId;
    createAction(ref, projectId)
      .then(
        (created) => void navigate(stepPath(routeName, { id: created.id }, config.family), { replace: true }),
      )
      .catch(() => {
        // the server's refusal (该项目已有进行中的申请, a status that does not allow it) was shown
      });
  }, [id, projectId]);

  if (id === null && projectId === null) {
    return <Result status="warning" title={MSG.workflowProjectMissing} extra={<CloseButton />} />;
  }
  // The editor starts from the server's current version, never from an earlier visit's cached copy: the
  // exchange may have returned the application since, and saving an old version would only meet a conflict.
  if (view.data === undefined || !view.isFetchedAfterMount) {
    return view.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  return <ActionEditor key={view.data.id} config={config} view={view.data} saveWith="save" />;
}
