// Where a step screen shows the project an application is about. The project's full facts (its form as its kind
// draws it, its sheets) belong to the projects feature, which builds on this one; so the step screens draw
// whatever panel the page that mounts them provides (the projects feature's step page provides the full one), and
// the project's summary where none is.
import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { ProjectSummary } from '@cqjy/domain/workflow/views';
import { ProjectFacts } from './project-facts.tsx';

export type ProjectPanelProps = {
  project: ProjectSummary;
  /** the project's form as submitted the time before: what this submission changed is marked */
  previousForm: Readonly<Record<string, unknown>> | null;
};

export const ProjectPanelContext = createContext<ComponentType<ProjectPanelProps> | null>(null);

export function ProjectPanel(props: ProjectPanelProps) {
  const Panel = useContext(ProjectPanelContext);
  return Panel === null ? <ProjectFacts project={props.project} /> : <Panel {...props} />;
}
