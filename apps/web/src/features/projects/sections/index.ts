// The slot for a family's own project section (the kind's `custom` section): the component each family draws
// there. A family whose kind lists `custom` has an entry here.
import type { ComponentType } from 'react';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { InvestorsSection } from '../../investors/index.ts';
import { IntendedTransferees } from './intended-transferees.tsx';
import type { ProjectSectionProps } from './section-props.ts';

export type { ProjectSectionProps };

export const CUSTOM_SECTIONS: Partial<Record<ProjectFamily, ComponentType<ProjectSectionProps>>> = {
  stock: IntendedTransferees,
  privateStock: IntendedTransferees,
  cap: InvestorsSection,
  capOpen: InvestorsSection,
};
