// The workflow screens: the generic Aon/Edit, MfyRrn and EicSre screen of every action of the registry, the
// address of a screen (stepPath), and what project pages embed: the process log, the records of approved actions
// and a project's applications.
export { WorkflowStepPage } from './workflow-step-page.tsx';
export { ProjectNeeded } from './project-needed.tsx';
export { projectPathOf, stepPath, useStepContext } from './step-context.ts';
export { ProcessLog } from './process-log.tsx';
export type { ProcessLogProps } from './process-log.tsx';
export {
  ActionButtons,
  ActionRecords,
  listRecords,
  ProjectApplications,
  startableActions,
} from './project-actions.tsx';
export { projectActionsQuery } from './api.ts';
export { ProjectPanelContext } from './project-panel.tsx';
export { ProjectFacts } from './project-facts.tsx';
export type { ProjectPanelProps } from './project-panel.tsx';
