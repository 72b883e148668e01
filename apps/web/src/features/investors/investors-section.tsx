// 投资方 of a capital increase (the cap and capOpen kinds' `custom` section of the project page): the investors
// table with the owner's registration and selection, the registrant's drafts and the exchange's audit. The plan's
// limits (how many investors, what share) come from the project as the page already read it.
import { useQuery } from '@tanstack/react-query';
import { readProjectForm } from '@cqjy/domain/projects/kinds/index';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { ProjectStatus } from '@cqjy/domain/workflow/statuses';
import { projectQuery } from '../../api/projects.ts';
import { InvestorsTable } from './investors-table.tsx';
import type { SelectionPlan } from './selection-dialog.tsx';

/** The section's props: the project page's ProjectSectionProps (the projects feature names the type). */
export type InvestorsSectionProps = {
  family: ProjectFamily;
  projectId: number;
  isOwner: boolean;
  status: ProjectStatus;
};

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export function InvestorsSection({ family, projectId, isOwner, status }: InvestorsSectionProps) {
  // The page has just read the project: a minute's freshness takes it from the cache instead of asking again.
  const project = useQuery({ ...projectQuery(projectId), staleTime: 60_000 });
  const form =
    project.data === undefined ? undefined : (readProjectForm(project.data) as Record<string, unknown>);
  const plan: SelectionPlan = {
    investorCount: numberOr(form?.investorCount),
    offeredShare: numberOr(form?.offeredShare),
  };
  return (
    <InvestorsTable
      family={family}
      projectId={projectId}
      status={status}
      isOwner={isOwner}
      project={project.data}
      plan={plan}
    />
  );
}
