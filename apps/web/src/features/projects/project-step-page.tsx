// The workflow step page as the portal mounts it: the generic screen of every action, with the project's full
// facts in the place its screens keep for the project (the review decides on them).
import { ProjectPanelContext, WorkflowStepPage } from '../workflow/index.ts';
import { ProjectReviewPanel } from './project-review-panel.tsx';

export function ProjectStepPage() {
  return (
    <ProjectPanelContext.Provider value={ProjectReviewPanel}>
      <WorkflowStepPage />
    </ProjectPanelContext.Provider>
  );
}
