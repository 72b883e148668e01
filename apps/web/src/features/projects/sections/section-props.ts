import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';

/** What a family's own section of the project page is given. */
export type ProjectSectionProps = { family: ProjectFamily; projectId: number; isOwner: boolean };
