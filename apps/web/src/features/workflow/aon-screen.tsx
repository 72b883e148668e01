// The application screen (Aon, and Edit). Opened from a project with ?projectId= it shows an empty application
// and creates nothing: the instance is made at the first save or submit (files picked before are uploaded under a
// draft id it adopts), and the screen then moves to ?id= of it, so a reload shows the same draft. Leaving before
// that leaves nothing behind. Opened with ?id= it shows that instance. The form itself is the shared editor.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Result } from 'antd';
import { applicationDefaults } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import type { ActionConfig } from '@cqjy/domain/workflow/actions';
import { ACTION_STATUS_LABELS } from '@cqjy/domain/workflow/statuses';
import type { ActionView, ProjectView } from '@cqjy/domain/workflow/views';
import { projectQuery } from '../../api/projects.ts';
import { CloseButton, PageLoading } from '../../components/index.ts';
import { ActionEditor } from './action-editor.tsx';
import { actionQuery } from './api.ts';
import { ProjectNeeded } from './project-needed.tsx';
import { projectPathOf, stepPath, useStepQuery } from './step-context.ts';

/**
 * A new application of `config` on `project`, as the editor shows it until its first save (id 0): empty, but for
 * the buyer and the price of the project's deal where the action asks them (the contract after the bidding).
 */
export function newApplication(config: ActionConfig, project: ProjectView): ActionView {
  return {
    id: 0,
    projectId: project.id,
    family: config.family,
    action: config.action,
    actionTitle: config.title,
    status: 'draft',
    statusLabel: ACTION_STATUS_LABELS.draft,
    form: applicationDefaults(config.action, project.details),
    version: 0,
    attachments: {},
    letter: null,
    signedLetter: null,
    returns: [],
    revisions: [],
    project: {
      id: project.id,
      name: project.name,
      code: project.code,
      status: project.status,
      statusLabel: project.statusLabel,
    },
    openTask: null,
  };
}

function Loading() {
  return <PageLoading />;
}

function NewApplication({
  config,
  routeName,
  projectId,
}: {
  config: ActionConfig;
  routeName: string;
  projectId: number;
}) {
  const navigate = useNavigate();
  const project = useQuery(projectQuery(projectId));
  // the draft id the files of this application are uploaded under until it is saved
  const [createId] = useState(() => crypto.randomUUID());
  // The form starts from the project as the server has it now (the deal a contract starts from may have been
  // decided since the project was last read), never from an earlier visit's cached copy.
  if (project.data === undefined || !project.isFetchedAfterMount) {
    return project.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <Loading />
    );
  }
  const projectPath = stepPath(routeName, { projectId }, config.family);
  return (
    <ActionEditor
      key={projectPath}
      config={config}
      view={newApplication(config, project.data)}
      createId={createId}
      saveWith="save"
      onCreated={(id) => void navigate(stepPath(routeName, { id }, config.family), { replace: true })}
    />
  );
}

export function AonScreen({ config, routeName }: { config: ActionConfig; routeName: string }) {
  const { id, projectId } = useStepQuery();
  const navigate = useNavigate();
  const view = useQuery({
    ...actionQuery(config, id ?? 0),
    enabled: id !== null,
  });

  if (id === null && projectId !== null) {
    return <NewApplication config={config} routeName={routeName} projectId={projectId} />;
  }
  if (id === null) return <ProjectNeeded />;
  // The editor starts from the server's current version, never from an earlier visit's cached copy: the
  // exchange may have returned the application since, and saving an old version would only meet a conflict.
  if (view.data === undefined || !view.isFetchedAfterMount) {
    return view.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <Loading />
    );
  }
  const data = view.data;
  return (
    <ActionEditor
      key={data.id}
      config={config}
      view={data}
      saveWith="save"
      onDiscarded={() => void navigate(projectPathOf(config, data.projectId), { replace: true })}
    />
  );
}
