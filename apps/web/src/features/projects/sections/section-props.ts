import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { ProjectStatus } from '@cqjy/domain/workflow/statuses';

/** What a family's own section of the project page is given. */
export type ProjectSectionProps = {
  family: ProjectFamily;
  projectId: number;
  isOwner: boolean;
  /** the project's company or the member acting for it: the seller's side of a deal */
  isSeller: boolean;
  /** the project's status, for what the section offers in it */
  status: ProjectStatus;
  /** the disclosure's last day (ISO), when disclosed */
  disclosureEnd: string | null;
  /** the project's form as stored */
  form: Readonly<Record<string, unknown>>;
};
