// The workflow screens: the generic Aon/Edit, MfyRrn and EicSre screen of every action of the registry,
// the project view of the bulk and coll families, and the process log that project pages embed.
export { WorkflowStepPage } from './workflow-step-page.tsx';
export { ProjectViewPage } from './project-view-page.tsx';
export { ProcessLog } from './process-log.tsx';
export type { ProcessLogProps } from './process-log.tsx';
